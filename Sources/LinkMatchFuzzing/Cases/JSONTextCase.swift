import LinkMatch

/// The `json` target's case: one text for the JSON reader. Bytes: the raw marker (0xFF) and the
/// text as is (what a readable twin encodes to, and what libFuzzer mutates byte by byte), or a text
/// built by `JSONTextGenerator` from the bytes (any other first byte).
public struct JSONTextCase: Sendable, Equatable {
    /// The bytes the readers receive.
    public var text: [UInt8]

    /// The case of these bytes, as they are.
    public init(text: [UInt8]) {
        self.text = text
    }

    /// Marks a raw text (the marker is not part of it).
    static let rawMarker: UInt8 = 0xFF

    /// Decodes fuzzer bytes: the raw marker and a text, or generator choices. Total: never traps.
    public init(bytes: [UInt8]) {
        if bytes.first == Self.rawMarker {
            text = Array(bytes.dropFirst())
            return
        }
        var r = ByteReader(bytes)
        _ = r.byte()   // the mode byte (any value but the marker)
        text = JSONTextGenerator.read(&r)
    }

    /// The raw marker and the text.
    public func encoded() -> [UInt8] { [Self.rawMarker] + text }
}

import LinkMatch

/// Bytes for the `parser` target: mostly a generated AASA file (schema-guided JSON, compact or
/// pretty, sometimes behind a BOM) with byte-level damage applied (deletions, insertions of JSON
/// punctuation and bad UTF-8, truncation, duplicated ranges), so the check reaches deep parser code;
/// or a raw file (a real AASA file copied into the corpus is read as itself).
public struct ParserCase: Sendable, Equatable {
    /// The file as the parser receives it.
    public var file: [UInt8]

    public init(file: [UInt8]) {
        self.file = file
    }

    /// First bytes that start a file as is: a real AASA file (JSON text, a BOM, a DER envelope)
    /// copied into the corpus is read as itself, and libFuzzer's mutations of it stay raw files.
    static let rawStarters: Set<UInt8> = [
        UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: " "), 0x09, 0x0A, 0x0D, 0xEF, 0x30,
    ]
    /// Marks a raw file that starts with any other byte (the marker is not part of the file).
    static let rawMarker: UInt8 = 0xFF

    enum Damage: Sendable, Equatable { case delete, insert, replace, truncate, duplicate, swap }

    static let damages = ChoiceTable<Damage>([
        (.delete, 60), (.insert, 70), (.replace, 50), (.truncate, 20), (.duplicate, 30), (.swap, 26),
    ])

    /// Bytes worth inserting: JSON structure, quotes and escapes, a BOM, bytes that are never UTF-8.
    static let insertions = ChoiceTable<[UInt8]>([
        (Array(",".utf8), 30), (Array("}".utf8), 20), (Array("]".utf8), 20), (Array("{".utf8), 16), (Array("[".utf8), 16),
        (Array("\"".utf8), 24), (Array(":".utf8), 14), (Array("\\".utf8), 12), (Array("\\u".utf8), 6), (Array("\\ud800".utf8), 4),
        (Array("null".utf8), 8), (Array("1e999".utf8), 4), (Array("-".utf8), 4), ([0xEF, 0xBB, 0xBF], 6), ([0xFF], 8),
        ([0xC3], 6), ([0x00], 6), ([0x0A], 8), (Array(" ".utf8), 8), (Array("/".utf8), 6), (Array("*".utf8), 6),
        (Array("$(".utf8), 4), (Array("%".utf8), 4), (Array("é".utf8), 6),
    ])

    static let maxDamage = 4

    /// Decodes fuzzer bytes: a raw file (see `rawStarters`, `rawMarker`), else a generated one whose
    /// first byte says compact or pretty (bit 0) and whether a BOM comes first (bit 1).
    public init(bytes: [UInt8]) {
        if let first = bytes.first, Self.rawStarters.contains(first) {
            file = bytes
            return
        }
        var r = ByteReader(bytes)
        let style = r.byte()
        if style == Self.rawMarker {
            file = r.rest()
            return
        }
        let json = AASAGenerator.read(&r)
        var text = Array(json.serialized(pretty: style & 1 == 1).utf8)
        if style & 2 == 2 { text = [0xEF, 0xBB, 0xBF] + text }
        for _ in 0..<r.count(max: Self.maxDamage) {
            let kind = r.pick(Self.damages)
            let at = text.isEmpty ? 0 : Int(r.uint16()) % (text.count + 1)
            switch kind {
            case .delete:
                let n = 1 + Int(r.byte() % 4)
                if at < text.count { text.removeSubrange(at..<min(text.count, at + n)) }
            case .insert:
                text.insert(contentsOf: r.pick(Self.insertions), at: at)
            case .replace:
                let b = r.byte()
                if at < text.count { text[at] = b }
            case .truncate:
                text.removeSubrange(at...)
            case .duplicate:
                let n = 1 + Int(r.byte() % 16)
                text.insert(contentsOf: text[at..<min(text.count, at + n)], at: at)
            case .swap:
                if at + 1 < text.count { text.swapAt(at, at + 1) }
            }
        }
        file = text
    }

    /// The file itself when it starts like one, else the raw marker and the file.
    public func encoded() -> [UInt8] {
        if let first = file.first, Self.rawStarters.contains(first) { return file }
        return [Self.rawMarker] + file
    }

    /// A generated, undamaged, compact file for `aasa` (what `{"aasa": …}` seeds become).
    public static func encodedGenerated(_ aasa: JSONValue) throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        w.byte(0)   // compact, no BOM: neither a raw starter nor the raw marker
        try AASAGenerator.write(aasa, to: &w)
        try w.count(0, max: maxDamage, what: "damage")
        return w.bytes
    }
}

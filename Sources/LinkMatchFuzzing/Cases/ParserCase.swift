import LinkMatch

/// Bytes for the `parser` target: mostly a generated AASA file (schema-guided JSON, compact or
/// pretty, sometimes behind a BOM) with byte-level damage applied (deletions, insertions of JSON
/// punctuation and bad UTF-8, truncation, duplicated ranges), so the check reaches deep parser code;
/// sometimes the raw bytes themselves.
public struct ParserCase: Sendable, Equatable {
    /// The file as the parser receives it.
    public var file: [UInt8]

    public init(file: [UInt8]) {
        self.file = file
    }

    enum Mode: Sendable, Equatable { case generated, raw }

    static let modes = ChoiceTable<Mode>([(.generated, 224), (.raw, 32)])

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

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        switch r.pick(Self.modes) {
        case .raw:
            file = r.rest()
        case .generated:
            let style = r.byte()
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
    }

    /// Raw mode: the mode byte, then the file itself.
    public func encoded() -> [UInt8] {
        [Self.modes.byte(forIndex: 1)] + file
    }

    /// A generated, undamaged, compact file for `aasa` (what `{"aasa": …}` seeds become).
    public static func encodedGenerated(_ aasa: JSONValue) throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        w.pick(modes, index: 0)
        w.byte(0)
        try AASAGenerator.write(aasa, to: &w)
        try w.count(0, max: maxDamage, what: "damage")
        return w.bytes
    }
}

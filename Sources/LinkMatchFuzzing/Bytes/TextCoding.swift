/// Reading and writing strings as token sequences over an `Alphabet`: a length byte, then one byte
/// per token (plus the token's own bytes for `$(name)` and raw scalars).
public enum TextCoding {
    /// Names offered to `.variable` tokens when a string has no variables in scope.
    public static let fallbackNames = ["v"]

    public static func read(_ r: inout ByteReader, _ alphabet: Alphabet, names: [String] = []) -> String {
        let n = r.count(max: alphabet.maxTokens)
        var out = String.UnicodeScalarView()
        // Out of input: stop instead of padding with the default token (every written token takes a byte).
        for _ in 0..<n where !r.isAtEnd {
            switch r.pick(alphabet.table) {
            case .text(let s):
                out.append(contentsOf: s.unicodeScalars)
            case .raw:
                out.append(r.scalar())
            case .variable:
                let pool = names.isEmpty ? fallbackNames : names
                let name = pool[Int(r.byte()) % pool.count]
                out.append(contentsOf: "$(\(name))".unicodeScalars)
            }
        }
        return String(out)
    }

    /// Writes tokens that `read` turns back into exactly `text` (scalar for scalar).
    public static func write(_ text: String, _ alphabet: Alphabet, names: [String] = [], to w: inout ByteWriter,
                             what: @autoclosure () -> String) throws(SeedEncodingError) {
        let scalars = Array(text.unicodeScalars)
        var tokens: [UInt8] = []
        var count = 0
        var i = 0
        let pool = names.isEmpty ? fallbackNames : names
        while i < scalars.count {
            count += 1
            if let v = alphabet.variableIndex, let (k, length) = variableReference(in: scalars, at: i, pool: pool) {
                tokens.append(alphabet.table.byte(forIndex: v))
                tokens.append(UInt8(k))
                i += length
                continue
            }
            if let token = alphabet.textTokensLongestFirst.first(where: { hasPrefix(scalars, at: i, $0.scalars) }) {
                tokens.append(alphabet.table.byte(forIndex: token.index))
                i += token.scalars.count
                continue
            }
            tokens.append(alphabet.table.byte(forIndex: alphabet.rawIndex))
            let s = scalars[i].value
            tokens += [UInt8((s >> 16) & 0xFF), UInt8((s >> 8) & 0xFF), UInt8(s & 0xFF)]
            i += 1
        }
        try w.count(count, max: alphabet.maxTokens, what: "\(what()) (\(text.debugDescription), in tokens)")
        w.append(tokens)
    }

    /// `$(name)` at `i` with `name` among the first 256 of `pool`: its pool index and scalar length.
    static func variableReference(in s: [Unicode.Scalar], at i: Int, pool: [String]) -> (Int, Int)? {
        guard i + 1 < s.count, s[i] == "$", s[i + 1] == "(" else { return nil }
        for (k, name) in pool.prefix(256).enumerated() {
            let ref = Array("$(\(name))".unicodeScalars)
            if hasPrefix(s, at: i, ref) { return (k, ref.count) }
        }
        return nil
    }

    static func hasPrefix(_ s: [Unicode.Scalar], at i: Int, _ p: [Unicode.Scalar]) -> Bool {
        guard !p.isEmpty, i + p.count <= s.count else { return false }
        for j in 0..<p.count where s[i + j] != p[j] { return false }
        return true
    }
}

/// Reading and writing strings as token sequences over an `Alphabet`: a length byte, then one byte
/// per token (plus the token's own bytes for `$(name)` and raw scalars).
public enum TextCoding {
    /// Names offered to `.variable` tokens when a string has no variables in scope.
    public static let fallbackNames = ["v"]

    public static func read(_ r: inout ByteReader, _ alphabet: Alphabet, names: [String] = []) -> String {
        let n = readLength(&r, alphabet)
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

    /// Writes tokens that `read` turns back into exactly `text` (scalar for scalar), using as few
    /// tokens as possible (dynamic programming from the end), so any string the reader produced
    /// within the alphabet's cap can be written back within it.
    public static func write(_ text: String, _ alphabet: Alphabet, names: [String] = [], to w: inout ByteWriter,
                             what: @autoclosure () -> String) throws(SeedEncodingError) {
        let scalars = Array(text.unicodeScalars)
        let pool = names.isEmpty ? fallbackNames : names
        let n = scalars.count
        // best[i]: fewest tokens for scalars[i...]; step[i]: the token bytes and scalar length chosen at i.
        var best = [Int](repeating: Int.max, count: n + 1)
        var step = [(bytes: [UInt8], length: Int)](repeating: ([], 1), count: n + 1)
        best[n] = 0
        var i = n - 1
        while i >= 0 {
            func consider(_ bytes: [UInt8], _ length: Int) {
                guard i + length <= n, best[i + length] != Int.max, best[i + length] + 1 < best[i] else { return }
                best[i] = best[i + length] + 1
                step[i] = (bytes, length)
            }
            let s = scalars[i].value
            consider([alphabet.table.byte(forIndex: alphabet.rawIndex), UInt8((s >> 16) & 0xFF), UInt8((s >> 8) & 0xFF), UInt8(s & 0xFF)], 1)
            for token in alphabet.textTokensLongestFirst where hasPrefix(scalars, at: i, token.scalars) {
                consider([alphabet.table.byte(forIndex: token.index)], token.scalars.count)
            }
            if let v = alphabet.variableIndex, let (k, length) = variableReference(in: scalars, at: i, pool: pool) {
                consider([alphabet.table.byte(forIndex: v), UInt8(k)], length)
            }
            i -= 1
        }
        try writeLength(best[0], alphabet, to: &w, what: "\(what()) (\(text.debugDescription), in tokens)")
        var at = 0
        while at < n {
            w.append(step[at].bytes)
            at += step[at].length
        }
    }

    /// A length: one byte for short ones, three for long ones (up to `maxTokens`, any size).
    static func readLength(_ r: inout ByteReader, _ alphabet: Alphabet) -> Int {
        if let n = r.pick(alphabet.lengths) { return n }
        let extra = alphabet.maxTokens - alphabet.shortMax
        return extra > 0 ? alphabet.shortMax + 1 + Int(r.uint16()) % extra : alphabet.shortMax
    }

    static func writeLength(_ n: Int, _ alphabet: Alphabet, to w: inout ByteWriter, what: @autoclosure () -> String) throws(SeedEncodingError) {
        guard n >= 0, n <= alphabet.maxTokens else {
            throw SeedEncodingError("\(what()): \(n) is more than the seed format holds (at most \(alphabet.maxTokens))")
        }
        if n <= alphabet.shortMax {
            w.pick(alphabet.lengths, index: n)
        } else {
            w.pick(alphabet.lengths, index: alphabet.shortMax + 1)
            w.uint16(UInt16(n - alphabet.shortMax - 1))
        }
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

import LinkMatch

/// Writes a text that (mostly) matches a pattern, driven by fuzzer bytes: random texts almost never
/// match a random pattern, so most generated texts are the pattern with its wildcards and variables
/// filled in, then lightly damaged (a literal case-swapped, percent-encoded, dropped, replaced...).
/// Roughly half of the results match, so both verdicts are exercised.
public enum Instantiator {
    enum LiteralAction: Sendable, Equatable { case keep, swapCase, encodeUpper, encodeLower, drop, replace, duplicate }

    static let literalActions = ChoiceTable<LiteralAction>([
        (.keep, 236), (.swapCase, 6), (.encodeUpper, 4), (.encodeLower, 2), (.drop, 3), (.replace, 3), (.duplicate, 2),
    ])

    static let questionCounts = ChoiceTable<Int>([(1, 216), (0, 24), (2, 16)])
    /// Zero characters for `*` matters most (`?*` vs `*`, N3's parent path).
    static let starCounts = ChoiceTable<Int>([(0, 90), (1, 70), (2, 50), (3, 30), (6, 16)])

    enum Finish: Sendable, Equatable { case none, appendSlash, prependSlash, appendToken, dropLast, doubleSlash }

    static let finishes = ChoiceTable<Finish>([
        (.none, 176), (.appendSlash, 24), (.prependSlash, 16), (.appendToken, 16), (.dropLast, 12), (.doubleSlash, 12),
    ])

    /// A text for `pattern`; an unparsable pattern (P3) is instantiated as if its scalars were literals.
    public static func text(for pattern: String, variables: VariableTable, _ r: inout ByteReader) -> String {
        var out = String.UnicodeScalarView()
        let elements = (try? PatternParser.parse(pattern))?.elements ?? pattern.unicodeScalars.map { .literal($0) }
        emit(elements, variables: variables, into: &out, &r, depth: 0)
        switch r.pick(finishes) {
        case .none: break
        case .appendSlash: out.append("/")
        case .prependSlash: out.insert("/", at: out.startIndex)
        case .appendToken: out.append(contentsOf: TextCoding.read(&r, .partText).unicodeScalars.prefix(4))
        case .dropLast: if !out.isEmpty { out.removeLast() }
        case .doubleSlash: out.append(contentsOf: "//".unicodeScalars)
        }
        return String(out)
    }

    static func emit(_ elements: [PatternElement], variables: VariableTable, into out: inout String.UnicodeScalarView,
                     _ r: inout ByteReader, depth: Int) {
        for element in elements {
            switch element {
            case .literal(let c):
                literal(c, into: &out, &r)
            case .anyOne:
                // Mostly one character; sometimes none or two, so `?` counting mistakes show.
                for _ in 0..<r.pick(questionCounts) { out.append(oneScalar(&r)) }
            case .anyMany:
                for _ in 0..<r.pick(starCounts) { out.append(oneScalar(&r)) }
            case .variable(let name):
                guard depth == 0, let values = variables.values(of: name), !values.isEmpty else {
                    out.append(oneScalar(&r))
                    continue
                }
                let value = values[Int(r.uint16()) % values.count]
                emit(PatternParser.parseValue(value).elements, variables: variables, into: &out, &r, depth: depth + 1)
            }
        }
    }

    static func literal(_ c: Unicode.Scalar, into out: inout String.UnicodeScalarView, _ r: inout ByteReader) {
        switch r.pick(literalActions) {
        case .keep: out.append(c)
        case .swapCase:
            let s = String(c)
            let swapped = s.lowercased() == s ? s.uppercased() : s.lowercased()
            // Keep one scalar per scalar unless the swap is naturally longer (ß -> SS is fine too).
            out.append(contentsOf: swapped.unicodeScalars)
        case .encodeUpper: out.append(contentsOf: percentEncoded(c, upper: true).unicodeScalars)
        case .encodeLower: out.append(contentsOf: percentEncoded(c, upper: false).unicodeScalars)
        case .drop: break
        case .replace: out.append(oneScalar(&r))
        case .duplicate: out.append(c); out.append(c)
        }
    }

    /// One scalar for a `?`: the first scalar of a part-text token.
    static func oneScalar(_ r: inout ByteReader) -> Unicode.Scalar {
        switch r.pick(Alphabet.partText.table) {
        case .text(let s): return s.unicodeScalars.first ?? "a"
        case .raw: return r.scalar()
        case .variable: return "v"
        }
    }

    /// `c`'s UTF-8 bytes as `%XX` escapes.
    static func percentEncoded(_ c: Unicode.Scalar, upper: Bool) -> String {
        let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").unicodeScalars)
        var out = String.UnicodeScalarView()
        for b in String(c).utf8 {
            out.append("%")
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(out)
    }
}

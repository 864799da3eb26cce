import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// The whole document's decision on a URL for one app, as `CompiledDocument.decide` gives it (the
/// outcome and the deciding rule), for the open-point lint, which decides every rule's example URLs
/// on the whole document.
///
/// The compiled engine finds a rule by its path's literal start or literal end; a rule whose path
/// pattern starts and ends with a wildcard (`*/s1*`) has neither, so every decision tries it, and
/// deciding each rule's URLs on a document of such rules was quadratic. Here those rules are taken
/// out of the compiled document and listed under a gram: up to three ASCII letters or digits that
/// stand side by side in the pattern. A path the rule matches holds the gram in the text the rule
/// reads (E1 folds both sides scalar by scalar, E3 decodes the text with `decodeLenient`, N1–N3 only
/// trim slashes at the ends), so it holds the folded gram in the folded raw path or the folded
/// decoded path; only the rules whose gram a URL holds are tried, each compiled on its own, in rule
/// order, before the first rule of the rest that decides.
struct GramDecider {
    /// An outcome and the rule that decided it (its entry and rule index in the document).
    typealias Answer = (outcome: Decision.Outcome, rule: (entry: Int, rule: Int)?)

    /// The document without the gram rules.
    private let rest: CompiledDocument
    /// Per entry, the document's rule index of each rule of `rest`.
    private let restRules: [[Int]]
    /// The document, for compiling a gram rule alone.
    private let document: AASADocument
    /// The gram rules in evaluation order (entry, then rule).
    private let gramRules: [(entry: Int, rule: Int)]
    /// Each gram rule compiled alone (its entry, defaults and variables kept), compiled on first use.
    private var alone: [CompiledDocument?]
    /// Indexes into `gramRules` by gram (`key`), ascending.
    private let byGram: [UInt32: [Int32]]
    /// The gram lengths some rule is listed under, as bits `1 << length`.
    private let lengths: UInt8

    /// `compiled`: `document` compiled, used as it is when no rule has a gram (no second compile).
    init(_ document: AASADocument, compiled: CompiledDocument) {
        self.document = document
        var rest = document
        var restRules: [[Int]] = []
        var pieces: [[UInt8]] = []
        var gramRules: [(entry: Int, rule: Int)] = []
        for (e, entry) in document.entries.enumerated() {
            var kept: [DocumentRule] = []
            var keptIndices: [Int] = []
            for (r, rule) in entry.rules.enumerated() {
                let path = EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r, entryDefaults: entry.defaults,
                                         domainDefaults: document.defaults).path
                if let piece = Self.piece(path) {
                    pieces.append(piece)
                    gramRules.append((e, r))
                } else {
                    kept.append(rule)
                    keptIndices.append(r)
                }
            }
            if kept.count != entry.rules.count { rest.entries[e].rules = kept }
            restRules.append(keptIndices)
        }
        // Each rule under its rarest gram, so a URL brings few rules that it then fails.
        var frequency: [UInt32: Int] = [:]
        for piece in pieces {
            for key in Self.grams(of: piece, length: min(3, piece.count)) { frequency[key, default: 0] += 1 }
        }
        var byGram: [UInt32: [Int32]] = [:]
        var lengths: UInt8 = 0
        for (i, piece) in pieces.enumerated() {
            let length = min(3, piece.count)
            let grams = Self.grams(of: piece, length: length)
            guard let rarest = grams.min(by: { frequency[$0, default: 0] < frequency[$1, default: 0] }) else { continue }
            byGram[rarest, default: []].append(Int32(i))
            lengths |= 1 << UInt8(length)
        }
        self.rest = gramRules.isEmpty ? compiled : CompiledDocument(rest)
        self.restRules = restRules
        self.gramRules = gramRules
        self.byGram = byGram
        self.lengths = lengths
        alone = Array(repeating: nil, count: gramRules.count)
    }

    /// The whole document's outcome for `url` and `appID` (no host check) and the rule that decided it.
    mutating func decide(_ url: ParsedURL, appID: String) -> Answer {
        let decision = rest.decide(url, appID: appID, domain: "")
        let first = decision.rule.map { (entry: $0.entryIndex, rule: restRules[$0.entryIndex][$0.ruleIndex]) }
        for i in candidates(url.path) {
            let at = gramRules[i]
            if let first, (at.entry, at.rule) > (first.entry, first.rule) { break }
            let outcome = ruleAlone(i).decide(url, appID: appID, domain: "").outcome
            if outcome != .noMatch { return (outcome, at) }
        }
        return (decision.outcome, first)
    }

    /// Gram rule `i` compiled alone.
    private mutating func ruleAlone(_ i: Int) -> CompiledDocument {
        if let known = alone[i] { return known }
        let at = gramRules[i]
        var tiny = document
        var entry = document.entries[at.entry]
        entry.rules = [entry.rules[at.rule]]
        tiny.entries = [entry]
        let compiled = CompiledDocument(tiny)
        alone[i] = compiled
        return compiled
    }

    /// The gram rules `path` holds the gram of (in either reading), ascending.
    private func candidates(_ path: String) -> [Int] {
        guard !byGram.isEmpty else { return [] }
        var found: [Int] = []
        let decoded = PercentCoding.decodeLenient(path)
        for text in decoded == path ? [path] : [path, decoded] {
            let bytes = Array(CaseFolding.fold(text).utf8)
            for length in 1...3 where lengths & (1 << UInt8(length)) != 0 {
                for key in Self.grams(of: bytes, length: length) {
                    if let listed = byGram[key] { found += listed.map(Int.init) }
                }
            }
        }
        guard found.count > 1 else { return found }
        found.sort()
        var kept = 0
        for i in found.indices where i == 0 || found[i] != found[kept - 1] {
            found[kept] = found[i]
            kept += 1
        }
        return Array(found[..<kept])
    }

    /// The longest run of ASCII letters and digits (folded) among the literal scalars of a path
    /// pattern that starts and ends with a wildcard and names no variable: nil for any other pattern
    /// (the compiled engine finds those by their literal start or end) or when there is no such run.
    static func piece(_ path: String?) -> [UInt8]? {
        guard let path, let pattern = try? PatternParser.parse(path),
              let head = pattern.elements.first, let tail = pattern.elements.last,
              head == .anyMany || head == .anyOne, tail == .anyMany || tail == .anyOne else { return nil }
        var longest: [UInt8] = []
        var run: [UInt8] = []
        for element in pattern.elements {
            switch element {
            case .variable:
                return nil
            case .literal(let scalar) where scalar.isASCII && isLetterOrDigit(UInt8(scalar.value)):
                run.append(UInt8(CaseFolding.fold(scalar).value))
                if run.count > longest.count { longest = run }
            default:
                run = []
            }
        }
        return longest.isEmpty ? nil : longest
    }

    /// The keys of every run of `length` ASCII letters and digits in `bytes` (`length` 1...3).
    static func grams(of bytes: [UInt8], length: Int) -> [UInt32] {
        guard bytes.count >= length else { return [] }
        var out: [UInt32] = []
        for start in 0...(bytes.count - length) {
            var key = UInt32(length) << 24
            var ok = true
            for k in 0..<length {
                let byte = bytes[start + k]
                guard isLetterOrDigit(byte) else {
                    ok = false
                    break
                }
                key |= UInt32(byte) << UInt32(16 - 8 * k)
            }
            if ok { out.append(key) }
        }
        return out
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// One effective rule as the lints see it: its patterns parsed once, and the facts about them that
/// the coverage lints need. Nothing here matches URLs; where a lint needs a real comparison it asks
/// the reference engine (`RuleCoverage`).
struct RuleShape {
    let rule: EffectiveRule
    /// Every pattern parses (P3) and uses only defined variables (P4). An invalid rule never
    /// matches, so it covers nothing and is already reported by the parser.
    let isValid: Bool
    /// The path pattern after N1/N2 (literal `/` trimmed at both ends); nil when it is invalid.
    /// An absent path is `*` (C2).
    let pathElements: [PatternElement]?

    init(_ rule: EffectiveRule, variables: VariableTable) {
        self.rule = rule
        var valid = true
        func parsed(_ source: String?) -> [PatternElement]? {
            guard let source else { return [.anyMany] }
            guard let pattern = try? PatternParser.parse(source) else { valid = false; return nil }
            if pattern.variableNames.contains(where: { variables.values(of: $0) == nil }) { valid = false }
            return pattern.elements
        }
        let path = parsed(rule.path).map(Self.trimmedSlashes)
        _ = parsed(rule.fragment)
        switch rule.query {
        case .whole(let s)?: _ = parsed(s)
        case .items(let items)?: for item in items { _ = parsed(item.pattern) }
        case nil: break
        }
        pathElements = path
        isValid = valid
    }

    func hasSameFlags(as other: RuleShape) -> Bool {
        other.rule.caseSensitive == rule.caseSensitive && other.rule.percentEncoded == rule.percentEncoded
    }

    /// The path matches every path: only `*` left after trimming slashes (or no `/` key at all).
    var pathMatchesEverything: Bool {
        guard let p = pathElements else { return false }
        return Self.isAllStars(p)
    }

    /// The query matches every URL: absent, a whole-query `*`, or named items that are all `*`
    /// (an absent item reads as "" and `*` matches "", Q3).
    var queryMatchesEverything: Bool {
        switch rule.query {
        case nil: return true
        case .whole(let s)?: return Self.isAllStars(s)
        case .items(let items)?: return items.allSatisfy { Self.isAllStars($0.pattern) }
        }
    }

    /// The fragment matches every URL: absent or `*` (C4: an absent fragment reads as "").
    var fragmentMatchesEverything: Bool {
        guard let f = rule.fragment else { return true }
        return Self.isAllStars(f)
    }

    /// A superset of the normalized paths (N1, N2) this rule's path pattern matches, as a union of
    /// "exactly this text" and "some text starting with this". One set per matcher: the pattern
    /// itself and, when it ends in `/*`, N3's parent-path alternative. Prefixes are folded when the
    /// rule is case-insensitive; exact texts are left as written (they go to the engine, which folds).
    var pathMatchesAtMost: [PathSet] {
        guard let p = pathElements else { return [] }
        var sets = [Self.outerSet(p)]
        if p.count >= 2, p[p.count - 1] == .anyMany, p[p.count - 2] == .literal("/") {
            sets.append(Self.outerSet(Self.trimmedSlashes(Array(p.dropLast(2)))))
        }
        return sets.map { fold($0) }
    }

    /// Prefixes X such that this rule's path pattern is `X*` with X all literal: it matches every
    /// normalized path starting with X (a subset of what it matches). Folded when case-insensitive.
    var pathMatchesEveryPathStartingWith: [Unicode.Scalar]? {
        guard let p = pathElements, p.count >= 2, p.last == .anyMany,
              let head = Self.literalScalars(Array(p.dropLast())) else { return nil }
        return rule.caseSensitive ? head : head.map(CaseFolding.fold)
    }

    enum PathSet: Equatable {
        case exactly([Unicode.Scalar])
        case startingWith([Unicode.Scalar])
    }

    private static func outerSet(_ elements: [PatternElement]) -> PathSet {
        if let all = literalScalars(elements) { return .exactly(all) }
        var prefix: [Unicode.Scalar] = []
        for case .literal(let c) in elements.prefix(while: { if case .literal = $0 { return true } else { return false } }) {
            prefix.append(c)
        }
        return .startingWith(prefix)
    }

    private func fold(_ set: PathSet) -> PathSet {
        guard !rule.caseSensitive else { return set }
        guard case .startingWith(let t) = set else { return set }
        return .startingWith(t.map(CaseFolding.fold))
    }

    static func trimmedSlashes(_ elements: [PatternElement]) -> [PatternElement] {
        var e = elements[...]
        while e.first == .literal("/") { e = e.dropFirst() }
        while e.last == .literal("/") { e = e.dropLast() }
        return Array(e)
    }

    static func isAllStars(_ elements: [PatternElement]) -> Bool {
        !elements.isEmpty && elements.allSatisfy { $0 == .anyMany }
    }

    static func isAllStars(_ source: String) -> Bool {
        !source.isEmpty && source.unicodeScalars.allSatisfy { $0 == "*" }
    }

    static func literalScalars(_ elements: [PatternElement]) -> [Unicode.Scalar]? {
        var out: [Unicode.Scalar] = []
        for e in elements {
            guard case .literal(let c) = e else { return nil }
            out.append(c)
        }
        return out
    }
}

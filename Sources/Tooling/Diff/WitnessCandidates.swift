import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchRandom

/// The URLs the diff decides while looking for witnesses, in three rounds (docs/DIFF.md "The work
/// budget"): the example URLs of every rule of both files (`ExampleURLs`, strict and lenient: each `*` written out as
/// nothing and as `x`, each `?` as `a`, each variable as its first value; case variants for
/// case-insensitive rules), then fixed variants of each (upper and lower case, a trailing slash, an
/// extra segment, the parent path, without query and fragment, with a query and a fragment `x`, with empty ones),
/// then every pair's path prefix crossed with the other's
/// rest (`crossedPaths`), then `budget` random recombinations
/// of their pieces (a path with another URL's query and fragment, cut or extended by a segment taken
/// from another path, two queries joined).
struct WitnessCandidates {
    /// Base URLs first, then variants: always checked.
    private(set) var fixed: [String] = []
    private var pieces: [(path: String, query: String?, fragment: String?)] = []
    private var segments: [String] = []
    let origin: String
    /// Pairs of example URLs combined in the fixed round (beyond it, each with its neighbour only).
    static let maxPairs = 4_096

    init(rules: [(EffectiveRule, VariableTable)], domain: String) {
        origin = domain.isEmpty ? ExampleURLs.origin : "https://" + domain
        var seen = Set<String>()
        var base: [String] = []
        for (rule, variables) in rules {
            for table in [variables] + Self.otherValues(of: rule, variables) {
                // Lenient too: a rule whose text is no URL text as written (a bare `%`, a raw
                // non-ASCII name) still gets the URL a user would type for it.
                for url in ExampleURLs.urls(for: rule, variables: table) + ExampleURLs.urls(for: rule, variables: table, lenient: true) {
                    let text = origin + url.dropFirst(ExampleURLs.origin.count)
                    if seen.insert(text).inserted { base.append(text) }
                }
            }
        }
        var segmentSet = Set<String>()
        for text in base {
            let p = Self.split(text, origin: origin)
            pieces.append(p)
            for s in p.path.split(separator: "/") where segmentSet.insert(String(s)).inserted { segments.append(String(s)) }
        }
        if segments.isEmpty { segments = ["x"] }
        var out = base
        for p in pieces {
            let path = p.path
            let parent = path.split(separator: "/").dropLast().joined(separator: "/")
            for variant in [
                join(path.uppercased(), p.query?.uppercased(), p.fragment?.uppercased()),
                join(path.lowercased(), p.query?.lowercased(), p.fragment?.lowercased()),
                join(path + "/", p.query, p.fragment),
                join(path + (path.hasSuffix("/") ? "" : "/") + "x", p.query, p.fragment),
                join("/" + parent, p.query, p.fragment),
                join(path, nil, nil),
                join(path, p.query, nil),
                // A query and a fragment no rule writes: `""` patterns and absent parts differ there.
                join(path, p.query, "x"),
                join(path, "x", p.fragment),
                join(path, "x", "x"),
                join(path, "", p.fragment),  // an empty query (`?`) is present, unlike an absent one
                join(path, p.query, ""),
            ] + Self.decodedCaseVariants(path).map({ join($0, p.query, p.fragment) }) where seen.insert(variant).inserted {
                out.append(variant)
            }
        }
        // First-match order makes combinations matter: one rule's path with another's query and
        // fragment (all pairs while there are at most `maxPairs`, else every piece with the next).
        let pairs = pieces.count * pieces.count <= Self.maxPairs
        for (i, p) in pieces.enumerated() {
            let others = pairs ? Array(pieces.indices) : [(i + 1) % pieces.count]
            for j in others where j != i {
                let q = pieces[j]
                for variant in [join(p.path, q.query, q.fragment), join(p.path, p.query, q.fragment), join(p.path, q.query, p.fragment)]
                    + Self.crossedPaths(p.path, q.path).map({ join($0, q.query, q.fragment) })
                where seen.insert(variant).inserted {
                    out.append(variant)
                }
            }
        }
        fixed = out
        if pieces.isEmpty { pieces = [("/", nil, nil)] }
    }

    /// `ExampleURLs` writes a variable as its first value; these tables make it write the others
    /// (at most `valuesPerVariable`, spread over the list), so a value added or dropped is seen.
    static func otherValues(of rule: EffectiveRule, _ variables: VariableTable) -> [VariableTable] {
        var patterns = [rule.path, rule.fragment].compactMap { $0 }
        switch rule.query {
        case .whole(let p)?: patterns.append(p)
        case .items(let items)?: patterns += items.map(\.pattern)
        case nil: break
        }
        var names: [String] = []
        for p in patterns {
            for name in (try? PatternParser.parse(p))?.variableNames ?? [] where !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { return [] }
        var tables: [VariableTable] = []
        for k in 1..<valuesPerVariable {
            var custom = variables.custom
            var any = false
            for name in names {
                guard let values = variables.values(of: name), values.count > 1 else { continue }
                let i = k * values.count / valuesPerVariable
                guard i > 0 else { continue }
                custom.append((name, [values[i]] + values.prefix(i) + values.dropFirst(i + 1)))
                any = true
            }
            if any { tables.append(VariableTable(custom: custom)) }
        }
        return tables
    }

    /// A path's escapes decoded, upper- and lower-cased, and encoded again: `/%C3%89` gives `/%C3%A9`
    /// (a case-insensitive rule, E1, folds the decoded text; the hex digits are no letters of it).
    static func decodedCaseVariants(_ path: String) -> [String] {
        guard path.contains("%") else { return [] }
        let decoded = PercentCoding.decodeLenient(path)
        return [decoded.uppercased(), decoded.lowercased()].map { ExampleURLs.escaped($0, keeping: "/") }
    }

    /// `a`'s first k segments followed by `b`'s segments after its first k (b's trailing `/` kept),
    /// for each k that leaves both sides something: where one rule's prefix (`/en_CA/*`) meets
    /// another's shape (`/$(lang)_$(region)/$(food)/`), `/en_CA/pizza/` is decided by both.
    static func crossedPaths(_ a: String, _ b: String) -> [String] {
        let sa = a.split(separator: "/"), sb = b.split(separator: "/")
        guard sa.count >= 1, sb.count >= 2 else { return [] }
        let tail = b.hasSuffix("/") ? "/" : ""
        return (1..<min(sa.count + 1, sb.count)).map { k in
            "/" + (sa.prefix(k) + sb.dropFirst(k)).joined(separator: "/") + tail
        }
    }

    /// Values of each variable written out per rule (the first one and this many more, at most).
    static let valuesPerVariable = 8

    /// Up to `budget` random URLs (distinct from each other and from `fixed`, not guaranteed).
    func random(budget: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        var out: [String] = []
        out.reserveCapacity(budget)
        for _ in 0..<max(0, budget) {
            let a = rng.pick(pieces), b = rng.pick(pieces), c = rng.pick(pieces)
            var path = a.path
            switch rng.next(below: 5) {
            case 0: break
            case 1: path += (path.hasSuffix("/") ? "" : "/") + rng.pick(segments)
            case 2:
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                path = parts.prefix(max(1, rng.next(below: parts.count + 1))).joined(separator: "/")
                if !path.hasPrefix("/") { path = "/" + path }
            case 3:
                var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                if parts.count > 1 { parts[1 + rng.next(below: parts.count - 1)] = rng.pick(segments) }
                path = parts.joined(separator: "/")
            default: path = rng.chance(2) ? path.uppercased() : path + "/"
            }
            var query: String?
            switch rng.next(below: 4) {
            case 0: query = a.query
            case 1: query = b.query
            case 2:
                let both = [a.query, b.query].compactMap { $0 }
                query = both.isEmpty ? nil : both.joined(separator: "&")
            default: query = nil
            }
            let fragment = rng.chance(2) ? a.fragment : c.fragment
            out.append(join(path, query, fragment))
        }
        return out
    }

    private func join(_ path: String, _ query: String?, _ fragment: String?) -> String {
        origin + path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }

    private static func split(_ text: String, origin: String) -> (path: String, query: String?, fragment: String?) {
        var rest = Substring(text.dropFirst(origin.count))
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        return (String(rest), query, fragment)
    }
}

import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// The earlier rules that could cover a later one (`RuleCoverage.covers`), found through indexes
/// instead of by trying every earlier rule: the candidates are a superset of the rules that cover,
/// so `UnreachableRuleLint` gives the same answers as a pairwise scan while its work grows with the
/// candidates, not with the square of the rule count.
///
/// Why each index is sound (it never leaves out a rule that covers), with `RuleCoverage`'s three
/// ways for an earlier path to cover a later one:
/// - the earlier path matches everything: every such rule is a candidate (`everythingPath`);
/// - the same flags and the same path as written: `samePath`;
/// - the same flags, and every set of `RuleShape.pathMatchesAtMost` of the later rule covered:
///   the first set decides the candidates. A `startingWith(s)` set is covered only by an `X*`
///   rule with `s` starting with `X`; an `exactly(t)` set only by a pattern that matches `t`. A
///   pattern that matches `t` has its leading literals (trailing `/` dropped, for N3's parent path)
///   as a prefix of `t` and its trailing literals as a suffix of `t` (both folded when the rules are
///   case-insensitive, as the engine folds both sides, E1); a pattern whose both ends are wildcards
///   has each of its literal runs somewhere in `t`. A pattern with no literal at all is always a
///   candidate (`literalFree`).
struct CoverCandidates {
    /// Earlier rules whose path matches every path (any flags).
    private var everythingPath: [Int] = []
    /// Per flag combination (`flagIndex`).
    private var byFlags = [FlagIndex](repeating: FlagIndex(), count: 4)

    private struct FlagIndex {
        var samePath: [String: [Int]] = [:]
        /// Leading literals (trailing `/` dropped), folded when case-insensitive.
        var prefixes = ScalarTrie()
        /// Reversed trailing literals of patterns with no leading literal.
        var suffixes = ScalarTrie()
        /// Patterns with wildcards at both ends, by their longest literal run.
        var inner: [[Unicode.Scalar]: [Int]] = [:]
        /// The lengths of the `inner` keys (for the substring look-ups).
        var innerLengths: Set<Int> = []
        var literalFree: [Int] = []
    }

    static func flagIndex(_ shape: RuleShape) -> Int {
        (shape.rule.caseSensitive ? 1 : 0) + (shape.rule.percentEncoded ? 2 : 0)
    }

    /// Adds a valid earlier rule at position `i` of the app's rule list.
    mutating func add(_ shape: RuleShape, at i: Int) {
        guard shape.isValid, let elements = shape.pathElements else { return }
        if shape.pathMatchesEverything {
            everythingPath.append(i)
            return
        }
        let f = Self.flagIndex(shape)
        let fold = !shape.rule.caseSensitive
        byFlags[f].samePath[shape.rule.path ?? "", default: []].append(i)
        let lead = Self.leadingLiterals(elements)
        var key = lead
        while key.last == "/" { key.removeLast() }
        if !key.isEmpty {
            byFlags[f].prefixes.insert(Self.folded(key, fold), i)
            return
        }
        if lead.isEmpty, elements.last.map(Self.isLiteral) == true {
            byFlags[f].suffixes.insert(Self.folded(Array(Self.trailingLiterals(elements).reversed()), fold), i)
            return
        }
        // With N3's parent alternative (a final `/*`), a text may match the pattern without that
        // `/`: only the literals of the parent (the pattern without its `/*`) are sure to be in it.
        var inner = elements
        if inner.count >= 2, inner[inner.count - 1] == .anyMany, inner[inner.count - 2] == .literal("/") {
            inner = RuleShape.trimmedSlashes(Array(inner.dropLast(2)))
        }
        if let run = Self.longestLiteralRun(inner) {
            let k = Self.folded(run, fold)
            byFlags[f].inner[k, default: []].append(i)
            byFlags[f].innerLengths.insert(k.count)
        } else {
            byFlags[f].literalFree.append(i)
        }
    }

    /// The earlier positions that may cover `later`, ascending, without repeats; nil when finding
    /// them would cost more than `work` allows. Every candidate listed and every look-up of the
    /// inner-run index costs one unit of `work` (so a file of thousands of identical or literal-free
    /// rules spends the budget, not quadratic time).
    func candidates(for later: RuleShape, work: inout Int) -> [Int]? {
        guard later.isValid, let first = later.pathMatchesAtMost.first else { return [] }
        let index = byFlags[Self.flagIndex(later)]
        let fold = !later.rule.caseSensitive
        let same = index.samePath[later.rule.path ?? ""] ?? []
        var listed = everythingPath.count + same.count
        if case .exactly(let t) = first {
            listed += index.literalFree.count
            if !index.inner.isEmpty { listed += index.innerLengths.count * t.count }
        }
        guard listed <= work else { return nil }
        work -= listed
        var out = everythingPath
        out += same
        let listedBefore = out.count
        switch first {
        case .startingWith(let s):
            // Already folded by RuleShape when case-insensitive.
            index.prefixes.collect(prefixesOf: s, into: &out)
        case .exactly(let t):
            let text = Self.folded(t, fold)
            index.prefixes.collect(prefixesOf: text, into: &out)
            index.suffixes.collect(prefixesOf: text.reversed(), into: &out)
            work = max(0, work - (out.count - listedBefore))
            if !index.inner.isEmpty {
                for length in index.innerLengths where length <= text.count {
                    for start in 0...(text.count - length) {
                        if let found = index.inner[Array(text[start..<(start + length)])] { out += found }
                    }
                }
            }
            out += index.literalFree
        }
        // The trie walks list what they find: charged after the fact (bounded by the rules added so
        // far); the exact-text walks were charged above, before the inner look-ups.
        if case .startingWith = first { work = max(0, work - (out.count - listedBefore)) }
        out.sort()
        var unique: [Int] = []
        unique.reserveCapacity(out.count)
        for i in out where unique.last != i { unique.append(i) }
        return unique
    }

    static func isLiteral(_ e: PatternElement) -> Bool {
        if case .literal = e { return true }
        return false
    }

    static func leadingLiterals(_ elements: [PatternElement]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for e in elements {
            guard case .literal(let c) = e else { break }
            out.append(c)
        }
        return out
    }

    static func trailingLiterals(_ elements: [PatternElement]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for e in elements.reversed() {
            guard case .literal(let c) = e else { break }
            out.append(c)
        }
        return out.reversed()
    }

    static func longestLiteralRun(_ elements: [PatternElement]) -> [Unicode.Scalar]? {
        var best: [Unicode.Scalar] = []
        var run: [Unicode.Scalar] = []
        for e in elements {
            if case .literal(let c) = e {
                run.append(c)
                if run.count > best.count { best = run }
            } else {
                run.removeAll(keepingCapacity: true)
            }
        }
        return best.isEmpty ? nil : best
    }

    static func folded<S: Sequence<Unicode.Scalar>>(_ s: S, _ fold: Bool) -> [Unicode.Scalar] {
        fold ? s.map(CaseFolding.fold) : Array(s)
    }
}

/// A trie over scalars whose nodes carry the positions of the keys ending there.
struct ScalarTrie {
    private var children: [[Unicode.Scalar: Int32]] = [[:]]
    private var values: [[Int]] = [[]]

    mutating func insert(_ key: [Unicode.Scalar], _ value: Int) {
        var node = 0
        for c in key {
            if let next = children[node][c] {
                node = Int(next)
            } else {
                children.append([:])
                values.append([])
                children[node][c] = Int32(children.count - 1)
                node = children.count - 1
            }
        }
        values[node].append(value)
    }

    /// Appends the values of every key that is a prefix of `text` (the empty key included).
    func collect<S: Sequence<Unicode.Scalar>>(prefixesOf text: S, into out: inout [Int]) {
        var node = 0
        out += values[0]
        for c in text {
            guard let next = children[node][c] else { return }
            node = Int(next)
            out += values[node]
        }
    }
}

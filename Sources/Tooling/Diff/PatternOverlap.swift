import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// Whether two rules can both match one URL, decided on their patterns as regular languages.
/// Used only to prove that reordering them is harmless, so it must never say "disjoint" wrongly; it
/// may say "may overlap" when they cannot (the proof then fails and the diff searches witnesses).
///
/// Why it is sound:
/// - Both rules must read the URL in the same text form (same `caseSensitive` and `percentEncoded`,
///   E1–E3); otherwise "may overlap". Then both patterns are compared with the same text, so the
///   rules are disjoint when the patterns' languages do not intersect, whatever texts URLs can have.
/// - A pattern's language is taken as a glob over scalars: literals (folded when case-insensitive,
///   as `CaseFolding` folds text, E1), `?` one scalar, `*` any run, and `$(name)` as `*` (a superset
///   of its values' language, V1–V2). A path pattern drops its literal slashes at both ends (N1, N2;
///   the text is trimmed the same way) and, ending in a literal `/` and `*`, adds the parent
///   alternative (N3). A pattern that does not parse never matches (P3): it overlaps nothing.
/// - Two rules are disjoint when one part is: the path, the whole query, a query item both name
///   (Q3/Q4: every occurrence, or "" when absent, must match both patterns), or the fragment.
enum PatternOverlap {
    static func rulesMayOverlap(_ a: EffectiveRule, _ b: EffectiveRule) -> Bool {
        guard a.caseSensitive == b.caseSensitive, a.percentEncoded == b.percentEncoded else { return true }
        let fold = !a.caseSensitive
        if !intersects(globs(a.path, isPath: true, fold: fold), globs(b.path, isPath: true, fold: fold)) { return false }
        if !intersects(globs(a.fragment, isPath: false, fold: fold), globs(b.fragment, isPath: false, fold: fold)) { return false }
        switch (a.query, b.query) {
        case (.whole(let p)?, .whole(let q)?):
            if !intersects(globs(p, isPath: false, fold: fold), globs(q, isPath: false, fold: fold)) { return false }
        case (.items(let x)?, .items(let y)?):
            for i in x {
                for j in y where (fold ? CaseFolding.fold(i.name) : i.name).isExactly(fold ? CaseFolding.fold(j.name) : j.name) {
                    if !intersects(globs(i.pattern, isPath: false, fold: fold), globs(j.pattern, isPath: false, fold: fold)) { return false }
                }
            }
        default:
            break
        }
        return true
    }

    /// One element of a glob.
    enum Glob: Equatable {
        case scalar(Unicode.Scalar)
        case one
        case any
    }

    /// The pattern's language as one or two globs (two with the N3 parent alternative); `*` for nil
    /// (C2); none for a pattern that does not parse (P3: it never matches).
    static func globs(_ pattern: String?, isPath: Bool, fold: Bool) -> [[Glob]] {
        guard let pattern else { return [[.any]] }
        guard let parsed = try? PatternParser.parse(pattern) else { return [] }
        var main: [Glob] = parsed.elements.map { element in
            switch element {
            case .literal(let s): return .scalar(fold ? CaseFolding.fold(s) : s)
            case .anyOne: return .one
            case .anyMany, .variable: return .any
            }
        }
        guard isPath else { return [main] }
        // N1–N3 look at literal slashes only; a variable became `.any`, never a literal slash.
        main = trimmingSlashes(main)
        var out = [main]
        if main.count >= 2, main[main.count - 1] == .any, main[main.count - 2] == .scalar("/"), isLiteralStar(parsed.elements, main) {
            out.append(trimmingSlashes(Array(main.dropLast(2))))
        }
        return out
    }

    /// N3 needs a written `*`, not a variable (N2 note: `/a/$(v)` gets no parent alternative). The
    /// trimmed glob's last `.any` is the last non-slash element of the pattern.
    private static func isLiteralStar(_ elements: [PatternElement], _ main: [Glob]) -> Bool {
        guard let last = elements.last(where: { $0 != .literal("/") }) else { return false }
        return last == .anyMany
    }

    private static func trimmingSlashes(_ g: [Glob]) -> [Glob] {
        var lo = 0
        var hi = g.count
        while lo < hi, g[lo] == .scalar("/") { lo += 1 }
        while hi > lo, g[hi - 1] == .scalar("/") { hi -= 1 }
        return Array(g[lo..<hi])
    }

    static func intersects(_ a: [[Glob]], _ b: [[Glob]]) -> Bool {
        a.contains { x in b.contains { y in intersects(x, y) } }
    }

    /// Whether some text matches both globs: a search over pairs of positions (the product of the
    /// two automata). `*` may be skipped (empty run) or stay while a scalar is consumed; two
    /// consuming elements agree on one scalar unless both are different literals (the alphabet is
    /// larger than any pattern, so a wildcard can always pick a scalar the other side accepts).
    static func intersects(_ a: [Glob], _ b: [Glob]) -> Bool {
        let width = b.count + 1
        var seen = [Bool](repeating: false, count: (a.count + 1) * width)
        var stack = [(0, 0)]
        seen[0] = true
        func push(_ i: Int, _ j: Int) {
            if !seen[i * width + j] {
                seen[i * width + j] = true
                stack.append((i, j))
            }
        }
        while let (i, j) = stack.popLast() {
            if i == a.count, j == b.count { return true }
            if i < a.count, a[i] == .any { push(i + 1, j) }
            if j < b.count, b[j] == .any { push(i, j + 1) }
            guard i < a.count, j < b.count else { continue }
            let compatible: Bool
            switch (a[i], b[j]) {
            case (.scalar(let x), .scalar(let y)): compatible = x == y
            default: compatible = true
            }
            if compatible {
                push(a[i] == .any ? i : i + 1, b[j] == .any ? j : j + 1)
            }
        }
        return false
    }
}

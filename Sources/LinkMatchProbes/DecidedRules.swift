/// The SPEC rules LinkMatch decided itself, read from SPEC.md's rule headings. A heading looks like
/// `### D4 — both appID and appIDs: the union (decided)`: the rule ID, an em dash, the title, and the
/// evidence in the last parentheses (`doc`, `tool`, `decided`, comma separated). A rule is decided when
/// `decided` is one of those evidence words.
import LinkMatch
public enum DecidedRules {
    public struct Heading: Sendable, Equatable {
        public var rule: String
        public var title: String
        public var evidence: [String]

        public var isDecided: Bool { evidence.contains("decided") }
    }

    /// Every rule heading of the SPEC text, in order. Lines that are not `### <ID> — …(…)` are skipped.
    public static func headings(inSpec text: String) -> [Heading] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { heading(String($0)) }
    }

    /// The decided rules, in SPEC order.
    public static func decided(inSpec text: String) -> [Heading] {
        headings(inSpec: text).filter(\.isDecided)
    }

    static func heading(_ line: String) -> Heading? {
        guard line.hasPrefix("### ") else { return nil }
        let rest = line.dropFirst(4)
        guard let dash = rest.firstRange(of: " — ") else { return nil }
        let rule = String(rest[..<dash.lowerBound])
        // A rule ID is a capital letter and digits (D4, N1, U5); anything else is another kind of heading.
        guard let first = rule.unicodeScalars.first, ("A"..."Z").contains(first), rule.count >= 2,
              rule.unicodeScalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let (title, evidence) = SpecLinks.titleAndEvidence(String(rest[dash.upperBound...]))
        return Heading(rule: rule, title: title, evidence: evidence)
    }
}

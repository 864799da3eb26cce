/// The readings catalogue as Markdown, for docs/TEST-YOUR-MATCHER.md (between the
/// `readings-catalogue` markers; `ReadingsCatalogueDocTests` checks the file holds exactly this).
public enum ReadingsCatalogue {
    /// One table row per reading: name, origin, what it does, what it generalizes, SPEC section.
    public static func markdown() -> String {
        var out = ["| reading | origin | what it does | generalizes | SPEC |", "|---|---|---|---|---|"]
        for r in Readings.all {
            let origin: String, section: String
            switch r.kind {
            case .openPoint(let id): (origin, section) = ("open point `\(id)` (open: Apple's behaviour unobserved)", id)
            case .misreading(let rule): (origin, section) = ("misreads \(rule)", r.rules.first ?? rule)
            }
            let link = SpecLinks.link(r)
            out.append("| `\(r.name)` | \(origin) | \(r.summary.replacingPipes) | \(r.generalizes.map { "`\($0)`" }.joined(separator: ", ")) | [\(section)](../\(link)) |")
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}

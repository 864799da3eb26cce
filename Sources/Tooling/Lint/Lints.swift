import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// Everything `linkmatch validate` reports about a document: the parser's diagnostics (D1–D12, P3,
/// P4, V2, V5, V6, Q5) plus the lints that need the whole document (`catch-all`,
/// `unreachable-rule`) and the rules that depend on an open point (`open-point`), in the order their
/// paths appear in the file.
public enum Lints {
    public static func run(_ parsed: ParsedDocument) -> [Diagnostic] {
        let all = parsed.diagnostics + findings(parsed.document) + OpenPointLint.findings(parsed.document, json: parsed.json)
        return DiagnosticOrder.sorted(all, in: parsed.json)
    }

    /// Only the lint findings (not the parser's diagnostics), in rule order.
    public static func findings(_ document: AASADocument) -> [Diagnostic] {
        CatchAllLint.findings(document) + UnreachableRuleLint.findings(document)
    }
}

import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Everything `linkmatch validate` reports about a document: the parser's diagnostics (D1–D12, P3,
/// P4, V2, V5, V6, Q5) plus the lints: authoring mistakes in a rule's patterns (`not-in-component`,
/// `fragment-in-path`, `query-in-path`, `unmatchable-character`), those that need the whole document
/// (`catch-all`, `unreachable-rule`) and the rules that depend on an open point (`open-point`), in
/// the order their paths appear in the file. Every diagnostic carries a `fix` (`DiagnosticFixes`).
public enum Lints {
    /// Every diagnostic `linkmatch validate` prints for a file's bytes: `run` on the parsed document,
    /// or, when the bytes are no AASA document at all (D1: not JSON, too deep, not an object...), the
    /// load error as one fatal diagnostic at the document (`DocumentLoadError.code`). Never throws.
    public static func validate(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            return run(try AASADocument.parse(bytes))
        } catch {
            return [DiagnosticFixes.withFix(Diagnostic(.error, error.code, at: "", error.message))]
        }
    }

    /// Every diagnostic for `parsed`, as `linkmatch validate` prints them: the parser's, `catch-all`
    /// (D11), `unreachable-rule` and `open-point` (section 15), sorted by where their paths appear in the
    /// file (`DiagnosticOrder`). Never throws; an empty result means nothing to report.
    public static func run(_ parsed: ParsedDocument) -> [Diagnostic] {
        guard parsed.byteCount <= lintedByteLimit else {
            let skipped = Diagnostic(.info, "lint-skipped", at: "",
                "the file is \(parsed.byteCount) bytes, over the \(lintedByteLimit) bytes the whole-document lints read "
                    + "(Apple serves at most \(AppleSizeLimit.bytes)): catch-all, unreachable-rule and open-point were not run")
            return DiagnosticOrder.sorted(parsed.diagnostics + [skipped], in: parsed.json).map(DiagnosticFixes.withFix)
        }
        let all = parsed.diagnostics + findings(parsed.document) + OpenPointLint.findings(parsed.document, json: parsed.json)
        return DiagnosticOrder.sorted(all, in: parsed.json).map(DiagnosticFixes.withFix)
    }

    /// The largest file (bytes as served) the whole-document lints run on: eight times what Apple
    /// serves, so every servable file is linted in full, and a multi-megabyte file still gets its
    /// parser diagnostics at once (with a `lint-skipped` info) instead of seconds of lints.
    public static let lintedByteLimit = 1_048_576

    /// The findings about single rules' patterns (`not-in-component`, `fragment-in-path`,
    /// `query-in-path`, `unmatchable-character`), in rule order, each with its fix: cheap, for tools that
    /// explain one rule (`linkmatch explain`).
    public static func patternFindings(_ document: AASADocument) -> [Diagnostic] {
        PatternMistakesLint.findings(document)
    }

    /// Only the lint findings (not the parser's diagnostics), lint by lint, each in rule order.
    public static func findings(_ document: AASADocument) -> [Diagnostic] {
        PatternMistakesLint.findings(document) + CatchAllLint.findings(document) + UnreachableRuleLint.findings(document)
    }
}

import LinkMatch

/// What `linkmatch validate` computes, as something a planted mistake can replace: the diagnostics
/// for a file's bytes. A candidate engine that conforms (LinkMatchMutants' parser mutants) is
/// validated through this; any other engine through `StandardValidator`.
public protocol DiagnosticsValidator: Sendable {
    /// Every diagnostic `validate` reports for `bytes`, a file that cannot be read at all being one
    /// fatal diagnostic at the document.
    func diagnostics(_ bytes: [UInt8]) -> [Diagnostic]
}

/// `linkmatch validate`'s computation, `Lints.validate`, which the CLI calls too.
public struct StandardValidator: DiagnosticsValidator {
    public init() {}

    public func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] { Lints.validate(bytes) }
}

/// `diagnostics`: `validate` reports exactly the diagnostics a generated file was built to cause.
///
/// The case (`DiagnosticCase`, built by `DiagnosticPlan`) is a clean document with planted faults,
/// each recording its (severity, code, JSON path). The check compares the multiset of (severity,
/// code, path) of every diagnostic `validate` reports with the expected one: nothing missing,
/// nothing extra, no code ignored. So every code is "controlled": the ones the faults cause
/// (`app-id-format`, `wrong-type`, `unknown-key` with and without its hint, `unreachable-rule`,
/// `catch-all`, `open-point`, `over-apple-size-limit`, `mixed-formats`, `both-app-id-forms`,
/// `empty-components`, `legacy-apps-not-empty`, `duplicate-key`, `missing-app-id`) must appear
/// where planted, and any other (`lint-budget`, `invalid-pattern`...) is a finding. `validate` must
/// also print them in the order docs/CLI.md states (`ValidateOrder`), on every file below. Not planted:
/// the fatal load errors (the parser target covers them), `lint-skipped` (a 1 MB file per input
/// would slow fuzzing a hundredfold), the variable codes (V2, V5, P4: their rules touch open points).
///
/// Then the metamorphic relations, each against `validate`'s own answer on the file (paths remapped
/// where indices move): pretty-printing (only the size diagnostic may follow the new byte count),
/// reversing the members of every object, rotating the `details` entries (each entry names apps of
/// its own, so entry order decides nothing), and inserting an unrelated entry (an app of its own,
/// rules of their own) must not change the set.
public enum DiagnosticsCheck {
    /// The validator under test: the candidate's own, if it has one (a planted mistake), else `validate`'s.
    static func validator(_ engines: Engines) -> any DiagnosticsValidator {
        (engines.candidate as? any DiagnosticsValidator) ?? StandardValidator()
    }

    /// The file of a case as served (compact JSON), and what it must cause.
    public static func planted(_ c: DiagnosticCase) -> (json: JSONValue, bytes: [UInt8], expected: [ExpectedDiagnostic]) {
        let (json, expected) = DiagnosticPlan(c).build()
        let bytes = Array(json.serialized().utf8)
        return (json, bytes, (expected + DiagnosticPlan.sizeExpectation(byteCount: bytes.count)).sorted())
    }

    static func found(_ validator: any DiagnosticsValidator, _ bytes: [UInt8]) -> [ExpectedDiagnostic] {
        validator.diagnostics(bytes).map(ExpectedDiagnostic.init).sorted()
    }

    /// What `validate` reports for the file `json` written as `bytes`, as a sorted multiset, and
    /// whether it printed them in file order (`ValidateOrder`).
    static func validated(_ validator: any DiagnosticsValidator, _ bytes: [UInt8], _ json: JSONValue) -> (found: [ExpectedDiagnostic], orderProblem: String?) {
        let printed = validator.diagnostics(bytes)
        return (printed.map(ExpectedDiagnostic.init).sorted(), ValidateOrder.problem(printed, in: json))
    }

    public static func check(_ c: DiagnosticCase, engines: Engines) -> CheckFailure? {
        let validator = validator(engines)
        let (json, bytes, expected) = planted(c)
        let (actual, order) = validated(validator, bytes, json)
        func failure(_ summary: String) -> CheckFailure {
            CheckFailure(target: .diagnostics, summary: summary, readable: readable(c, engines: engines))
        }
        if actual != expected { return failure("validate: " + difference(expected: expected, actual: actual)) }
        if let order { return failure("validate's order: " + order) }
        for relation in DiagnosticRelations.all(json, c.relations) {
            let transformed = Array(relation.json.serialized(pretty: relation.pretty).utf8)
            // Only the size diagnostic may follow the byte count (D1).
            let want = (actual.filter { $0.code != "over-apple-size-limit" }.map(relation.remap)
                        + DiagnosticPlan.sizeExpectation(byteCount: transformed.count)).sorted()
            let (got, order) = validated(validator, transformed, relation.json)
            if got != want { return failure("\(relation.name) changed the diagnostics: " + difference(expected: want, actual: got)) }
            if let order { return failure("validate's order after \(relation.name): " + order) }
        }
        return nil
    }

    /// "missing X, Y; extra Z" between two sorted multisets.
    static func difference(expected: [ExpectedDiagnostic], actual: [ExpectedDiagnostic]) -> String {
        var extra = actual
        var missing: [ExpectedDiagnostic] = []
        for x in expected {
            if let i = extra.firstIndex(of: x) { extra.remove(at: i) } else { missing.append(x) }
        }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing " + missing.map(\.description).joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("extra " + extra.map(\.description).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    public static func readable(_ c: DiagnosticCase, engines: Engines) -> String {
        let (json, bytes, expected) = planted(c)
        // A padded file is shown by its size, not its 128 KB comment.
        let shown = bytes.count > 4096 ? JSONValue.string("(\(bytes.count) bytes, padded in applinks.defaults.comment)") : json
        return ReadableJSON.object(c.readableParameters + [
            ("aasa", shown),
            ("expected", ReadableJSON.strings(expected.map(\.description))),
            ("validate", ReadableJSON.strings(found(validator(engines), bytes).map(\.description))),
        ]).serialized(pretty: true)
    }
}

extension DiagnosticsCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> DiagnosticCase { DiagnosticCase(bytes: bytes) }
    public static func run(_ c: DiagnosticCase, engines: Engines) -> CheckFailure? { check(c, engines: engines) }
    /// Reads `entries`, `faults` and `relations`; the file and the diagnostics shown beside them are ignored.
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try DiagnosticCase(readable: ReadableJSON.parse(readableJSON, what: "the diagnostics case")).encoded()
    }
}

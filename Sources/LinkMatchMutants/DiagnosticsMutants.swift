import LinkMatch
import LinkMatchFuzzing

/// Planted mistakes in `validate`'s checks (the parser's diagnostics), which no engine comparison
/// can see: matching is the compiled engine's, only the diagnostics differ. The `diagnostics`
/// target catches them by comparing `validate` with what its generated files were built to cause.
/// They load through `AASADocument.parse(_:limits:parser:)` with a parser whose hooks are replaced
/// (package access: the shipped CLI never sets them).
enum DiagnosticsMutants {
    static var catalog: [Mutants.Entry] {
        [
            Mutants.Entry(name: "team-id-11-characters", engine: DiagnosticsMutantEngine(
                name: "mutant:team-id-11-characters", parser: parser { $0.appIDFormat = acceptingElevenCharacterTeams }),
                  caughtBy: [.diagnostics], mistake: "the team-ID check also accepts an 11-character team ID before the dot (D12: `app-id-format`)"),
            Mutants.Entry(name: "key-hint-lowercase-only", engine: DiagnosticsMutantEngine(
                name: "mutant:key-hint-lowercase-only", parser: parser { $0.caseVariant = hintingLowercaseOnly }),
                  caughtBy: [.diagnostics], mistake: "an unknown key gets the case hint (a warning naming the known key) only when written all in lowercase; `AppIDs` is an info (D9: `unknown-key`)"),
        ]
    }

    static func parser(_ change: (inout DocumentParser) -> Void) -> DocumentParser {
        var p = DocumentParser()
        change(&p)
        return p
    }

    /// D12's check, but the dot may also come after eleven letters or digits.
    @Sendable static func acceptingElevenCharacterTeams(_ id: String) -> Bool {
        let u = Array(id.utf8)
        func alphanumeric(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        for team in [10, 11] where u.count > team + 1 && u[team] == UInt8(ascii: ".") {
            if u[..<team].allSatisfy(alphanumeric), u[(team + 1)...].contains(where: { $0 != UInt8(ascii: ".") }) { return true }
        }
        return false
    }

    /// The hint's comparison lowercases the known key but forgets the key read from the file.
    @Sendable static func hintingLowercaseOnly(_ key: String, _ known: [String]) -> String? {
        known.first { $0.lowercased() == key }
    }
}

/// The compiled engine for matching; `validate` with a parser whose hooks hold a planted mistake.
struct DiagnosticsMutantEngine: MatchEngine, DiagnosticsValidator {
    let name: String
    let parser: DocumentParser

    func prepare(_ document: AASADocument) -> any PreparedDocument { CompiledEngine().prepare(document) }
    func matchPart(_ request: PartRequest) -> PartVerdict { CompiledEngine().matchPart(request) }

    func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            return Lints.run(try AASADocument.parse(bytes, limits: JSONParser.Limits(), parser: parser))
        } catch {
            return [Diagnostic(.error, error.code, at: "", error.message)]
        }
    }
}

import XCTest
import LinkMatch
@testable import LinkMatchTooling
import LinkMatchRandom
import LinkMatchTestData

/// `OpenPointJudge` decides a reading of one rule on that rule alone and goes to the whole document
/// only where needed. Its findings must be those of deciding every example URL on the two whole
/// documents (the lint's earlier way, kept here as the oracle, with the reference engine), reading
/// for reading, URL for URL.
final class OpenPointJudgeTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"
    /// Rules chosen so readings apply (N1 leading star, empty path, D6 `NOT` spacing, legacy paths
    /// with defaults, U5 spaces, V5 overridden `lang`) and so earlier rules often hide or decide
    /// their URLs.
    let components = [#"{"/": "*/terms/*", "exclude": true}"#, #"{"/": "*/a"}"#, #"{"/": "/a", "exclude": true}"#,
                      #"{"/": ""}"#, #"{"/": "", "exclude": true}"#, #"{"/": "*"}"#, #"{"/": "/terms/*"}"#,
                      #"{"/": "/x", "?": "q=a b", "percentEncoded": false}"#, #"{"/": "/$(lang)/*"}"#,
                      #"{"/": "*/$(lang)"}"#, #"{"/": "/a/*", "exclude": true}"#, #"{"/": "*/x", "caseSensitive": false}"#,
                      #"{"/": "/X"}"#, ##"{"#": "f"}"##]
    let legacy = [#""NOT  /private/*""#, #""/private/*""#, #""NOT *""#, #""*""#, #""/a/*""#, #""NOT /a""#, #""NOT%/x""#]

    func oracle(_ document: AASADocument, _ json: JSONValue) -> [Diagnostic] {
        let engine = ReferenceEngine()
        let original = engine.prepare(document)
        var out: [Diagnostic] = []
        for (e, entry) in document.entries.enumerated() {
            var readings: [(String, OpenPointReading)] = []
            for r in entry.rules.indices {
                for reading in OpenPointReadings.readings(entryIndex: e, ruleIndex: r, in: document) {
                    readings.append((entry.rules[r].sourcePath, reading))
                }
            }
            for key in OpenPointLint.dictionaryKeyWithInnerApps(entry, json: json) {
                for reading in OpenPointReadings.dictionaryKeyReadings(entryIndex: e, key: key, in: document) {
                    readings.append((entry.sourcePath, reading))
                }
            }
            for (path, reading) in readings {
                let alternative = engine.prepare(reading.alternative)
                for text in OpenPointDifference.candidates(reading, in: document) {
                    guard let d = OpenPointDifference.on(text, reading, original: original, alternative: alternative) else { continue }
                    out.append(Diagnostic(d.flipsMatchAndExclude ? .warning : .info, "open-point", at: path, d.message, fix: d.fix))
                    break
                }
            }
        }
        return out
    }

    func testJudgeFindsWhatWholeDocumentsFind() throws {
        var rng = SplitMix64(seed: 0x09E7_901D)
        var found = 0
        for round in 0..<250 {
            let useLegacy = round % 3 == 0
            let rules = (0..<(1 + Int(rng.next() % 7))).map { _ in useLegacy ? rng.pick(legacy) : rng.pick(components) }
            let key = useLegacy ? "paths" : "components"
            let variables = rng.chance(3) ? #""substitutionVariables": {"lang": ["xx", "en"]}, "# : ""
            let second = rng.chance(3) ? #", {"appIDs": ["\#(app)"], "\#(key)": [\#(rng.pick(useLegacy ? legacy : components))]}"# : ""
            let doc = #"{"applinks": {\#(variables)"details": [{"appIDs": ["\#(app)"], "\#(key)": [\#(rules.joined(separator: ", "))]}\#(second)]}}"#
            let parsed = try AASADocument.parse(json: doc)
            let expected = oracle(parsed.document, parsed.json)
            XCTAssertEqual(OpenPointLint.findings(parsed.document, json: parsed.json), expected, doc)
            found += expected.count
        }
        XCTAssertGreaterThan(found, 150, "the pools must give open-point findings often")
    }

    func testRealWorldFilesGiveTheSameFindings() throws {
        var files = 0
        for (name, bytes) in try RealWorldFiles.all() {
            guard let parsed = try? AASADocument.parse(bytes) else { continue }
            XCTAssertEqual(OpenPointLint.findings(parsed.document, json: parsed.json), oracle(parsed.document, parsed.json), name)
            files += 1
        }
        XCTAssertGreaterThan(files, 20)
    }

    /// Where a reading needs its whole document and the budget is spent, the lint says so.
    func testSpentBudgetIsSaid() throws {
        // `""` read as matching nothing: on `/` the empty rule itself decides, so the reading's answer
        // is the next rule's, from the reading's whole document (27 rules: cost 27 each, one per app).
        let rules = ([#"{"/": ""}"#] + Array(repeating: #"{"/": "/b"}"#, count: 8)).joined(separator: ", ")
        let entries = (1...3).map { #"{"appIDs": ["ABCDE12345.app.\#($0)"], "components": [\#(rules)]}"# }
        let doc = #"{"applinks": {"details": [\#(entries.joined(separator: ", "))]}}"#
        let parsed = try AASADocument.parse(json: doc)
        XCTAssertEqual(OpenPointLint.findings(parsed.document, json: parsed.json).filter { $0.code == "lint-budget" }, [])
        let cut = OpenPointLint.findings(parsed.document, json: parsed.json, budget: 30).filter { $0.code == "lint-budget" }
        XCTAssertEqual(cut.map(\.severity), [.info])
        XCTAssertTrue(cut.first?.message.hasPrefix("open-point: 2 readings were not checked") ?? false, "\(cut)")
        XCTAssertTrue(cut.first?.message.hasSuffix("applinks.details[1].components[0], applinks.details[2].components[0]") ?? false, "\(cut)")
    }
}

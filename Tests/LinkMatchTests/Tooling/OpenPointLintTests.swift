import XCTest
import LinkMatch
import LinkMatchTestData

/// `validate`'s `open-point` findings and the reading models behind them (SPEC.md section 15).
final class OpenPointLintTests: XCTestCase {
    static let app = OpenPoints.exampleApp

    func openPointFindings(_ json: String) throws -> [Diagnostic] {
        Lints.run(try AASADocument.parse(json: json)).filter { $0.code == "open-point" }
    }

    /// The models must agree with the registry: each probe's hand-written prediction for a reading
    /// is what the reading's model document decides (so a model is checked against SPEC, not itself).
    func testReadingModelsGiveTheRegistrysPredictions() throws {
        var checked = 0
        var failures: [String] = []
        for point in OpenPoints.all {
            for probe in point.probes {
                guard let parsed = try? AASADocument.parse(Array(probe.aasa.utf8)), let url = try? ParsedURL(probe.url) else { continue }
                let document = parsed.document
                var readings: [OpenPointReading] = []
                for (e, entry) in document.entries.enumerated() {
                    for r in entry.rules.indices {
                        readings += OpenPointReadings.readings(entryIndex: e, ruleIndex: r, in: document, appID: probe.appID)
                    }
                }
                for reading in readings where reading.pointID == point.id {
                    guard let predicted = probe.predictions[reading.reading] else { continue }
                    let got = ReferenceEngine().prepare(reading.alternative).decide(url, appID: probe.appID, domain: probe.domain)
                    checked += 1
                    if got.outcome.rawValue != predicted {
                        failures.append("\(point.id) \(reading.reading) on \(probe.url): model says \(got.outcome.rawValue), registry predicts \(predicted)")
                    }
                }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThanOrEqual(checked, 8, "the models cover N1, D6 (both), U5, V5 and the empty path")
    }

    func testWelcomeToMyGardenTermsExclusionIsAWarning() throws {
        let bytes = try RealWorldFiles.bytes("WelcometoMyGarden__welcometomygarden__well-known.json")
        let found = Lints.run(try AASADocument.parse(bytes)).filter { $0.code == "open-point" }
        XCTAssertEqual(found.map(\.path), ["applinks.details[0].components[0]"])
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.message, "depends on the open point N1-leading-star (SPEC.md section 15): for 9RZPVFH532.org.welcometomygarden.app on https://example.com/terms/ LinkMatch's reading gives match, the reading slash-kept-in-text gives exclude")
    }

    func testLeadingStarWithoutSlashIsNotAnOpenPoint() throws {
        // `*L25...*` matches the same paths whether or not the text keeps its leading `/`.
        XCTAssertEqual(try openPointFindings(OpenPoints.paths(#"["NOT *abc*", "*"]"#)), [])
        XCTAssertEqual(try openPointFindings(OpenPoints.components(#"[{"/":"*"}]"#)), [])
    }

    func testNotWithTwoSpaces() throws {
        let found = try openPointFindings(OpenPoints.paths(#"["NOT  /private/*", "/*"]"#))
        XCTAssertEqual(found.map(\.path), ["applinks.details[0].paths[0]"])
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertTrue(found.first?.message.contains("D6-not-prefix-spacing") ?? false)
        XCTAssertTrue(found.first?.message.contains("on https://example.com/private/ LinkMatch's reading gives match, the reading trim-after-not gives exclude") ?? false,
                      found.first?.message ?? "")
    }

    func testEmptyPathPatternIsInfo() throws {
        let found = try openPointFindings(OpenPoints.components(#"[{"/":""}]"#))
        XCTAssertEqual(found.map(\.severity), [.info, .info])
        guard found.count == 2 else { return }
        XCTAssertTrue(found[0].message.contains("on https://example.com/x LinkMatch's reading gives no_match, the reading empty-is-absent gives match"), found[0].message)
        XCTAssertTrue(found[1].message.contains("on https://example.com/ LinkMatch's reading gives match, the reading empty-matches-nothing gives no_match"), found[1].message)
    }

    func testOverriddenPredefinedVariable() throws {
        let found = try openPointFindings(OpenPoints.components(#"[{"/":"/id/$(digit)"}]"#, applinks: #""substitutionVariables":{"digit":["x"]}"#))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("V5-predefined-overridden") ?? false)
        XCTAssertTrue(found.first?.message.contains("on https://example.com/id/x LinkMatch's reading gives match, the reading predefined-wins gives no_match") ?? false,
                      found.first?.message ?? "")
    }

    func testDictionaryKeyWithAppIDsInside() throws {
        let json = #"{"applinks":{"details":{""# + Self.app + #"":{"appIDs":["ABCDE12345.com.example.two"],"paths":["/x"]}}}}"#
        let found = try openPointFindings(json)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.message, "depends on the open point D5-dictionary-key-and-app-id (SPEC.md section 15): for \(Self.app) on https://example.com/x LinkMatch's reading gives no_match, the reading union gives match")
    }

    func testPlainFilesHaveNoOpenPointFindings() throws {
        XCTAssertEqual(try openPointFindings(OpenPoints.components(#"[{"/":"/buy/*"},{"/":"/help/*","?":{"id":"?*"}}]"#)), [])
    }
}

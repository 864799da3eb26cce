import XCTest
import LinkMatch

/// The readings catalogue (`Readings`): each reading decides as SPEC.md says that reading would,
/// checked against outcomes written by hand (the open points' registry predictions, and the cases
/// below), never against the reading's own engine.
final class ReadingsTests: XCTestCase {
    static let app = OpenPoints.exampleApp

    func decide(_ engine: any MatchEngine, _ json: String, _ url: String, app: String = app,
                domain: String = OpenPoints.exampleDomain) throws -> String {
        let document = try AASADocument.parse(Array(json.utf8)).document
        return engine.prepare(document).decide(try ParsedURL(url), appID: app, domain: domain).outcome.rawValue
    }

    func testNamesAreUniqueAndKindsAreWellFormed() throws {
        let names = Readings.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        for reading in Readings.all {
            XCTAssertEqual(reading.engine.name, "reading:" + reading.name)
            XCTAssertFalse(reading.summary.isEmpty || reading.summary.contains("\n"), reading.name)
            switch reading.kind {
            case .openPoint(let id):
                let point = try XCTUnwrap(OpenPoints.point(id), "\(reading.name): no open point \(id)")
                XCTAssertTrue(point.alternatives.contains { $0.hasPrefix(reading.name + ": ") && $0.hasSuffix(reading.summary) },
                              "\(reading.name) is not an alternative of \(id)")
            case .misreading(let rule):
                XCTAssertNotNil(rule.wholeMatch(of: /[A-Z][0-9]+(-[A-Z][0-9]+)?/), "\(reading.name): \(rule)")
            }
        }
        XCTAssertEqual(Readings.all.filter { if case .misreading = $0.kind { return true } else { return false } }.map(\.name),
                       ["fold-ascii-only", "first-query-item-only", "entry-defaults-ignored", "trailing-slash-significant",
                        "no-parent-path", "appid-beside-appids-counted", "defaults-ignored", "top-defaults-ignored", "top-defaults-win", "no-slash-rules",
                        "last-query-item-only", "absent-query-item-fails", "variables-literal", "predefined-values-unfolded", "percent-encoded-ignored",
                        "appid-fallback-when-appids-empty", "scheme-case-sensitive", "host-case-sensitive",
                        "any-scheme", "host-with-port", "raw-characters-unencoded", "bare-percent-literal", "query-decoded-before-split",
                        "empty-query-items-kept", "valueless-query-items-dropped", "broken-reference-literal", "full-lowercase",
                        "appid-wins-over-appids", "every-slash-star-optional", "wildcards-in-values-literal", "patterns-decoded-too"])
        XCTAssertGreaterThanOrEqual(Readings.all.count, 20)
        for reading in Readings.all {
            for special in reading.generalizes { XCTAssertNotNil(Readings.named(special), "\(reading.name) generalizes \(special)") }
        }
    }

    func testEveryOpenPointAlternativeIsModelledOrListedAsUnmodelled() {
        let all = OpenPoints.all.flatMap { point in point.alternatives.map { point.id + " " + String($0.prefix { $0 != ":" }) } }
        let modelled = Readings.modelledOpenPointReadings.map { $0.point + " " + $0.reading }
        let unmodelled = Readings.unmodelledOpenPointReadings.map { $0.point + " " + $0.reading }
        XCTAssertEqual(Set(modelled).count, 9)
        XCTAssertEqual(Set(modelled).intersection(unmodelled), [])
        XCTAssertEqual((modelled + unmodelled).sorted(), all.sorted())
        XCTAssertTrue(unmodelled.contains("N1-leading-slashes-in-url one-slash-stripped"), "\(unmodelled)")
    }

    /// Each modelled open-point reading, on every request of its point, gives the outcome the
    /// registry predicts for it by hand (SPEC.md section 15).
    func testOpenPointReadingsGiveTheRegistrysPredictions() throws {
        var failures: [String] = []
        for reading in Readings.all {
            guard case .openPoint(let id) = reading.kind, let point = OpenPoints.point(id) else { continue }
            var checked = 0
            for probe in point.probes {
                guard let predicted = probe.predictions[reading.name] else { continue }
                let got = (try? decide(reading.engine, probe.aasa, probe.url, app: probe.appID, domain: probe.domain)) ?? "error"
                checked += 1
                if got != predicted { failures.append("\(reading.name) on \(probe.url) for \(probe.appID): \(got), predicted \(predicted)") }
            }
            XCTAssertGreaterThan(checked, 0, "no request predicts \(reading.name)")
        }
        XCTAssertEqual(failures, [])
    }

    /// One document per misreading where it and LinkMatch disagree, and one where they agree.
    func testMisreadingsOnHandWrittenCases() throws {
        let cases: [(name: String, json: String, url: String, linkmatch: String, reading: String)] = [
            ("fold-ascii-only", OpenPoints.components(#"[{"/":"/CAFÉ","caseSensitive":false,"percentEncoded":false}]"#),
             "https://example.com/caf%C3%A9", "match", "no_match"),
            ("fold-ascii-only", OpenPoints.components(#"[{"/":"/CAFÉ","caseSensitive":false,"percentEncoded":false}]"#),
             "https://example.com/caf%C3%89", "match", "match"),
            // Compared as written: only ASCII letters (hex digits too) are folded, by both.
            ("fold-ascii-only", OpenPoints.components(#"[{"/":"/caf%C3%A9","caseSensitive":false}]"#),
             "https://example.com/CAF%c3%a9", "match", "match"),
            ("fold-ascii-only", OpenPoints.components(##"[{"#":"ÉTÉ","caseSensitive":false,"percentEncoded":false}]"##),
             "https://example.com/#%C3%A9t%C3%A9", "match", "no_match"),
            ("first-query-item-only", OpenPoints.components(#"[{"?":{"a":"1"}}]"#), "https://example.com/?a=1&a=2", "no_match", "match"),
            ("first-query-item-only", OpenPoints.components(#"[{"?":{"a":"1"}}]"#), "https://example.com/?a=2&a=1", "no_match", "no_match"),
            ("entry-defaults-ignored",
             #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"caseSensitive":false},"components":[{"/":"/A"}]}]}}"#,
             "https://example.com/a", "match", "no_match"),
            ("entry-defaults-ignored",
             #"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/A"}]}]}}"#,
             "https://example.com/a", "match", "match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/a"}]"#), "https://example.com/a/", "match", "no_match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/a"}]"#), "https://example.com/a", "match", "match"),
            // Only the path keeps its trailing `/`: the pattern's still go, and the path's meets the pattern's own.
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/a/"}]"#), "https://example.com/a/", "match", "no_match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/a/"}]"#), "https://example.com/a", "match", "match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/b/**"}]"#), "https://example.com/b/", "no_match", "match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/b/*"}]"#), "https://example.com/b/", "match", "match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/b//*"}]"#), "https://example.com/b", "match", "match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/b/?"}]"#), "https://example.com/b/", "no_match", "no_match"),
            ("trailing-slash-significant", OpenPoints.components(#"[{"/":"/"}]"#), "https://example.com//", "match", "match"),
            ("no-parent-path", OpenPoints.components(#"[{"/":"/buy/*"}]"#), "https://example.com/buy", "match", "no_match"),
            ("no-parent-path", OpenPoints.components(#"[{"/":"/buy/*"}]"#), "https://example.com/buy/1", "match", "match"),
            ("appid-beside-appids-counted",
             #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","appIDs":["ABCDE12345.com.example.other"],"components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "no_match", "match"),
            ("appid-beside-appids-counted",
             #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "match", "match"),
            // The six deviations of issue 20, and the scheme and host checks.
            ("defaults-ignored",
             #"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/A"}]}]}}"#,
             "https://example.com/a", "match", "no_match"),
            ("defaults-ignored",
             #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"exclude":true},"components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "exclude", "match"),
            ("top-defaults-ignored",
             #"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/A"}]}]}}"#,
             "https://example.com/a", "match", "no_match"),
            ("top-defaults-ignored",
             #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"exclude":true},"components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "exclude", "exclude"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"abc"}]"#), "https://example.com/abc", "match", "no_match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/a"}]"#), "https://example.com/a/", "match", "no_match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/buy/*"}]"#), "https://example.com/buy", "match", "no_match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/buy/*"}]"#), "https://example.com/buy/1", "match", "match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/a/"}]"#), "https://example.com/a/", "match", "match"),
            // Compared as written: stars may match nothing before the path's own trailing `/`, and a
            // `?` may take the path's leading `/` (N1 would have dropped it).
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/b/**"}]"#), "https://example.com/b/", "no_match", "match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"/b/*"}]"#), "https://example.com/b/", "match", "match"),
            ("no-slash-rules", OpenPoints.components(#"[{"/":"?a"}]"#), "https://example.com/a", "no_match", "match"),
            ("last-query-item-only", OpenPoints.components(#"[{"?":{"id":"42"}}]"#), "https://example.com/x?id=7&id=42", "no_match", "match"),
            ("last-query-item-only", OpenPoints.components(#"[{"?":{"id":"7"}}]"#), "https://example.com/x?id=7&id=42", "no_match", "no_match"),
            ("absent-query-item-fails", OpenPoints.components(#"[{"?":{"b":"*"}}]"#), "https://example.com/x?a=1", "match", "no_match"),
            ("absent-query-item-fails", OpenPoints.components(#"[{"?":{"b":"*"}}]"#), "https://example.com/x?b", "match", "match"),
            ("absent-query-item-fails", OpenPoints.components(#"[{"?":{"b":""}}]"#), "https://example.com/x?b=", "match", "match"),
            ("variables-literal",
             #"{"applinks":{"substitutionVariables":{"food":["pizza"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(food)"}]}]}}"#,
             "https://example.com/pizza", "match", "no_match"),
            ("variables-literal",
             #"{"applinks":{"substitutionVariables":{"food":["pizza"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(food)"}]}]}}"#,
             "https://example.com/$(food)", "no_match", "match"),
            // Predefined names still expand, from their own tables even where a custom one replaces them (V5).
            ("variables-literal", OpenPoints.components(#"[{"/":"/$(region)"}]"#), "https://example.com/GB", "match", "match"),
            ("variables-literal",
             #"{"applinks":{"substitutionVariables":{"lang":["xx"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(lang)"}]}]}}"#,
             "https://example.com/en", "no_match", "match"),
            // V3: with `caseSensitive: false` the text folds; the predefined values stay as listed.
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(upper)","caseSensitive":false}]"#),
             "https://example.com/q", "match", "no_match"),
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(upper)","caseSensitive":false}]"#),
             "https://example.com/Q", "match", "no_match"),
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(region)","caseSensitive":false}]"#),
             "https://example.com/gb", "match", "no_match"),
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(alpha)","caseSensitive":false}]"#),
             "https://example.com/Q", "match", "match"),
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(lang)","caseSensitive":false}]"#),
             "https://example.com/EN", "match", "match"),
            // Case-sensitive rules, and custom variables (V5 included), are not touched.
            ("predefined-values-unfolded", OpenPoints.components(#"[{"/":"/$(upper)"}]"#), "https://example.com/Q", "match", "match"),
            ("predefined-values-unfolded",
             #"{"applinks":{"substitutionVariables":{"upper":["A"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(upper)","caseSensitive":false}]}]}}"#,
             "https://example.com/a", "match", "match"),
            // The variables are the file's: a case-sensitive rule after a rewritten one keeps the whole list.
            ("predefined-values-unfolded",
             OpenPoints.components(#"[{"/":"/x/$(upper)","caseSensitive":false},{"/":"/$(upper)"}]"#),
             "https://example.com/Q", "match", "match"),
            ("percent-encoded-ignored", OpenPoints.components(#"[{"/":"/a b","percentEncoded":false}]"#), "https://example.com/a%20b", "match", "no_match"),
            ("percent-encoded-ignored", OpenPoints.components(#"[{"/":"/a%20b","percentEncoded":false}]"#), "https://example.com/a%20b", "no_match", "match"),
            ("appid-fallback-when-appids-empty",
             #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","appIDs":[],"components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "no_match", "match"),
            ("appid-fallback-when-appids-empty",
             #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","appIDs":["ABCDE12345.com.example.other"],"components":[{"/":"/a"}]}]}}"#,
             "https://example.com/a", "no_match", "no_match"),
            ("scheme-case-sensitive", OpenPoints.components(#"[{"/":"/a"}]"#), "HTTPS://example.com/a", "match", "no_match"),
            ("scheme-case-sensitive", OpenPoints.components(#"[{"/":"/a"}]"#), "https://example.com/a", "match", "match"),
            ("host-case-sensitive", OpenPoints.components(#"[{"/":"/a"}]"#), "https://EXAMPLE.COM/a", "match", "no_match"),
            ("host-case-sensitive", OpenPoints.components(#"[{"/":"/a"}]"#), "https://example.com/a", "match", "match"),
        ]
        for c in cases {
            let reading = try XCTUnwrap(Readings.named(c.name), c.name)
            XCTAssertEqual(try decide(CompiledEngine(), c.json, c.url), c.linkmatch, "LinkMatch, \(c.name) case \(c.url)")
            XCTAssertEqual(try decide(ReferenceEngine(), c.json, c.url), c.linkmatch, "reference, \(c.name) case \(c.url)")
            XCTAssertEqual(try decide(reading.engine, c.json, c.url), c.reading, "\(c.name) on \(c.url)")
        }
        XCTAssertEqual(Set(cases.map(\.name)).count, 17)
    }

    /// Part requests go through the misreadings of a step too (the `differential` fuzz target sees them).
    func testMisreadingsOnPartRequests() throws {
        func part(_ name: String, _ request: PartRequest, _ expected: PartVerdict, file: StaticString = #filePath, line: UInt = #line) throws {
            let reading = try XCTUnwrap(Readings.named(name))
            XCTAssertEqual(reading.engine.matchPart(request), expected, name, file: file, line: line)
        }
        try part("fold-ascii-only", PartRequest(pattern: "É", kind: .plain, text: "é", caseSensitive: false), .notMatched)
        try part("fold-ascii-only", PartRequest(pattern: "A", kind: .plain, text: "a", caseSensitive: false), .matched)
        try part("trailing-slash-significant", PartRequest(pattern: "/a", kind: .path, text: "/a/"), .notMatched)
        try part("trailing-slash-significant", PartRequest(pattern: "/b/**", kind: .path, text: "/b/"), .matched)
        try part("trailing-slash-significant", PartRequest(pattern: "/b/*", kind: .path, text: "/b"), .matched)
        try part("no-parent-path", PartRequest(pattern: "/buy/*", kind: .path, text: "/buy"), .notMatched)
        try part("no-parent-path", PartRequest(pattern: "/buy/*", kind: .path, text: "/buy/x"), .matched)
        try part("predefined-values-unfolded", PartRequest(pattern: "$(upper)", kind: .plain, text: "Q", caseSensitive: false), .notMatched)
        try part("predefined-values-unfolded", PartRequest(pattern: "$(alpha)", kind: .plain, text: "Q", caseSensitive: false), .matched)
        try part("predefined-values-unfolded", PartRequest(pattern: "$(upper)", kind: .plain, text: "Q"), .matched)
    }

    /// Two readings composed decide as both: `A+B` names them (as `conformance --reading A+B`).
    func testComposedReadingsApplyBoth() throws {
        let both = try XCTUnwrap(Readings.named("no-parent-path+absent-query-item-fails"))
        XCTAssertEqual(both.name, "no-parent-path+absent-query-item-fails")
        let json = OpenPoints.components(#"[{"/":"/buy/*","?":{"b":"*"}}]"#)
        XCTAssertEqual(try decide(CompiledEngine(), json, "https://example.com/buy?b=1"), "match")
        XCTAssertEqual(try decide(both.engine, json, "https://example.com/buy?b=1"), "no_match")
        XCTAssertEqual(try decide(both.engine, json, "https://example.com/buy/1?a=1"), "no_match")
        XCTAssertEqual(try decide(both.engine, json, "https://example.com/buy/1?b=1"), "match")
        XCTAssertNil(Readings.named("no-parent-path+no-such-reading"))
        // No parent path, and the path's trailing `/` kept: `/buy/` meets `/buy/*`'s own slash, `/buy` does not.
        let slashes = try XCTUnwrap(Readings.named("no-parent-path+trailing-slash-significant"))
        let buy = OpenPoints.components(#"[{"/":"/buy/*"}]"#)
        XCTAssertEqual(try decide(slashes.engine, buy, "https://example.com/buy"), "no_match")
        XCTAssertEqual(try decide(slashes.engine, buy, "https://example.com/buy/"), "match")
        XCTAssertEqual(try decide(slashes.engine, buy, "https://example.com/buy/x/"), "match")
        XCTAssertEqual(try decide(XCTUnwrap(Readings.named("no-parent-path")).engine, buy, "https://example.com/buy/"), "no_match")
    }
}

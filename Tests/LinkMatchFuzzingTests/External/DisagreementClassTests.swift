import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// `linkmatch fuzz`'s classes: the rules a minimized case names (written here by hand from SPEC.md),
/// the known-classes file, variants, and the pipelined exchange with a program.
final class DisagreementClassTests: XCTestCase {
    func request(_ aasa: String, url: String, domain: String = "", app: String = "A.b") throws -> ConformanceProtocol.Request {
        ConformanceProtocol.Request(id: .string("1"), aasa: try JSONParser.parse(Array(aasa.utf8)), domain: domain, appID: app, url: url)
    }

    func oneEntry(_ components: String) -> String {
        #"{"applinks":{"details":[{"appIDs":["A.b"],"components":\#(components)}]}}"#
    }

    func testRulesOfMinimizedCases() throws {
        let cases: [(ConformanceProtocol.Request, [String])] = [
            (try request(oneEntry(#"[{"/":"/a/*"}]"#), url: "https://h/a"), ["N3"]),
            (try request(oneEntry(#"[{"/":"/a"}]"#), url: "https://h/a/"), ["N2"]),
            (try request(oneEntry(#"[{"/":"a"}]"#), url: "https://h/a"), ["N1"]),
            (try request(oneEntry(#"[{"/":"/a"}]"#), url: "https://h/a"), ["P1"]),
            (try request(oneEntry(#"[{}]"#), url: "HTTPS://h"), ["U2"]),
            (try request(oneEntry(#"[{}]"#), url: "https://H", domain: "h"), ["U3"]),
            (try request(oneEntry(#"[{}]"#), url: "https://h"), ["D11"]),
            (try request(oneEntry(#"[{}]"#), url: "https://h", app: "a.b"), ["D12"]),
            (try request(oneEntry(#"[{"?":{"b":"*"}}]"#), url: "https://h?a=1"), ["Q2", "Q3"]),
            (try request(oneEntry(#"[{"?":{"id":"7"}}]"#), url: "https://h?id=7&id=42"), ["Q2", "Q4"]),
            (try request(oneEntry(##"[{"#":"$(upper)","caseSensitive":false}]"##), url: "https://h#a"), ["V3", "V4", "E1"]),
            (try request(oneEntry(#"[{"/":"/a b","percentEncoded":false}]"#), url: "https://h/a%20b"), ["E3"]),
            (try request(oneEntry(#"[{"/":"/x","exclude":true}]"#), url: "https://h/x"), ["C3"]),
            (try request(#"{"applinks":{"defaults":{"/":"/x"},"details":[{"appIDs":["A.b"],"components":[{}]}]}}"#, url: "https://h/x"),
             ["C5"]),
            (try request(#"{"applinks":{"details":[{"appIDs":["A.b"],"paths":["/x"]}]}}"#, url: "https://h/x"), ["D6"]),
            (try request(#"{"applinks":{"details":{"A.b":{"components":[{}]}}}}"#, url: "https://h"), ["D5"]),
        ]
        for (r, expected) in cases {
            XCTAssertEqual(DisagreementClassifier.rules(of: r), expected, r.line)
        }
    }

    func testSpecOrder() {
        XCTAssertEqual(DisagreementClassifier.specOrder(["E1", "D12", "N3", "D3", "V4", "C5", "Q2", "U2", "P1"]),
                       ["D3", "D12", "C5", "P1", "V4", "U2", "N3", "E1", "Q2"])
    }

    /// A variant is the same cause with a feature more (issue 29): counted under its base, and known
    /// when its base is; classes of another kind (the program errs in one) are not variants.
    func testVariantsAreGroupedUnderTheirCause() {
        func found(_ rules: [String], known: Bool = false) -> ExternalFuzzer.FoundClass {
            let key = DisagreementClass(rules: rules, ours: "match", theirs: "no_match")
            let r = ConformanceProtocol.Request(id: .null, aasa: .null, domain: "", appID: "", url: "")
            return ExternalFuzzer.FoundClass(key: key, count: 1,
                                             example: .init(caseIndex: 0, original: r, shrunk: r, ours: .decision(id: .null, .match),
                                                            theirs: .decision(.noMatch), shrinkAttempts: 0),
                                             known: known, variantOf: nil)
        }
        var classes = [found(["P1", "N3"]), found(["N3"]), found(["Q2", "Q3"]), found(["U2", "U3"])]
        // Another answer of the same kind is the same cause; a program error is another kind.
        classes.append(ExternalFuzzer.FoundClass(key: DisagreementClass(rules: ["N3", "Q2"], ours: "no_match", theirs: "match"), count: 1,
                                                 example: classes[0].example, known: false, variantOf: nil))
        classes.append(ExternalFuzzer.FoundClass(key: DisagreementClass(rules: ["N3", "Q3"], ours: "match", theirs: "error"), count: 1,
                                                 example: classes[0].example, known: false, variantOf: nil))
        let known: Set = [DisagreementClass(rules: ["U3"], ours: "match", theirs: "no_match")]
        ExternalFuzzer.groupVariants(&classes, known: known)
        XCTAssertEqual(classes.map { $0.variantOf?.rules }, [["N3"], nil, nil, ["U3"], ["N3"], nil])
        XCTAssertEqual(classes.map(\.known), [false, false, false, true, false, false])
    }

    /// A pair of readings that holds a reading found alone is a variant of that reading's class.
    func testPairOfReadingsIsAVariantOfItsReadingFoundAlone() {
        let single = DisagreementClass(readings: ["no-parent-path"], ours: "any", theirs: "any")
        let pair = DisagreementClass(readings: ["no-parent-path", "variables-literal"], ours: "any", theirs: "any")
        let other = DisagreementClass(readings: ["variables-literal"], ours: "any", theirs: "any")
        XCTAssertEqual(ExternalFuzzer.base(of: pair, among: [single, pair]), single)
        XCTAssertNil(ExternalFuzzer.base(of: single, among: [single, pair, other]))
        XCTAssertNil(ExternalFuzzer.base(of: pair, among: [pair]))
        // A special case found beside the reading that generalizes it (declared in the catalogue).
        let general = DisagreementClass(readings: ["defaults-ignored"], ours: "any", theirs: "any")
        let special = DisagreementClass(readings: ["entry-defaults-ignored"], ours: "any", theirs: "any")
        XCTAssertEqual(ExternalFuzzer.base(of: special, among: [special, general]), general)
        XCTAssertNil(ExternalFuzzer.base(of: general, among: [special, general]))
    }

    func testKnownFileLinesCommentsAndErrors() throws {
        let fuzzer = ExternalFuzzer(external: ExternalEngine(command: "exit 1"), ours: ReferenceEngine(), options: .init())
        let text = """
            # accepted
            {"version":2,"readings":[],"rejected":null,"rules":["N3"],"linkmatch":"match","program":"no_match","count":2}
            {"version":2,"readings":["no-parent-path"],"rejected":null,"rules":[],"linkmatch":"any","program":"any","count":2}

            """
        let loaded = try KnownClasses.load(text: text, file: "k", fuzzer: fuzzer).get()
        XCTAssertEqual(loaded.classes, [DisagreementClass(rules: ["N3"], ours: "match", theirs: "no_match"),
                                        DisagreementClass(readings: ["no-parent-path"], ours: "any", theirs: "any")])
        // Version 1 lines (no version): converted by their replay line, refused without one, and
        // an unknown version is refused; each message names the file and line.
        guard case .failure(let v1) = KnownClasses.load(text: #"{"rules":["N3"],"linkmatch":"match","program":"no_match"}"#, file: "k", fuzzer: fuzzer),
              case .failure(let v9) = KnownClasses.load(text: #"{"version":9,"readings":[],"rules":[],"linkmatch":"a","program":"b"}"#, file: "k", fuzzer: fuzzer) else {
            return XCTFail("a version 1 line without replay and a version 9 line must be refused")
        }
        XCTAssertTrue(v1.description.hasPrefix("k:1: a version 1 class line") && v1.description.contains("--report"), v1.description)
        XCTAssertTrue(v9.description.hasPrefix("k:1: classes.jsonl format version 9"), v9.description)
        guard case .failure(let error) = KnownClasses.load(text: "# x\n[1]\n", file: "k", fuzzer: fuzzer) else {
            return XCTFail("a line that is not an object must fail")
        }
        XCTAssertTrue(error.description.hasPrefix("k:2: not a JSON object"), error.description)
    }

    func testRequestLineWithSerializedDocumentIsTheLine() throws {
        let r = try request(oneEntry(#"[{"/":"/é\"\\","?":{"a":"1"}}]"#), url: "https://h/\u{1}é", domain: "D\"")
        XCTAssertEqual(r.line(aasaText: r.aasa.serialized()), r.line)
    }

    /// A program that answers each pair of requests in swapped order: answers are matched by id.
    func testPipelinedAnswersAreMatchedById() throws {
        let swapPairs = #"while IFS= read -r a && IFS= read -r b; do printf '%s\n%s\n' "$b" "$a"; done"#
        let echoDecision = #"sed -u 's/^{"id":\("[^"]*"\).*"url":"https:\/\/h\/\([a-z_]*\)"}$/{"id":\1,"decision":"\2"}/'"#
        let engine = ExternalEngine(command: swapPairs + " | " + echoDecision, timeout: 5)
        defer { engine.process.stop() }
        let decisions = ["match", "no_match", "exclude", "match", "exclude", "no_match"]
        let requests = try decisions.enumerated().map { i, d in
            var r = try request(oneEntry("[]"), url: "https://h/\(d)")
            r.id = .string("r\(i)")
            return r
        }
        XCTAssertEqual(engine.ask(all: requests).map(\.description), decisions)
        XCTAssertEqual(engine.process.launches, 1)
    }
}

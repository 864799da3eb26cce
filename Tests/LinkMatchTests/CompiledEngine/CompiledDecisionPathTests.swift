import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The decision path's fast paths: trie nodes read through a direct table, one index walk for a path
/// that reads alike in every form, query items matched in place. Expectations are a set's membership
/// (tries) or the reference engine's decisions (documents), never the code under test.
final class CompiledDecisionPathTests: XCTestCase {
    /// Walks `key` through `rows` and says whether it ends on a key's end node.
    private func contains<L>(_ rows: TrieRows<L>, _ key: [L]) -> Bool {
        let ends = Set(rows.endNodes)
        var work = 0
        return TrieRows.withView(nodes: rows.nodes, labels: rows.edgeLabels, targets: rows.edgeTargets,
                                 denseTargets: rows.denseTargets) { view -> Bool in
            var node = 0
            for label in key {
                guard let child = view.child(of: node, label, work: &work) else { return false }
                node = child
            }
            return ends.contains(Int32(node))
        }
    }

    func testDirectTablesFindExactlyTheKeysAmongSharedPrefixesAndNonASCII() {
        // Many first letters (the root gets a table), keys sharing prefixes, Latin-1 scalars within a
        // table's span, and under "x" a scalar far out of it (that node falls back to the binary search).
        let words = ["a", "ab", "abc", "abd", "abe", "abf", "abg", "abh", "abi", "abj", "b", "c", "d", "e", "f", "g", "h",
                     "é", "été", "über", "ñandú", "z", "zz", "x\u{1F600}", "xa", "xb", "xc", "xd", "xe", "xf", "xg"]
        let keys = words.map { $0.unicodeScalars.map(\.value) }.sorted { $0.lexicographicallyPrecedes($1) }
        let rows = TrieRows<UInt32>(sortedKeys: keys)
        XCTAssertGreaterThanOrEqual(rows.nodes[0].dense, 0, "the root has many edges: it must have a table")
        XCTAssertTrue(rows.nodes.contains { $0.count >= 8 && $0.dense >= 0 && $0.first > 0 }, "an inner node with a table")
        XCTAssertTrue(rows.nodes.contains { $0.count >= 8 && $0.dense < 0 }, "a node whose labels are too spread for a table")
        let wanted = Set(keys)
        var probes = keys
        for key in keys {
            probes.append(key + [0x61])
            probes.append(Array(key.dropLast()))
            probes.append(key.map { $0 ^ 0x20 })
            probes.append([0x7F] + key)
        }
        probes += [[0x60], [0x7B], [0xE8], [0x1F601], [0x10FFFF]]
        for probe in probes {
            XCTAssertEqual(contains(rows, probe), wanted.contains(probe), "\(probe)")
        }

        let byteKeys = words.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        let byteRows = TrieRows<UInt8>(sortedKeys: byteKeys)
        XCTAssertGreaterThanOrEqual(byteRows.nodes[0].dense, 0)
        let byteWanted = Set(byteKeys)
        for probe in byteKeys + byteKeys.map({ $0 + [0xFF] }) + byteKeys.map({ Array($0.dropLast()) }) + [[0x00], [0xFF]] {
            XCTAssertEqual(contains(byteRows, probe), byteWanted.contains(probe), "\(probe)")
        }
    }

    private func assertAgree(_ document: AASADocument, _ urls: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = ReferenceEngine().prepare(document)
        let compiled = CompiledEngine().prepare(document)
        var decided: Set<Decision.Outcome> = []
        for text in urls {
            let url = try ParsedURL(text)
            let expected = reference.decide(url, appID: "T.app", domain: "")
            XCTAssertEqual(compiled.decide(url, appID: "T.app", domain: ""), expected, text, file: file, line: line)
            decided.insert(expected.outcome)
        }
        XCTAssertEqual(decided, [.match, .exclude, .noMatch], "the cases reach every outcome", file: file, line: line)
    }

    private func document(_ rules: [ComponentFields], variables: VariableTable = VariableTable()) -> AASADocument {
        AASADocument(variables: variables, entries: [DetailEntry(
            appIDs: ["T.app"],
            rules: rules.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[0].components[\($0)]") },
            sourcePath: "applinks.details[0]")])
    }

    func testVariablesWithDirectTablesDecideAsTheReference() throws {
        let words = ["burrito", "bagel", "pizza", "pasta", "sushi", "samosa", "tacos", "taco", "udon", "wrap", "ramen",
                     "crêpe", "Crème", "ÉCLAIR", "été", "über", "ñandú"]
        let variables = VariableTable(custom: [(name: "food", values: words)])
        let doc = document([
            ComponentFields(path: "/x/$(food)", exclude: true),
            ComponentFields(path: "/$(food)/$(lang)", caseSensitive: false),
            ComponentFields(path: "/$(lang)_$(region)/$(food)/"),
            ComponentFields(path: "/p/$(food)*", percentEncoded: false),
        ], variables: variables)
        let urls = ["/x/pizza", "/x/tacos", "/x/taco", "/x/tac", "/x/crêpe", "/x/cr%C3%AApe", "/PIZZA/EN", "/Pizza/fr", "/crÊpe/de",
                    "/CRÈME/en", "/éclair/en", "/ÉTÉ/en", "/en_US/pizza/", "/fr_CA/ñandú", "/en_US/tacos/", "/en-US/pizza/",
                    "/zz_US/pizza", "/en_XX/pizza", "/p/%C3%BCber/x", "/p/%C3%9Cber", "/p/ube", "/p/sushiX", "/p/", "/"]
        try assertAgree(doc, urls.map { "https://e.com" + $0 })
    }

    func testQueryItemsReadInPlaceDecideAsTheReference() throws {
        let doc = document([
            ComponentFields(path: "/ex/*", query: .items([(name: "no", pattern: "*")]), exclude: true),
            ComponentFields(path: "/q/*", query: .items([(name: "q", pattern: "?*"), (name: "lang", pattern: "$(lang)")])),
            ComponentFields(path: "/ci/*", query: .items([(name: "Key", pattern: "a?c")]), caseSensitive: false),
            ComponentFields(path: "/pe/*", query: .items([(name: "k y", pattern: "a b")]), percentEncoded: false),
            ComponentFields(path: "/ex/*", exclude: true),
            ComponentFields(path: "*", query: .items([(name: "utm_source", pattern: "?*")])),
        ])
        let queries = ["", "?", "?q=1&lang=en", "?lang=en&q=", "?q=1", "?q=1&lang=en&q=", "?q=1&lang=xx", "?&&q=1&&lang=fr&",
                       "?q=a=b&lang=de", "?q&lang=en", "?Q=1&lang=en", "?q=1&lang=EN", "?key=abc", "?KEY=aBc", "?Key=AXC&key=abd",
                       "?key=ab", "?k%20y=a%20b", "?k y=a b", "?k%20y=a%20c", "?no=1", "?no", "?utm_source=mail", "?utm_source=",
                       "?utm_source", "?x=%C3%A9&utm_source=%41", "?utm_source=1&utm_source=", "?q=%FF&lang=en"]
        var urls: [String] = []
        for path in ["/q/x", "/ci/x", "/CI/x", "/pe/x", "/ex/1", "/other"] {
            for query in queries { urls.append("https://e.com" + path + query) }
        }
        try assertAgree(doc, urls)
    }

    func testPathsThatReadDifferentlyPerFormDecideAsTheReference() throws {
        // Rules in three forms: paths with capitals, `%` or non-ASCII must be walked per form.
        let doc = document([
            ComponentFields(path: "/a/b", exclude: true),
            ComponentFields(path: "/A/*", caseSensitive: false),
            ComponentFields(path: "/é/*", percentEncoded: false),
            ComponentFields(path: "/%41/*"),
            ComponentFields(path: "*/end", caseSensitive: false, percentEncoded: false),
            ComponentFields(path: "/x/*"),
        ])
        let paths = ["/a/b", "/A/B", "/a/x", "/A/x", "/%41/x", "/%61/x", "/%C3%A9/x", "/%C3%89/x", "/é/x", "/x/1", "/X/1",
                     "/q/END", "/q/%45nd", "/q/end/", "//a//b//", "/", ""]
        try assertAgree(doc, paths.map { "https://e.com" + $0 })
    }

    /// More candidates than the decision's stack buffer holds (`CompiledDocument.stackCandidates`):
    /// the walk is done again into room for all of them. 300 rules share the prefix `/p/`, each
    /// wanting its own query value, so `/p/x?k=vN` has 300 candidates and only rule N matches.
    func testAPathWithMoreCandidatesThanTheStackBufferDecidesAsTheReference() throws {
        let count = 300
        XCTAssertGreaterThan(count, CompiledDocument.stackCandidates, "the document must overflow the stack buffer")
        var rules = (0..<count).map { ComponentFields(path: "/p/*", query: .items([(name: "k", pattern: "v\($0)")])) }
        rules.append(ComponentFields(path: "/p/*", query: .items([(name: "k", pattern: "no")]), exclude: true))
        let doc = document(rules)
        let compiled = CompiledEngine().prepare(doc)
        // Hand-written expectations: the last listed rule, one past the stack buffer, and the exclude after them all.
        for (query, outcome, rule) in [("k=v299", Decision.Outcome.match, 299), ("k=v257", .match, 257), ("k=v0", .match, 0),
                                       ("k=no", .exclude, count)] {
            let decision = compiled.decide(try ParsedURL("https://e.com/p/x?" + query), appID: "T.app", domain: "")
            XCTAssertEqual(decision.outcome, outcome, query)
            XCTAssertEqual(decision.rule?.sourcePath, "applinks.details[0].components[\(rule)]", query)
        }
        try assertAgree(doc, ["/p/x?k=v299", "/p/x?k=v256", "/p/x?k=no", "/p/x?k=v300", "/q/x?k=v1"].map { "https://e.com" + $0 })
    }
}

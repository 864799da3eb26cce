import XCTest
@testable import LinkMatch
import LinkMatchTestData

/// The shortcuts that make the engines cheaper per call must not change an answer: prebuilt tries of
/// the predefined variables (compiled) and their values read once (reference), both engines' caches
/// of recently built patterns and the reference's per-document one, and the reference matcher's
/// hashed fallback for visited states. Each is compared with the computation it replaces.
final class EngineShortcutTests: XCTestCase {
    /// Appending a predefined variable's prebuilt trie adds exactly the states and edges building it
    /// there would, below a root that is not state 0 (so the renumbering is exercised).
    func testPrebuiltTriesEqualBuildingThemInPlace() {
        XCTAssertEqual(BitNFA.predefinedTries.count, 2 * VariableTable.predefinedNames.count)
        for (origin, trie) in BitNFA.predefinedTries {
            guard let values = VariableResolver.predefined[origin.name] else { return XCTFail("no values for \(origin.name)") }
            let atoms = origin.caseSensitive ? values.sensitive : values.folded
            func make(_ addValues: (inout BitNFA.Builder, Int) -> Int) -> BitNFA.Builder {
                var b = BitNFA.Builder()
                let first = b.consume(from: 0, label: 0x61)
                b.loops[first] = true
                let root = b.consume(from: first, label: 0x62)
                let join = addValues(&b, root)
                _ = b.consume(from: join, label: 0x63)
                return b
            }
            let built = make { $0.addTrie(atoms, root: $1) }
            let appended = make { $0.append(trie, root: $1) }
            let what = "$(\(origin.name)) caseSensitive \(origin.caseSensitive)"
            let sameEdge = { (x: (from: Int, to: Int), y: (from: Int, to: Int)) in x.from == y.from && x.to == y.to }
            XCTAssertGreaterThan(built.labels.count, 5, what) // start, three consumes, a join: the trie added states
            XCTAssertEqual(built.labels, appended.labels, what)
            XCTAssertEqual(built.loops, appended.loops, what)
            XCTAssertTrue(built.edges.elementsEqual(appended.edges, by: sameEdge), what)
            XCTAssertTrue(built.epsilons.elementsEqual(appended.epsilons, by: sameEdge), what)
        }
    }

    /// The automaton's edge tables (`BitNFA.grouped`, filled from the back in two passes) against
    /// the plain definition: per source in order, its targets sorted by (key, target).
    func testGroupedEdgesEqualSortingThemPerSource() {
        var g = SplitMix64(seed: 42)
        for round in 0..<200 {
            let states = Int.random(in: 1...90, using: &g)
            let edges = (0..<Int.random(in: 0...200, using: &g)).map { _ in
                (from: Int.random(in: 0..<states, using: &g), to: Int.random(in: 0..<states, using: &g))
            }
            let key = { (t: Int) -> UInt32 in UInt32((t * 7919 + round) % 5) }
            let grouped = BitNFA.grouped(edges, stateCount: states, key: key)
            var offsets: [Int32] = [0]
            var targets: [Int32] = []
            var sources = [UInt64](repeating: 0, count: (states + 63) >> 6)
            for s in 0..<states {
                let mine = edges.filter { $0.from == s }.map(\.to).sorted { (key($0), $0) < (key($1), $1) }
                targets += mine.map { Int32($0) }
                offsets.append(Int32(targets.count))
                if !mine.isEmpty { sources[s >> 6] |= UInt64(1) << UInt64(s & 63) }
            }
            XCTAssertEqual(grouped.offsets, offsets, "round \(round)")
            XCTAssertEqual(grouped.targets, targets, "round \(round)")
            XCTAssertEqual(grouped.sources, sources, "round \(round)")
        }
    }

    /// A custom variable's trie comes from `BitNFA.recentTries` (built once, appended): the same
    /// states and edges as building it in place, and the same table for the same values again.
    func testCustomTrieFromTheTableEqualsBuildingItInPlace() {
        let values: [[CompiledAtom]] = [[.unit(0x62), .unit(0x63)], [.unit(0x62)], [.star, .unit(0x78)], [], [.any, .star]]
        var built = BitNFA.Builder()
        let rootA = built.consume(from: 0, label: 0x61)
        _ = built.addTrie(values, root: rootA)
        var appended = BitNFA.Builder()
        let rootB = appended.consume(from: 0, label: 0x61)
        _ = appended.append(BitNFA.recentTries.value(for: values) { BitNFA.TrieFragment(values) }, root: rootB)
        let sameEdge = { (x: (from: Int, to: Int), y: (from: Int, to: Int)) in x.from == y.from && x.to == y.to }
        XCTAssertEqual(built.labels, appended.labels)
        XCTAssertEqual(built.loops, appended.loops)
        XCTAssertTrue(built.edges.elementsEqual(appended.edges, by: sameEdge))
        XCTAssertTrue(built.epsilons.elementsEqual(appended.epsilons, by: sameEdge))
        XCTAssertGreaterThan(built.labels.count, 6)
    }

    /// "é" and "e" + U+0301 are equal Strings but different patterns (P2): the cache must not hand
    /// one's compiled form to the other, nor reuse a pattern across flags or variables.
    func testPatternCacheKeysOnExactScalarsFlagsAndVariables() {
        for engine: any MatchEngine in [CompiledEngine(), ReferenceEngine()] {
            patternCacheChecks(engine)
        }
    }

    func patternCacheChecks(_ engine: any MatchEngine) {
        let precomposed = PartRequest(pattern: "/\u{E9}", kind: .path, text: "/\u{E9}", percentEncoded: false)
        var decomposed = precomposed
        decomposed.pattern = "/e\u{301}"
        XCTAssertEqual(engine.matchPart(precomposed), .matched, engine.name)
        XCTAssertEqual(engine.matchPart(decomposed), .notMatched, engine.name)
        XCTAssertEqual(engine.matchPart(precomposed), .matched, engine.name)

        let sensitive = PartRequest(pattern: "/A", kind: .path, text: "/a")
        var insensitive = sensitive
        insensitive.caseSensitive = false
        XCTAssertEqual(engine.matchPart(sensitive), .notMatched, engine.name)
        XCTAssertEqual(engine.matchPart(insensitive), .matched, engine.name)

        let withA = PartRequest(pattern: "/$(v)", kind: .path, text: "/a", variables: VariableTable(custom: [("v", ["a"])]))
        var withB = withA
        withB.variables = VariableTable(custom: [("v", ["b"])])
        XCTAssertEqual(engine.matchPart(withA), .matched, engine.name)
        XCTAssertEqual(engine.matchPart(withB), .notMatched, engine.name)
        // The same pattern with another text reuses the compiled pattern and still answers per text.
        withB.text = "/b"
        XCTAssertEqual(engine.matchPart(withB), .matched, engine.name)
        // The same values read for a case-insensitive pattern are folded (V3), for a case-sensitive one not.
        let foldedValues = PartRequest(pattern: "/$(v)", kind: .path, text: "/a", caseSensitive: false,
                                       variables: VariableTable(custom: [("v", ["A"])]))
        var exactValues = foldedValues
        exactValues.caseSensitive = true
        XCTAssertEqual(engine.matchPart(foldedValues), .matched, engine.name)
        XCTAssertEqual(engine.matchPart(exactValues), .notMatched, engine.name)
        // Variable names compare exactly too (V1): "$(\u{E9})" is not defined by "e\u{301}".
        let byPrecomposedName = PartRequest(pattern: "/$(\u{E9})", kind: .path, text: "/a",
                                            variables: VariableTable(custom: [("\u{E9}", ["a"])]))
        var byDecomposedName = byPrecomposedName
        byDecomposedName.variables = VariableTable(custom: [("e\u{301}", ["a"])])
        XCTAssertEqual(engine.matchPart(byPrecomposedName), .matched, engine.name)
        XCTAssertEqual(engine.matchPart(byDecomposedName), .invalidPattern, engine.name)
        // The path and plain readings of one pattern differ (N1, N2).
        let path = PartRequest(pattern: "a/", kind: .path, text: "a")
        var plain = path
        plain.kind = .plain
        XCTAssertEqual(engine.matchPart(path), .matched, engine.name)
        XCTAssertEqual(engine.matchPart(plain), .notMatched, engine.name)
    }

    /// The reference keeps one document's built patterns for all its decisions; "/\u{E9}" and
    /// "/e\u{301}" in two rules must still each decide for their own URL.
    func testReferenceDocumentCacheKeysOnExactScalars() throws {
        let json = #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/e\u0301","exclude":true,"percentEncoded":false},"#
            + #"{"/":"/\u00e9","percentEncoded":false}]}]}}"#
        let prepared = ReferenceEngine().prepare(try AASADocument.parse(json: json).document)
        for _ in 0..<2 { // the second round is answered from the cache
            XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/%C3%A9"), appID: "T.app", domain: "").outcome, Decision.Outcome.match)
            XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/e%CC%81"), appID: "T.app", domain: "").outcome, Decision.Outcome.exclude)
        }
    }

    /// The reference reads the predefined variables' values once; a custom variable with the same
    /// values is read on every build. Both must give the same matcher and the same P5 size.
    func testReferencePredefinedValuesReadOnceEqualReadingThemAgain() throws {
        for (name, values) in ReferenceVariables.predefined {
            let custom = ReferenceVariables(custom: [("v", values)])
            for caseSensitive in [true, false] {
                let once = try XCTUnwrap(ReferencePatternMatcher.build(pattern: "$(\(name))", isPath: false, caseSensitive: caseSensitive,
                                                                       variables: ReferenceVariables(custom: [])))
                let again = try XCTUnwrap(ReferencePatternMatcher.build(pattern: "$(v)", isPath: false, caseSensitive: caseSensitive,
                                                                        variables: custom))
                XCTAssertEqual(once.map(\.atoms), again.map(\.atoms), name)
                XCTAssertEqual(once.map(\.choices), again.map(\.choices), name)
                XCTAssertGreaterThanOrEqual(once.first?.choices.first?.count ?? 0, 10, name)
            }
            XCTAssertEqual(ReferenceLimits.expandedSize([.variable(name)], variables: ReferenceVariables(custom: [])),
                           ReferenceLimits.expandedSize([.variable("v")], variables: custom), name)
        }
        XCTAssertEqual(ReferenceLimits.expandedSize([.variable("lang")], variables: ReferenceVariables(custom: [])),
                       1 + PredefinedTables.languageCodes.reduce(0) { $0 + $1.unicodeScalars.count })
    }

    /// A pattern with thousands of positions against a long text needs more than the flat visited
    /// array allows, so the reference uses its hashed set; the answers must not change.
    func testReferenceHashedVisitedSetAgreesWithTheCompiledEngine() {
        let values = (0..<2000).map { "a\($0)" }
        let variables = VariableTable(custom: [("v", values)])
        let tail = String(repeating: "x", count: 1200)
        for (text, expected) in [("/a1999" + tail, PartVerdict.matched), ("/b1999" + tail, .notMatched)] {
            let request = PartRequest(pattern: "/$(v)*", kind: .path, text: text, variables: variables)
            XCTAssertEqual(ReferenceEngine().matchPart(request), expected)
            XCTAssertEqual(CompiledEngine().matchPart(request), expected)
        }
    }
}

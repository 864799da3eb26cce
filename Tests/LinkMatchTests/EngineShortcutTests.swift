import XCTest
@testable import LinkMatch

/// The shortcuts that make the engines cheaper per call must not change an answer: prebuilt tries of
/// the predefined variables, the compiled engine's one-entry pattern cache, and the reference
/// matcher's hashed fallback for visited states. Each is compared with the computation it replaces.
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

    /// "é" and "e" + U+0301 are equal Strings but different patterns (P2): the cache must not hand
    /// one's compiled form to the other, nor reuse a pattern across flags or variables.
    func testPatternCacheKeysOnExactScalarsFlagsAndVariables() {
        let engine = CompiledEngine()
        let precomposed = PartRequest(pattern: "/\u{E9}", kind: .path, text: "/\u{E9}", percentEncoded: false)
        var decomposed = precomposed
        decomposed.pattern = "/e\u{301}"
        XCTAssertEqual(engine.matchPart(precomposed), .matched)
        XCTAssertEqual(engine.matchPart(decomposed), .notMatched)
        XCTAssertEqual(engine.matchPart(precomposed), .matched)

        let sensitive = PartRequest(pattern: "/A", kind: .path, text: "/a")
        var insensitive = sensitive
        insensitive.caseSensitive = false
        XCTAssertEqual(engine.matchPart(sensitive), .notMatched)
        XCTAssertEqual(engine.matchPart(insensitive), .matched)

        let withA = PartRequest(pattern: "/$(v)", kind: .path, text: "/a", variables: VariableTable(custom: [("v", ["a"])]))
        var withB = withA
        withB.variables = VariableTable(custom: [("v", ["b"])])
        XCTAssertEqual(engine.matchPart(withA), .matched)
        XCTAssertEqual(engine.matchPart(withB), .notMatched)
        // The same pattern with another text reuses the compiled pattern and still answers per text.
        withB.text = "/b"
        XCTAssertEqual(engine.matchPart(withB), .matched)
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

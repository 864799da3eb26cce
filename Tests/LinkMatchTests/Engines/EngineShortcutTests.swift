import XCTest
import LinkMatch
@testable import LinkMatchCompiled
@testable import LinkMatchReference
import LinkMatchRandom
import LinkMatchTestData

/// The shortcuts that make the engines cheaper per call must not change an answer: shared automata
/// of variables' values (compiled) and their values read once (reference), both engines' caches
/// of recently built patterns and the reference's per-document one, and the reference matcher's
/// hashed fallback for visited states. Each is compared with the computation it replaces.
final class EngineShortcutTests: XCTestCase {
    /// BitNFA hangs a large variable's shared automaton between a root and a join, and copies a small
    /// one's prebuilt states in. Compared with one flat automaton built the plain way (`addTrie`
    /// below the root), on seeded random patterns and texts: literals, `?`, `*`, adjacent variables,
    /// values with `*`/`?`/empty, small and large custom variables, and predefined variables (whose
    /// states are built once, from the values `VariableResolver` parsed).
    func testSharedVariableAutomataEqualOneFlatAutomaton() {
        var g = SplitMix64(seed: 7)
        let alphabet: [UInt32] = [0x61, 0x62, 0x63, 0x2F]
        let predefined: [(origin: PredefinedVariable, values: [[CompiledAtom]])] = ["lang", "digit", "upper"].map { name in
            let values = VariableResolver.predefined[name]!
            return (PredefinedVariable(name: name, caseSensitive: false), values.folded)
        }
        func atom() -> CompiledAtom {
            switch Int.random(in: 0..<8, using: &g) {
            case 0: return .any
            case 1: return .star
            default: return .unit(alphabet.randomElement(using: &g)!)
            }
        }
        var matched = 0
        var texts = 0
        var withParts = 0
        var withCopies = 0
        for round in 0..<400 {
            var pattern = AtomPattern(atoms: [], choices: [])
            for _ in 0..<Int.random(in: 1...7, using: &g) {
                if Int.random(in: 0..<3, using: &g) == 0 {
                    pattern.atoms.append(.choice(pattern.choices.count))
                    if Int.random(in: 0..<4, using: &g) == 0 {
                        let p = predefined.randomElement(using: &g)!
                        pattern.choices.append(p.values)
                        pattern.origins.append(p.origin)
                    } else {
                        // Sometimes enough values for a trie over `maxCopiedStates` states.
                        let count = Int.random(in: 0..<3, using: &g) == 0 ? Int.random(in: 20...40, using: &g) : Int.random(in: 0...4, using: &g)
                        pattern.choices.append((0..<count).map { _ in
                            (0..<Int.random(in: 0...(count > 4 ? 6 : 3), using: &g)).map { _ in atom() }
                        })
                        pattern.origins.append(nil)
                    }
                } else {
                    pattern.atoms.append(atom())
                }
            }
            var b = BitAutomaton.Builder()
            var current = 0
            for a in pattern.atoms {
                switch a {
                case .unit(let u): current = b.consume(from: current, label: u)
                case .any: current = b.consume(from: current, label: UnitLabel.any)
                case .star: b.loops[current] = true
                case .choice(let k): current = b.addTrie(pattern.choices[k], root: current)
                }
            }
            let flat = BitAutomaton(b, accept: current)
            let nfa = BitNFA(pattern)
            let shared = nfa.parts.count
            withParts += shared > 0 ? 1 : 0
            withCopies += pattern.choices.count > shared ? 1 : 0
            let units = alphabet + [0x65, 0x6E, 0x45, 0x31]
            for _ in 0..<30 {
                let text = (0..<Int.random(in: 0...9, using: &g)).map { _ in units.randomElement(using: &g)! }
                var work = 0
                let expected = text.withUnsafeBufferPointer { flat.matches($0, work: &work) }
                let actual = text.withUnsafeBufferPointer { nfa.matches($0, work: &work) }
                XCTAssertEqual(actual, expected, "round \(round): \(pattern.atoms) \(pattern.choices) on \(text)")
                texts += 1
                if expected { matched += 1 }
            }
        }
        // Both answers, and both ways of taking a variable in, occur often enough to mean something.
        XCTAssertGreaterThan(matched, texts / 50)
        XCTAssertLessThan(matched, texts - texts / 50)
        XCTAssertGreaterThan(withParts, 50)
        XCTAssertGreaterThan(withCopies, 50)
    }

    /// Every `$(lang)` occurrence uses the one automaton built for the process, the same large
    /// custom values get the same automaton back from the recent table, and small values are copied.
    func testVariableAutomataAreSharedNotRebuilt() throws {
        XCTAssertEqual(BitNFA.predefinedStates.count, 2 * VariableTable.predefinedNames.count)
        let lang = PredefinedVariable(name: "lang", caseSensitive: true)
        let shared = try XCTUnwrap(BitNFA.predefinedStates[lang]?.shared)
        let values = VariableResolver.predefined["lang"]!.sensitive
        let twice = AtomPattern(atoms: [.choice(0), .unit(0x5F), .choice(1)], choices: [values, values], origins: [lang, lang])
        let nfa = BitNFA(twice)
        XCTAssertEqual(nfa.parts.count, 2)
        XCTAssertTrue(nfa.parts[0].automaton === shared)
        XCTAssertTrue(nfa.parts[1].automaton === shared)
        XCTAssertGreaterThan(shared.stateCount, 600)
        XCTAssertLessThan(nfa.main.stateCount, 5) // start, the two joins, `_`: no copied values

        let large: [[CompiledAtom]] = (0..<40).map { [.unit(0x61 + UInt32($0 % 26)), .unit(0x30 + UInt32($0 / 26)), .star] }
        let pattern = AtomPattern(atoms: [.unit(0x61), .choice(0)], choices: [large], origins: [nil])
        XCTAssertEqual(BitNFA(pattern).parts.count, 1)
        XCTAssertTrue(BitNFA(pattern).parts[0].automaton === BitNFA(pattern).parts[0].automaton)

        let digit = PredefinedVariable(name: "digit", caseSensitive: true)
        let small = AtomPattern(atoms: [.choice(0)], choices: [VariableResolver.predefined["digit"]!.sensitive], origins: [digit])
        XCTAssertTrue(BitNFA(small).parts.isEmpty)
        XCTAssertEqual(BitNFA(small).main.stateCount, 12) // start, ten digits, the join
    }

    /// Copying a variable's prebuilt states below a root adds exactly the states and edges building
    /// its trie there would, below a root that is not state 0 (so the renumbering is exercised).
    func testCopiedValueStatesEqualBuildingThemInPlace() {
        var lists = VariableResolver.predefined.values.flatMap { [$0.sensitive, $0.folded] }
        lists.append([[.unit(0x62), .unit(0x63)], [.unit(0x62)], [.star, .unit(0x78)], [], [.any, .star]])
        var checked = 0
        for values in lists where BitNFA.ValueStates(values).shared == nil { // only small tries are copied
            checked += 1
            func make(_ addValues: (inout BitAutomaton.Builder, Int) -> Int) -> BitAutomaton.Builder {
                var b = BitAutomaton.Builder()
                let first = b.consume(from: 0, label: 0x61)
                b.loops[first] = true
                let root = b.consume(from: first, label: 0x62)
                let join = addValues(&b, root)
                _ = b.consume(from: join, label: 0x63)
                return b
            }
            let built = make { $0.addTrie(values, root: $1) }
            let copied = make { $0.append(BitNFA.ValueStates(values), root: $1) }
            let sameEdge = { (x: (from: Int, to: Int), y: (from: Int, to: Int)) in x.from == y.from && x.to == y.to }
            XCTAssertGreaterThan(built.labels.count, 5) // start, three consumes, a join: the trie added states
            XCTAssertEqual(built.labels, copied.labels)
            XCTAssertEqual(built.loops, copied.loops)
            XCTAssertTrue(built.edges.elementsEqual(copied.edges, by: sameEdge))
            XCTAssertTrue(built.epsilons.elementsEqual(copied.epsilons, by: sameEdge))
        }
        XCTAssertGreaterThanOrEqual(checked, 3) // `$(digit)` both ways, and the custom list
    }

    /// The automaton's edge tables (`BitAutomaton.grouped`, filled from the back in two passes) against
    /// the plain definition: per source in order, its targets sorted by (key, target).
    func testGroupedEdgesEqualSortingThemPerSource() {
        var g = SplitMix64(seed: 42)
        for round in 0..<200 {
            let states = Int.random(in: 1...90, using: &g)
            let edges = (0..<Int.random(in: 0...200, using: &g)).map { _ in
                (from: Int.random(in: 0..<states, using: &g), to: Int.random(in: 0..<states, using: &g))
            }
            let key = { (t: Int) -> UInt32 in UInt32((t * 7919 + round) % 5) }
            let grouped = BitAutomaton.grouped(edges, stateCount: states, key: key)
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

    /// The reference walks a run of `*` (in a value, or in the pattern after N1–N3) as one `*`.
    /// Compared with walking every star as written, on seeded random star-heavy values, patterns
    /// (with runs of their own, using the variable twice) and texts.
    func testReferenceStarRunsEqualWalkingEveryStar() throws {
        var g = SplitMix64(seed: 11)
        let pieces = ["*", "**", "***", "?", "a", "b", "/"]
        var matched = 0
        var total = 0
        for round in 0..<300 {
            let values = (0..<Int.random(in: 1...4, using: &g)).map { _ in
                (0..<Int.random(in: 0...5, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            }
            let pattern = ["a$(v)b**$(v)", "$(v)**$(v)", "$(v)?***", "**$(v)a*", "a***b*"].randomElement(using: &g)!
            let variables = ReferenceVariables(custom: [("v", values)])
            let built = try XCTUnwrap(ReferencePatternMatcher.build(pattern: pattern, isPath: false, caseSensitive: true,
                                                                    variables: variables)?.first)
            func written(_ elements: [ReferencePattern.Element]) -> [ReferencePatternMatcher.Atom] {
                elements.map { ReferencePatternMatcher.atom($0, caseSensitive: true) }
            }
            let writtenValues = values.map { written(ReferencePattern.readValue($0)) }
            var choices = 0
            let writtenAtoms: [ReferencePatternMatcher.Atom] = try XCTUnwrap(ReferencePattern.read(pattern)).map {
                guard case .variable = $0 else { return ReferencePatternMatcher.atom($0, caseSensitive: true) }
                choices += 1
                return .choice(choices - 1)
            }
            let everyStar = ReferencePatternMatcher(atoms: writtenAtoms, choices: (0..<choices).map { _ in writtenValues },
                                                    indexes: (0..<choices).map { _ in ReferencePatternMatcher.ValueIndex(writtenValues) })
            XCTAssertLessThan(built.layout.count, everyStar.layout.count, pattern) // every template has a run
            for _ in 0..<20 {
                let text = (0..<Int.random(in: 0...8, using: &g)).map { _ in ["a", "b", "/", "c"].randomElement(using: &g)! }.joined()
                var budget = 1_000_000
                let scalars = Array(text.unicodeScalars)
                let expected = everyStar.matches(scalars, budget: &budget)
                let actual = built.matches(scalars, budget: &budget)
                XCTAssertNotNil(expected)
                XCTAssertEqual(actual, expected, "round \(round): \(pattern) \(values) on \(text)")
                total += 1
                if expected == true { matched += 1 }
            }
        }
        XCTAssertGreaterThan(matched, total / 20)
        XCTAssertLessThan(matched, total - total / 20)
    }

    /// N3 looks at the pattern as written: `/a/**` does not end in `/*`, so it does not match the
    /// parent path `/a` even though its run is walked as one `*`; `/a/*` does (SPEC N3).
    func testStarRunsDoNotBringN3In() {
        let cases: [(String, String, PartVerdict)] = [
            ("/a/*", "/a", .matched), ("/a/**", "/a", .notMatched), ("/a/**", "/a/b", .matched),
            ("/a/**/", "/a", .notMatched), ("/a/***", "/a/", .notMatched), ("/a/***", "/a/b", .matched), ("/**", "/", .matched),
        ]
        for (pattern, text, expected) in cases {
            let request = PartRequest(pattern: pattern, kind: .path, text: text, variables: VariableTable(custom: []))
            XCTAssertEqual(ReferenceEngine().matchPart(request), expected, "\(pattern) on \(text)")
            XCTAssertEqual(CompiledEngine().matchPart(request), expected, "\(pattern) on \(text)")
        }
    }

    /// A pattern with thousands of positions against a long text: the reference's visited bits come
    /// in thousands of chunks allocated as touched (1,200 characters), or, beyond its bit limit,
    /// from a hashed set (30,000 characters); the answers must not change.
    func testReferenceChunkedAndHashedVisitedSetsAgreeWithTheCompiledEngine() throws {
        let values = (0..<2000).map { "a\($0)" }
        let variables = VariableTable(custom: [("v", values)])
        let matcher = try XCTUnwrap(ReferencePatternMatcher.build(pattern: "/$(v)*", isPath: true, caseSensitive: true,
                                                                  variables: ReferenceVariables(custom: [("v", values)]))?.first)
        for (length, hashed) in [(1_200, false), (30_000, true)] {
            let tail = String(repeating: "x", count: length)
            let cells = matcher.layout.count * (length + 6)
            XCTAssertEqual(cells > ReferencePatternMatcher.maxVisitedBits, hashed)
            XCTAssertGreaterThan(cells >> 12, 1_000)
            for (text, expected) in [("/a1999" + tail, PartVerdict.matched), ("/b1999" + tail, .notMatched)] {
                let request = PartRequest(pattern: "/$(v)*", kind: .path, text: text, variables: variables)
                XCTAssertEqual(ReferenceEngine().matchPart(request), expected, "\(length)")
                XCTAssertEqual(CompiledEngine().matchPart(request), expected, "\(length)")
            }
        }
    }
}

import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// What the decision reads must hold no object, and the one kind of object a store keeps (the
/// automaton, BitNFA) must be stored as its plain address. LeakSanitizer (the address-sanitizer fuzz
/// builds, ClusterFuzzLite's included) finds live objects by scanning memory for their addresses: an
/// enum with two class payloads once kept its case in the pointer's spare high bits, and then every
/// cached automaton was reported as leaked at exit. Programs are now a kind and an index, so no enum
/// carries a class payload; these tests keep it so.
final class CompiledPatternLayoutTests: XCTestCase {
    private func compiled(_ pattern: String, into store: inout MatcherStore) throws -> CompiledPattern {
        // fruit's values are literal (SequenceMatcher), wild's have wildcards (the automaton, BitNFA).
        var variables = VariableResolver(VariableTable(custom: [("fruit", ["apple", "pear"]), ("wild", ["a*", "b?"])]))
        return try XCTUnwrap(PatternCompiler.compile(pattern, isPath: true, caseSensitive: true, variables: &variables, store: &store))
    }

    /// The values a decision reads hold no reference at all (no retain, no release, nothing for
    /// LeakSanitizer to miss).
    func testTheDecisionPathsValuesHoldNoReference() {
        XCTAssertTrue(_isPOD(PatternPrograms.self))
        XCTAssertTrue(_isPOD(ProgramRef.self))
        XCTAssertTrue(_isPOD(GlobMatcher.self))
        XCTAssertTrue(_isPOD(GlobMatcher.Segment.self))
        XCTAssertTrue(_isPOD(SequenceMatcher.self))
        XCTAssertTrue(_isPOD(SequenceMatcher.Step.self))
        XCTAssertTrue(_isPOD(ValueTrie.self))
        XCTAssertTrue(_isPOD(QueryItemKey.self))
        // A compiled rule too: copying, keeping and dropping the rules of a document counts no reference.
        XCTAssertTrue(_isPOD(CompiledRule.self))
        XCTAssertTrue(_isPOD(IndexKeys.self))
    }

    /// A leading variable with several literal starts lists the others in the key bytes: each is
    /// read back as written, and the rule is found under every start.
    func testAPatternWithSeveralStartsListsTheOthersInTheKeyBytes() throws {
        var variables = VariableResolver(VariableTable(custom: [("fruit", ["apple", "pear", "plum"])]))
        var store = MatcherStore()
        var keyBytes: [UInt8] = Array("padding".utf8)
        var atoms: [CompiledAtom] = []
        let pattern = try XCTUnwrap(PatternCompiler.compile("/$(fruit)/x",
                                                            isPath: true, caseSensitive: true, variables: &variables,
                                                            keyBytes: &keyBytes, atoms: &atoms, store: &store))
        var starts = [pattern.keys.first.map { String(decoding: keyBytes[Int($0.lowerBound)..<Int($0.upperBound)], as: UTF8.self) }]
        IndexKeys.forEachRange(pattern.keys.more, in: keyBytes) { range in
            starts.append(String(decoding: keyBytes[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self))
        }
        XCTAssertEqual(starts.compactMap { $0 }.sorted(), ["apple", "pear", "plum"]) // each value a start (the key stops after it)
        let document = AASADocument(variables: VariableTable(custom: [("fruit", ["apple", "pear", "plum"])]), entries: [
            DetailEntry(appIDs: ["A.b"], rules: [DocumentRule(fields: ComponentFields(path: "/$(fruit)/x"),
                                                              sourcePath: "applinks.details[0].components[0]")],
                        sourcePath: "applinks.details[0]")])
        let compiled = CompiledEngine().compile(document)
        for path in ["/apple/x", "/pear/x", "/plum/x", "/fig/x"] {
            let url = try ParsedURL("https://example.com" + path)
            XCTAssertEqual(compiled.decide(url, appID: "A.b", domain: "").outcome, path == "/fig/x" ? Decision.Outcome.noMatch : .match, path)
        }
    }

    func testEachKindOfProgramIsIndexedInItsOwnArray() throws {
        var store = MatcherStore()
        for (pattern, kind) in [("/a/*b", ProgramRef.Kind.glob), ("/$(fruit)/x", .sequence), ("/$(wild)/x", .automaton),
                                ("/*b*", .glob), ("$(lang)_$(region)", .sequence), ("$(wild)", .automaton)] {
            let program = try compiled(pattern, into: &store).main
            XCTAssertEqual(program.kind, kind, pattern)
            XCTAssertEqual(Int(program.index), kind == .glob ? store.globs.count - 1
                           : kind == .sequence ? store.sequences.count - 1 : store.automata.count - 1, pattern)
        }
        XCTAssertEqual(store.globs.count, 2)
        XCTAssertEqual(store.sequences.count, 2)
        XCTAssertEqual(store.automata.count, 2)
    }

    func testAnAutomatonsAddressIsStoredAsIs() throws {
        var store = MatcherStore()
        for pattern in ["/$(wild)/*", "/$(lang)_$(wild)/?*", "$(wild)"] {
            let program = try compiled(pattern, into: &store).main
            let automaton = try XCTUnwrap(store.automaton(program), pattern)
            XCTAssertEqual(store.shape(of: program), .automaton, pattern)
            let address = UInt(bitPattern: Unmanaged.passUnretained(automaton).toOpaque())
            let stored = store.automata.withUnsafeBytes { raw in
                raw.loadUnaligned(fromByteOffset: Int(program.index) * MemoryLayout<BitNFA>.stride, as: UInt.self)
            }
            XCTAssertEqual(stored, address, "\(pattern): the automaton's address is not stored as is")
        }
    }

    /// The parent-path program (N3) is a second program of the same store.
    func testTheParentProgramIsItsOwnProgram() throws {
        var store = MatcherStore()
        let pattern = try compiled("/$(wild)/*", into: &store)
        XCTAssertEqual(pattern.parent.kind, .automaton)
        XCTAssertNotEqual(pattern.parent.index, pattern.main.index)
        XCTAssertNotNil(store.automaton(pattern.parent))
        let plain = try compiled("/a/b", into: &store)
        XCTAssertEqual(plain.parent, .none)
    }

    func testAVariableWithoutValuesNeverMatches() throws {
        var variables = VariableResolver(VariableTable(custom: [("none", [])]))
        var store = MatcherStore()
        let pattern = try XCTUnwrap(PatternCompiler.compile("/$(none)", isPath: true, caseSensitive: true, variables: &variables,
                                                            store: &store))
        XCTAssertEqual(store.shape(of: pattern.main), .never)
        XCTAssertNil(store.glob(pattern.main))
        XCTAssertNil(store.automaton(pattern.main))
    }
}

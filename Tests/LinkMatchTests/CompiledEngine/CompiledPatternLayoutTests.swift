import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// A compiled program must hold its matcher's address as a plain word. LeakSanitizer (the address-
/// sanitizer fuzz builds, ClusterFuzzLite's included) finds live objects by scanning memory for their
/// addresses; an enum with two class payloads keeps its case in the pointer's spare high bits, and
/// then every cached automaton was reported as leaked at exit. See `MatchProgram`.
final class CompiledPatternLayoutTests: XCTestCase {
    /// The words of `value`'s stored representation.
    private func words<T>(of value: T) -> [UInt] {
        withUnsafeBytes(of: value) { raw in
            stride(from: 0, through: raw.count - MemoryLayout<UInt>.size, by: MemoryLayout<UInt>.size).map {
                raw.loadUnaligned(fromByteOffset: $0, as: UInt.self)
            }
        }
    }

    private func compiled(_ pattern: String) throws -> CompiledPattern {
        // fruit's values are literal (SequenceMatcher), wild's have wildcards (the automaton, BitNFA).
        var variables = VariableResolver(VariableTable(custom: [("fruit", ["apple", "pear"]), ("wild", ["a*", "b?"])]))
        return try XCTUnwrap(PatternCompiler.compile(pattern, isPath: true, caseSensitive: true, variables: &variables))
    }

    func testAnAutomatonsAddressIsStoredAsIs() throws {
        for pattern in ["/$(wild)/*", "/$(lang)_$(wild)/?*", "$(wild)"] {
            let program = try compiled(pattern).main
            let automaton = try XCTUnwrap(program.automaton, pattern)
            XCTAssertEqual(program.shape, .automaton, pattern)
            let address = UInt(bitPattern: Unmanaged.passUnretained(automaton).toOpaque())
            XCTAssertTrue(words(of: program).contains(address), "\(pattern): the automaton's address is not among the program's words")
        }
    }

    func testASequenceMatchersAddressIsStoredAsIs() throws {
        for pattern in ["/$(fruit)/*", "/$(lang)_$(region)/?*", "$(fruit)"] {
            let program = try compiled(pattern).main
            let sequence = try XCTUnwrap(program.sequence, pattern)
            XCTAssertEqual(program.shape, .sequence, pattern)
            let address = UInt(bitPattern: Unmanaged.passUnretained(sequence).toOpaque())
            XCTAssertTrue(words(of: program).contains(address), "\(pattern): the sequence matcher's address is not among the program's words")
        }
    }

    func testAGlobsAddressIsStoredAsIs() throws {
        for pattern in ["/a/*", "/*b*", "/x?y"] {
            let program = try compiled(pattern).main
            let glob = try XCTUnwrap(program.glob, pattern)
            let address = UInt(bitPattern: Unmanaged.passUnretained(glob).toOpaque())
            XCTAssertTrue(words(of: program).contains(address), "\(pattern): the glob matcher's address is not among the program's words")
        }
    }

    /// The parent-path program (N3) sits in an optional next to the main one: its address too.
    func testTheParentProgramsAddressIsStoredAsIs() throws {
        let pattern = try compiled("/$(wild)/*")
        let parent = try XCTUnwrap(pattern.parent)
        let automaton = try XCTUnwrap(parent.automaton)
        let address = UInt(bitPattern: Unmanaged.passUnretained(automaton).toOpaque())
        XCTAssertTrue(words(of: pattern.parent).contains(address))
    }

    func testAVariableWithoutValuesNeverMatches() throws {
        var variables = VariableResolver(VariableTable(custom: [("none", [])]))
        let pattern = try XCTUnwrap(PatternCompiler.compile("/$(none)", isPath: true, caseSensitive: true, variables: &variables))
        XCTAssertEqual(pattern.main.shape, .never)
        XCTAssertNil(pattern.main.glob)
        XCTAssertNil(pattern.main.automaton)
    }
}

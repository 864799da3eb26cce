import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchRandom

/// The compiler's byte path (`PatternCompiler.compileASCII`, plain ASCII patterns with no `$`) must
/// build exactly what the atom path (`compileFromAtoms`, the reference here) builds from the same
/// pattern: the same programs, index keys, key bytes, matchers, segments, packed words and Shift-And
/// masks. Every pattern is compiled both ways, each way into its own store, and the stores compared
/// whole, so a difference in any table shows.
final class ASCIIPatternPathTests: XCTestCase {
    private struct Compiled {
        var store = MatcherStore()
        var keyBytes: [UInt8] = []
        var atoms: [CompiledAtom] = []
        var patterns: [String] = []
    }

    /// Compiles `sources` in every mode both ways and compares; `expectBytePath`: each must take the
    /// byte path (else each must not).
    private func assertBothPathsAgree(_ sources: [String], expectBytePath: Bool = true,
                                      file: StaticString = #filePath, line: UInt = #line) {
        var variables = VariableResolver(VariableTable(custom: []))
        for isPath in [true, false] {
            for caseSensitive in [true, false] {
                var fast = Compiled()
                var reference = Compiled()
                for source in sources {
                    var probe = MatcherStore()
                    var probeKeys: [UInt8] = []
                    let outcome = PatternCompiler.compileASCII(source, isPath: isPath, caseSensitive: caseSensitive,
                                                               keyBytes: &probeKeys, store: &probe)
                    if case .notPlainASCII = outcome {
                        XCTAssertFalse(expectBytePath, "\(source): the byte path was not taken", file: file, line: line)
                    } else {
                        XCTAssertTrue(expectBytePath, "\(source): the byte path was taken", file: file, line: line)
                    }
                    let a = PatternCompiler.compile(source, isPath: isPath, caseSensitive: caseSensitive, variables: &variables,
                                                    keyBytes: &fast.keyBytes, atoms: &fast.atoms, store: &fast.store)
                    let b = PatternCompiler.compileFromAtoms(source, isPath: isPath, caseSensitive: caseSensitive,
                                                             variables: &variables, keyBytes: &reference.keyBytes,
                                                             atoms: &reference.atoms, store: &reference.store)
                    XCTAssertEqual(a.map { "\($0)" }, b.map { "\($0)" }, "\(source) path \(isPath) cs \(caseSensitive)",
                                   file: file, line: line)
                }
                let mode = "path \(isPath) cs \(caseSensitive)"
                let x = fast.store.segments
                let y = reference.store.segments
                assertSame(fast.keyBytes, reference.keyBytes, "key bytes, \(mode)", file: file, line: line)
                assertSame(fast.store.globs.map { "\($0)" }, reference.store.globs.map { "\($0)" }, "globs, \(mode)", file: file, line: line)
                assertSame(x.segments.map { "\($0)" }, y.segments.map { "\($0)" }, "segments, \(mode)", file: file, line: line)
                assertSame(x.words, y.words, "packed words, \(mode)", file: file, line: line)
                assertSame(x.masks, y.masks, "Shift-And masks, \(mode)", file: file, line: line)
                assertSame(x.labels, y.labels, "labels, \(mode)", file: file, line: line)
                assertSame(x.wideUnits, y.wideUnits, "wide units, \(mode)", file: file, line: line)
            }
        }
    }

    /// Equal arrays, else one failure naming the first difference (the arrays are long).
    private func assertSame<T: Equatable>(_ a: [T], _ b: [T], _ what: String, file: StaticString, line: UInt) {
        guard a != b else { return }
        let at = a.indices.first { $0 < b.count && a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail("\(what): \(a.count) vs \(b.count) elements, first difference at \(at): "
                + "\(at < a.count ? "\(a[at])" : "none") vs \(at < b.count ? "\(b[at])" : "none")", file: file, line: line)
    }

    func testHandPickedShapesAgree() {
        assertBothPathsAgree([
            "", "/", "//", "*", "?", "/*", "//*//", "/a/*", "/a//*", "a/*", "/*/", "/?/*", "/A/b/*", "/Help/FAQ",
            "/buy/*", "*/checkout", "/id/????", "/a/*/b/?*/c", "*a*", "**a**b**", "/s1/*/detail/?*", "/x/?*/y/*",
            "/abcdefgh/*", "/abcdefghi", "/abcdefghijklmnop", "/abcdefghijklmnopq/*", "?*?*?", "*????????????*",
            "*/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~!&'()+,;=:@%/*x",
            "/a*" + String(repeating: "b?", count: 40) + "*c", // a middle over 64 units: two mask words
            "/a*" + String(repeating: "?", count: 70) + "*c",  // a middle of `?` only: no search
            "q=?*", "#top", "name=*&x", "/MiXeD/CaSe/*", "/%41/*", "/tab\there", "/\u{7F}*",
        ])
    }

    /// Every pattern of up to five characters over a slash, two letters (one upper case) and both
    /// wildcards: every way of mixing runs, stars, slashes at either end and N3's `/*`.
    func testEverySmallPatternAgrees() {
        let alphabet: [Character] = ["/", "a", "Z", "*", "?"]
        var patterns: [String] = [""]
        var level: [String] = [""]
        for _ in 1...5 {
            level = level.flatMap { prefix in alphabet.map { prefix + String($0) } }
            patterns += level
        }
        assertBothPathsAgree(patterns)
    }

    /// Long runs (several packed pairs, the extra pair, searches over a word) from a fixed seed.
    func testLongRandomPatternsAgree() {
        var generator = SplitMix64(seed: 0x5EED)
        let pieces = ["/", "ab", "Q", "?", "*", "xyz/", "0123456789", "??", "-"]
        var patterns: [String] = []
        for _ in 0..<400 {
            var s = ""
            for _ in 0..<Int(generator.next() % 24) { s += pieces[Int(generator.next() % UInt64(pieces.count))] }
            patterns.append(s)
        }
        assertBothPathsAgree(patterns)
    }

    /// Every ASCII byte but `$`, alone and inside a pattern, in both fold modes (E1's table).
    func testEveryASCIIByteAgrees() {
        let bytes = (0..<128).filter { $0 != Int(UInt8(ascii: "$")) }.map { String(UnicodeScalar(UInt8($0))) }
        assertBothPathsAgree(bytes + bytes.map { "/a\($0)b/*" } + bytes.map { "*x\($0)y*z" })
        for byte in 0..<128 {
            XCTAssertEqual(UInt32(PatternCompiler.foldedASCII[byte]), CaseFolding.fold(Unicode.Scalar(UInt8(byte))).value)
        }
    }

    /// A `$`, a byte above ASCII: the atom path's (and the result the same whichever is called).
    func testOtherPatternsTakeTheAtomPath() {
        assertBothPathsAgree(["/$", "/a$b/*", "/é/*", "*É?", "/x/ü", "$(", "/$$/*"], expectBytePath: false)
    }

    /// Over the size limit (P5) the byte path says invalid, as the atom path does.
    func testTheSizeLimitHolds() {
        var variables = VariableResolver(VariableTable(custom: []))
        var store = MatcherStore()
        var keys: [UInt8] = []
        var atoms: [CompiledAtom] = []
        for n in [PatternLimits.maxExpandedSize, PatternLimits.maxExpandedSize + 1] {
            let source = "/" + String(repeating: "a", count: n - 1)
            let fast = PatternCompiler.compile(source, isPath: true, caseSensitive: true, variables: &variables,
                                               keyBytes: &keys, atoms: &atoms, store: &store)
            let reference = PatternCompiler.compileFromAtoms(source, isPath: true, caseSensitive: true, variables: &variables,
                                                             keyBytes: &keys, atoms: &atoms, store: &store)
            XCTAssertEqual(fast == nil, n > PatternLimits.maxExpandedSize, "\(n)")
            XCTAssertEqual(fast == nil, reference == nil, "\(n)")
        }
    }

    /// The eight-bytes-at-a-time check finds a `$` or a byte above ASCII at every position.
    func testThePlainASCIICheckSeesEveryPosition() {
        for length in 0..<20 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            XCTAssertTrue(plain.withUnsafeBufferPointer(PatternCompiler.isPlainASCII), "\(length)")
            for at in 0..<length {
                for bad: UInt8 in [UInt8(ascii: "$"), 0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[at] = bad
                    XCTAssertFalse(bytes.withUnsafeBufferPointer(PatternCompiler.isPlainASCII), "\(length) \(at) \(bad)")
                }
                var near = plain
                near[at] = UInt8(ascii: "#") // one below `$`
                XCTAssertTrue(near.withUnsafeBufferPointer(PatternCompiler.isPlainASCII), "\(length) \(at)")
                near[at] = UInt8(ascii: "%") // one above
                XCTAssertTrue(near.withUnsafeBufferPointer(PatternCompiler.isPlainASCII), "\(length) \(at)")
            }
        }
    }
}

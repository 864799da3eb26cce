import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The compile's hash tables (`ExactBytesTable`, the pattern memo, the app index): keys are found
/// again exactly (D12: bytes, not canonical equality), with their flags; and when every key
/// collides (the test-only `TableHashing.constant`) a lookup still probes a bounded number of slots
/// and the compiled document decides as the reference engine does.
final class CompiledMemoTableTests: XCTestCase {
    /// Keys of every length up to 40 (the hash's short, middle and word-at-a-time paths, and a tail
    /// of each size), and pairs that differ in one byte only, at the start, middle or end.
    private func distinctKeys() -> [String] {
        var keys = [""]
        for n in 1...40 {
            let base = String((0..<n).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            keys.append(base)
            keys.append("Z" + base.dropFirst())
            if n > 1 { keys.append(base.dropLast() + "Z") }
            if n > 2 { keys.append(String(base.prefix(n / 2)) + "Z" + base.dropFirst(n / 2 + 1)) }
        }
        return keys
    }

    /// Puts `keys` in `table`, each new, with its index (plus `first`) as its value.
    private func insertAll(_ keys: [String], into table: inout ExactBytesTable, tag: UInt8 = 0, first: Int = 0) {
        for (i, key) in keys.enumerated() {
            guard case .inserted = table.find(key, tag: tag, insertingIfAbsent: Int32(first + i)) else { return XCTFail("\(key) is new") }
        }
    }

    /// The value of `key` in `table` (nil if absent: then it is put there, with -9).
    private func value(_ key: String, in table: inout ExactBytesTable, tag: UInt8 = 0) -> Int32? {
        if case .found(let value) = table.find(key, tag: tag, insertingIfAbsent: -9) { return value }
        return nil
    }

    func testEveryKeyIsFoundWithItsOwnValue() {
        let keys = distinctKeys()
        XCTAssertEqual(Set(keys).count, keys.count)
        var table = ExactBytesTable(expected: 0, hashing: .perProcess) // grows on the way
        insertAll(keys, into: &table)
        for (i, key) in keys.enumerated() {
            XCTAssertEqual(value(key, in: &table), Int32(i), key)
        }
        XCTAssertEqual(table.count, keys.count)
    }

    func testTheTagIsPartOfTheKey() {
        var table = ExactBytesTable(expected: 4, hashing: .perProcess)
        insertAll(["/a/*"], into: &table, tag: 1)
        XCTAssertNil(value("/a/*", in: &table, tag: 3), "another tag, another key")
        XCTAssertEqual(value("/a/*", in: &table, tag: 1), 0, "same key")
        XCTAssertEqual(value("/a/*", in: &table, tag: 3), -9)
    }

    func testExactNotCanonicalEquality() {
        // "é" as one scalar and as e + combining acute are equal Strings (==) but different keys;
        // so are the angstrom sign and A + combining ring, which are also the same length in UTF-8.
        for (composed, decomposed) in [("/caf\u{E9}", "/cafe\u{301}"), ("/\u{212B}", "/A\u{30A}")] {
            XCTAssertEqual(composed, decomposed)
            exactNotCanonical(composed, decomposed)
        }
        XCTAssertEqual("/\u{212B}".utf8.count, "/A\u{30A}".utf8.count)
    }

    private func exactNotCanonical(_ composed: String, _ decomposed: String) {
        for hashing in [TableHashing.perProcess, .constant] {
            var table = ExactBytesTable(expected: 4, hashing: hashing)
            insertAll([composed], into: &table)
            insertAll([decomposed], into: &table, first: 1) // not found: another key
            XCTAssertEqual(value(composed, in: &table), 0)
            XCTAssertEqual(value(decomposed, in: &table), 1)
        }
    }

    func testKeysOfOneLengthThatCollideAreToldApartByTheirBytes() {
        // Every key hashes alike: only the comparison of the bytes tells these apart.
        let keys = (0..<ExactBytesTable.maxProbes).map { "/p/\(String(repeating: "x", count: 5))\(Character(UnicodeScalar(UInt8(0x41 + $0))))" }
        var table = ExactBytesTable(expected: 64, hashing: .constant)
        insertAll(keys, into: &table)
        for (i, key) in keys.enumerated() {
            XCTAssertEqual(value(key, in: &table), Int32(i), key)
        }
        // One more colliding key finds no room within the bound, and is not found later either.
        guard case .unplaceable = table.find("/p/xxxxx!", tag: 0, insertingIfAbsent: 99) else { return XCTFail("past the probe bound") }
        guard case .unplaceable = table.find("/p/xxxxx!", tag: 0, insertingIfAbsent: 99) else { return XCTFail("past the probe bound") }
        XCTAssertEqual(table.count, keys.count)
    }

    func testTheGuessOfTheNextKeyIsComparedWhole() {
        // The table first compares the entry after the last one found (a document's second entry
        // repeats the first one's paths in order). Keys of one length, one byte apart, and one key
        // under two tags: a guess that is wrong in its bytes or its tag must not be taken.
        let keys = ["/p/aaaa", "/p/aaab", "/p/baaa", "/p/abaa", "/p/aaaa"]
        var table = ExactBytesTable(expected: 16, hashing: .perProcess)
        insertAll(Array(keys.prefix(4)), into: &table)
        insertAll(["/p/aaaa"], into: &table, tag: 1, first: 4)
        // In order: each guess is right.
        for (i, key) in keys.prefix(4).enumerated() { XCTAssertEqual(value(key, in: &table), Int32(i), key) }
        // Out of order: each guess is a key of the same length that differs in one byte (or, last,
        // the same bytes under the other tag).
        // (After `/p/abaa`, entry 3, the guess is entry 4: `/p/aaaa` under tag 1.)
        for (key, tag, expected) in [("/p/aaaa", UInt8(0), Int32(0)), ("/p/baaa", 0, 2), ("/p/aaab", 0, 1), ("/p/abaa", 0, 3),
                                     ("/p/aaaa", 0, 0), ("/p/aaab", 0, 1), ("/p/aaaa", 1, 4)] {
            XCTAssertEqual(value(key, in: &table, tag: tag), expected, "\(key) tag \(tag)")
        }
        XCTAssertEqual(table.count, 5)
    }

    func testEqualPatternsShareOneProgramAndOtherFlagsDoNot() throws {
        var memo = PatternMemo(VariableResolver(VariableTable()), rules: 4)
        let a = try XCTUnwrap(memo.compile("/a/*", isPath: true, caseSensitive: true))
        XCTAssertEqual(memo.compile("/a/*", isPath: true, caseSensitive: true), a, "a repeat shares the program")
        XCTAssertEqual(memo.programs.count, 1)
        let folded = try XCTUnwrap(memo.compile("/a/*", isPath: true, caseSensitive: false))
        let notPath = try XCTUnwrap(memo.compile("/a/*", isPath: false, caseSensitive: true))
        XCTAssertEqual(Set([a, folded, notPath]).count, 3, "other flags, other programs")
        let composed = try XCTUnwrap(memo.compile("/caf\u{E9}", isPath: true, caseSensitive: true))
        let decomposed = try XCTUnwrap(memo.compile("/cafe\u{301}", isPath: true, caseSensitive: true))
        XCTAssertNotEqual(composed, decomposed, "exact, not canonical (D12)")
        XCTAssertEqual(memo.programs.count, 5)
        XCTAssertEqual(memo.compile("/caf\u{E9}", isPath: true, caseSensitive: true), composed)
        XCTAssertEqual(memo.compile("/cafe\u{301}", isPath: true, caseSensitive: true), decomposed)
        XCTAssertEqual(memo.programs.count, 5)
    }

    func testAnInvalidPatternIsRememberedToo() {
        var memo = PatternMemo(VariableResolver(VariableTable()), rules: 4)
        XCTAssertNil(memo.compile("/$(undeclared)", isPath: true, caseSensitive: true))
        XCTAssertNil(memo.compile("/$(undeclared)", isPath: true, caseSensitive: true))
        XCTAssertEqual(memo.programs.count, 0)
        XCTAssertEqual(memo.lookups, 2)
    }

    func testCollidingPatternsCostBoundedProbes() {
        // 4,000 distinct patterns, each looked up twice, all hashing alike: at most 32 probes per
        // lookup (a fixed budget, not the table's own constant), where a table that walked every
        // colliding key would probe about n^2/2 times in all. The second round goes backwards, so
        // that the table's guess (the key after the last one found) does not find them.
        let n = 4_000
        var memo = PatternMemo(VariableResolver(VariableTable()), rules: n, hashing: .constant)
        for round in 0..<2 {
            for i in round == 0 ? Array(0..<n) : (0..<n).reversed() {
                XCTAssertNotNil(memo.compile("/p/\(i)/*", isPath: true, caseSensitive: true), "round \(round)")
            }
        }
        XCTAssertEqual(memo.lookups, 2 * n)
        XCTAssertLessThanOrEqual(memo.probes, 32 * 2 * n)
        // A few are shared; the others were compiled again in the second round (the same programs).
        XCTAssertGreaterThan(memo.programs.count, n + n / 2)
        XCTAssertLessThan(memo.programs.count, 2 * n)
    }

    /// `apps` entries with the same `rules` each (as real files repeat them), apps listed in several
    /// entries and twice in one, then an entry of its own for the last app.
    private func document(apps: Int, rules: Int) -> AASADocument {
        let paths = (0..<rules).map { i in
            ComponentFields(path: i % 3 == 0 ? "/r\(i)/*" : "/r\(i)/x", exclude: i % 7 == 0 ? true : nil,
                            caseSensitive: i % 5 == 0 ? false : nil)
        }
        var entries: [([String], [ComponentFields])] = []
        for e in 0..<apps {
            let listed = ["T.app\(e)", "T.app\((e + 1) % apps)", "T.app\(e)"]
            entries.append((listed, e % 2 == 0 ? paths : Array(paths.reversed())))
        }
        entries.append((["T.app\(apps - 1)"], [ComponentFields(path: "/last")]))
        return AASADocument(variables: VariableTable(), entries: entries.enumerated().map { e, entry in
            DetailEntry(appIDs: entry.0,
                        rules: entry.1.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[\(e)].components[\($0)]") },
                        sourcePath: "applinks.details[\(e)]")
        })
    }

    func testEveryKeyCollidingDecidesAsTheReference() throws {
        // Thousands of pattern lookups and 40 apps (more than the table's probe bound, so some go
        // to the app index's dictionary), all hashing alike.
        let doc = document(apps: 40, rules: 120)
        let reference = ReferenceEngine().prepare(doc)
        let colliding = CompiledDocument(doc, hashing: .constant)
        let seeded = CompiledDocument(doc)
        var outcomes: Set<Decision.Outcome> = []
        for app in ["T.app0", "T.app1", "T.app17", "T.app38", "T.app39", "T.app40", "t.app0"] {
            for path in ["/r0/a", "/r1/x", "/R5/x", "/r5/x", "/r7/x", "/r21/q", "/r119/x", "/last", "/none"] {
                let url = try ParsedURL("https://e.com" + path)
                let expected = reference.decide(url, appID: app, domain: "")
                XCTAssertEqual(colliding.decide(url, appID: app, domain: ""), expected, "\(app) \(path)")
                XCTAssertEqual(seeded.decide(url, appID: app, domain: ""), expected, "\(app) \(path)")
                outcomes.insert(expected.outcome)
            }
        }
        XCTAssertEqual(outcomes, [.match, .exclude, .noMatch], "the cases reach every outcome")
        XCTAssertEqual(colliding.plans.count, seeded.plans.count, "the same apps share plans")
    }
}

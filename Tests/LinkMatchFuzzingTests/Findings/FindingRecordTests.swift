// Finding records (JSON metadata of a failing check) and what fuzz-corpus-tool does with them for scripts/:
// SHA-1 names, deduplication keys, slugs, grouping of libFuzzer's artifacts, libFuzzer log reading.
import Foundation
import XCTest
@testable import LinkMatchFuzzing

final class FindingRecordTests: XCTestCase {
    func testSHA1KnownVectors() {
        // FIPS 180 examples, and the empty string.
        XCTAssertEqual(SHA1.hex(Array("abc".utf8)), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(SHA1.hex([]), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(SHA1.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(SHA1.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000)), "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    func testKeyDropsTheInputsWords() {
        let one = "https://example.com/a for ABCDE12345.com.example.app: reference says no_match (noRuleMatched), mutant:qstar-as-star says match by applinks.details[0].components[0]"
        let two = "https://other.org/zz for XYZ.org.app: reference says no_match (noRuleMatched), mutant:qstar-as-star says match by applinks.details[1].components[3]"
        XCTAssertEqual(FindingKey.key(kind: "crash", message: one),
                       "crash:for reference says no_match (noRuleMatched), mutant:qstar-as-star says match by")
        XCTAssertEqual(FindingKey.key(kind: "crash", message: one), FindingKey.key(kind: "crash", message: two))
        XCTAssertNotEqual(FindingKey.key(kind: "crash", message: one), FindingKey.key(kind: "leak", message: one))
        XCTAssertEqual(FindingKey.key(kind: "timeout", message: ""), "timeout:")
    }

    func testSlug() {
        XCTAssertEqual(FindingKey.slug("Reference says no_match, candidate: MATCH!"), "reference-says-no-match-candidate-match")
        XCTAssertEqual(FindingKey.slug(""), "")
        XCTAssertEqual(FindingKey.slug("aaaa bbbb cccc", limit: 9), "aaaa-bbbb")
        XCTAssertEqual(FindingKey.slug("aaaa bbbb cccc", limit: 8), "aaaa")
        XCTAssertEqual(FindingKey.slug("abcdefghijkl", limit: 5), "abcde")
        XCTAssertLessThanOrEqual(FindingKey.slug(String(repeating: "word ", count: 40)).count, 60)
    }

    func testMessageFromLog() {
        XCTAssertEqual(FindingKey.messageFromLog("INFO: x\n==== LinkMatch parser check failed on /a/b: parse differs\n{...}\n"), "parse differs")
        XCTAssertEqual(FindingKey.messageFromLog("==== LinkMatch document check failed: decision differs\n"), "decision differs")
        XCTAssertEqual(FindingKey.messageFromLog("x\nFatal error: Index out of range\nSUMMARY: AddressSanitizer: y\n"), "Fatal error: Index out of range")
        XCTAssertEqual(FindingKey.messageFromLog("SUMMARY: libFuzzer: deadly signal\nSUMMARY: AddressSanitizer: heap-use-after-free x\n"),
                       "SUMMARY: AddressSanitizer: heap-use-after-free x")
        XCTAssertNil(FindingKey.messageFromLog("INFO: Running with entropic power schedule\n"))
    }

    func record(_ message: String, bytes: [UInt8], target: FuzzTarget = .document, mutant: String? = nil) -> FindingRecord {
        FindingRecord(failure: CheckFailure(target: target, summary: message, readable: "{}"), input: bytes,
                      inputPath: nil, mutant: mutant, candidate: "compiled", date: Date(timeIntervalSince1970: 0))
    }

    func testRecordFieldsAndRoundTripThroughAFolder() throws {
        let r = record("a.com/x for A.B: reference says match", bytes: Array("abc".utf8), mutant: "qstar-as-star")
        XCTAssertEqual(r.artifact, "crash-a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(r.check, "DocumentCheck")
        XCTAssertEqual(r.time, "1970-01-01T00:00:00Z")
        XCTAssertEqual(r.size, 3)
        XCTAssertEqual(r.mutant, "qstar-as-star")
        XCTAssertEqual(r.key, "crash:for reference says match")
        XCTAssertNil(record("m", bytes: [], mutant: "").mutant)

        let folder = NSTemporaryDirectory() + "findings-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try XCTUnwrap(r.write(into: folder))
        XCTAssertEqual(path, folder + "/a9993e364706816aba3e25717850c26c9cd0d89d.json")
        // No temporary file is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["a9993e364706816aba3e25717850c26c9cd0d89d.json"])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        XCTAssertTrue(text.contains("\"target\" : \"document\""), text)
        XCTAssertTrue(text.contains("\"message\" : \"a.com/x for A.B: reference says match\""), text)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/broken.json", contents: Data("{".utf8)))
        let (records, problems) = FindingRecord.read(folder: folder)
        XCTAssertEqual(records, [r])
        XCTAssertEqual(problems.map { ($0.file as NSString).lastPathComponent }, ["broken.json"])
        XCTAssertEqual(FindingRecord.read(folder: folder + "/none").records, [])
    }

    func testGroupingArtifacts() {
        let a = record("x.com/1 for A.B: reference says match", bytes: [1])
        let b = record("y.com/2 for C.D: reference says match", bytes: [2])
        let c = record("other failure", bytes: [3])
        let artifacts = ["crash-\(a.sha1)", "crash-\(b.sha1)", "crash-\(c.sha1)", "crash-0000", "crash-ffff",
                         "leak-1111", "timeout-2222", "timeout-3333", "oom-4444", "README", "crash"]
        XCTAssertEqual(FindingGroups.toReplay(artifacts: artifacts, records: [a, b, c], limit: 100),
                       ["crash-0000", "crash-ffff", "leak-1111"])
        XCTAssertEqual(FindingGroups.toReplay(artifacts: artifacts, records: [a, b, c], limit: 1), ["crash-0000"])

        let logs = ["crash-0000": "Fatal error: Index out of range at 12\n", "leak-1111": "SUMMARY: AddressSanitizer: 24 byte(s) leaked\n"]
        let (groups, skipped) = FindingGroups.group(artifacts: artifacts, records: [a, b, c], logs: logs)
        XCTAssertEqual(skipped, ["crash-ffff"])
        // Sorted by artifact name: the records' sha1s decide the order of the first three.
        let expected: [(key: String, count: Int)] = [
            ("crash:Fatal error: Index out of range at", 1),
            ("crash:for reference says match", 2),
            ("crash:other failure", 1),
            ("leak:SUMMARY: AddressSanitizer: byte(s) leaked", 1),
            ("oom:", 1),
            ("timeout:", 2),
        ]
        XCTAssertEqual(Set(groups.map(\.key)), Set(expected.map(\.key)))
        for (key, count) in expected {
            XCTAssertEqual(groups.first { $0.key == key }?.count, count, key)
        }
        let matchGroup = groups.first { $0.key == "crash:for reference says match" }
        XCTAssertEqual(matchGroup?.first, ["crash-\(a.sha1)", "crash-\(b.sha1)"].min())
        XCTAssertEqual(matchGroup?.slug.hasSuffix("reference-says-match"), true)
        XCTAssertEqual(groups.first { $0.kind == "timeout" }?.first, "timeout-2222")
        XCTAssertEqual(groups.first { $0.kind == "oom" }?.slug, "")
    }

    func testRegressionName() {
        XCTAssertEqual(FindingGroups.regressionName(target: "document", slug: "reference-says-match", kind: "crash",
                                                    sha1: "0123456789abcdef", minimized: true),
                       "document-reference-says-match-01234567")
        XCTAssertEqual(FindingGroups.regressionName(target: "parser", slug: "", kind: "timeout", sha1: "fedcba9876", minimized: false),
                       "parser-timeout-unminimized-fedcba98")
    }

    func testLibFuzzerLog() {
        let single = """
            INFO: Running with entropic power schedule (0xFF, 100).
            INFO: Seed: 1
            INFO: Loaded 1 modules   (23456 inline 8-bit counters): 23456 [0x1, 0x2),
            #2\tINITED cov: 10 ft: 11 corp: 1/1b exec/s: 0 rss: 30Mb
            #1024\tpulse  cov: 120 ft: 300 corp: 20/300b lim: 4 exec/s: 512 rss: 40Mb
            Done 2000 runs in 1 second(s)
            stat::number_of_executed_units: 2000
            """
        let log = LibFuzzerLog(single)
        XCTAssertTrue(log.started)
        XCTAssertEqual(log.counters, 23456)
        XCTAssertEqual(log.executed, 2000)
        XCTAssertEqual(log.doneRuns, 2000)
        XCTAssertEqual(log.coverage, "cov: 120 ft: 300")
        XCTAssertTrue(log.showsFuzzing(runs: 2000, status: 0))
        XCTAssertFalse(log.showsFuzzing(runs: 2000, status: 1))
        XCTAssertFalse(log.showsFuzzing(runs: 1000, status: 0))

        let fork = "INFO: Running with entropic power schedule\nINFO: Loaded 1 modules (500 inline 8-bit counters): 500\n#5000: cov: 7 ft: 8 corp: 3 exec/s 100 oom/timeout/crash: 0/0/1 time: 3s job: 2 dft_time: 0\n#9100: cov: 9 ft: 12 corp: 4\n"
        let forked = LibFuzzerLog(fork)
        XCTAssertEqual(forked.executed, 9100)
        XCTAssertEqual(forked.counters, 500)
        XCTAssertEqual(forked.coverage, "cov: 9 ft: 12")
        XCTAssertFalse(forked.showsFuzzing(runs: 9100, status: 0)) // no "Done", too few counters

        let none = LibFuzzerLog("linkmatch fuzz: unknown target 'x'\n")
        XCTAssertFalse(none.started)
        XCTAssertEqual(none.counters, 0)
        XCTAssertNil(none.executed)
        XCTAssertNil(none.coverage)
    }
}

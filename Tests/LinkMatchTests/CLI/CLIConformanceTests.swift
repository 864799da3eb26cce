import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch conformance`: the protocol of docs/PROTOCOL.md, scored on the whole corpus.
final class CLIConformanceTests: XCTestCase {
    func requestLine(_ c: MatchCase, id: JSONValue) -> String {
        JSONValue.object(JSONObject([
            JSONMember(key: "id", value: id), JSONMember(key: "aasa", value: c.aasa),
            JSONMember(key: "domain", value: .string(c.domain)), JSONMember(key: "appId", value: .string(c.appID)),
            JSONMember(key: "url", value: .string(c.url)),
        ])).serialized()
    }

    func replies(_ stdout: String) throws -> [JSONObject] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { try LinkMatchTool.json(String($0)) }
    }

    func testWholeCorpusScores140() throws {
        let cases = try MatchCase.conformance()
        let input = cases.map { requestLine($0, id: .string($0.name)) }.joined(separator: "\n") + "\n"
        let run = try LinkMatchTool.run(["conformance"], stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = try replies(run.stdout)
        XCTAssertEqual(out.count, cases.count)
        var score = 0
        for (c, reply) in zip(cases, out) {
            XCTAssertEqual(reply["id"], .string(c.name))      // order follows input
            if reply["decision"] == .string(c.expect) { score += 1 } else { print("conformance mismatch: \(c.name): \(reply)") }
        }
        print("linkmatch conformance: \(score)/\(cases.count)")
        XCTAssertGreaterThanOrEqual(score, 139)
        XCTAssertEqual(score, 140)
    }

    func testBadLinesGetErrorsAndTheStreamGoesOn() throws {
        let good = #"{"id":1,"aasa":{"applinks":{"details":[{"appIDs":["ABCDE12345.a.b"],"components":[{"/":"/x"}]}]}},"domain":"","appId":"ABCDE12345.a.b","url":"https://h.example/x"}"#
        let lines = [
            "garbage",
            #"{"id":{"nested":[1,2.50,null]},"aasa":{},"appId":"a","url":"https://h.example/"}"#,   // missing domain
            #"{"id":"s","aasa":{},"domain":"","appId":"a","url":"https://h.example/%"}"#,          // bad URL
            #"{"id":3,"aasa":[],"domain":"","appId":"a","url":"https://h.example/"}"#,             // not an object
            #"{"id":4,"aasa":{},"domain":7,"appId":"a","url":"https://h.example/"}"#,              // wrong type
            "[1]",
            "",
            good,
            #"{"aasa":{},"domain":"","appId":"a","url":"https://h.example/"}"#,                    // no id: null, still answered
        ]
        let run = try LinkMatchTool.run(["conformance"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(run.status, 0)
        let out = try replies(run.stdout)
        XCTAssertEqual(out.count, lines.count, run.stdout)
        guard out.count == lines.count else { return }
        XCTAssertEqual(out[0]["id"], .null)
        XCTAssertEqual(out[0]["error"].map { if case .string(let s) = $0 { return s.hasPrefix("bad JSON line: line 1, column 1") } else { return false } }, true)
        // The id is echoed as given: any JSON value, number text kept exactly.
        XCTAssertTrue(run.stdout.split(separator: "\n")[1].hasPrefix(#"{"id":{"nested":[1,2.50,null]},"error":"missing field \"domain\""}"#), run.stdout)
        XCTAssertEqual(out[2]["id"], .string("s"))
        XCTAssertTrue(out[2]["error"].map { "\($0)" }?.contains("invalid-percent-escape") ?? false, "\(out[2])")
        XCTAssertTrue(out[3]["error"].map { "\($0)" }?.contains("top-level-not-object") ?? false, "\(out[3])")
        XCTAssertEqual(out[4]["error"], .string(#"field "domain" must be a string, found number"#))
        XCTAssertNotNil(out[5]["error"])
        XCTAssertNotNil(out[6]["error"])
        XCTAssertEqual(out[7]["decision"], .string("match"))
        XCTAssertEqual(out[8]["id"], .null)
        XCTAssertEqual(out[8]["decision"], .string("no_match"))
    }

    /// Each reply is written as soon as its line is read: a client can wait for it before sending
    /// the next line (this is how `linkmatch fuzz` drives an external program).
    func testRepliesAreStreamedLineByLine() throws {
        let process = Process()
        process.executableURL = LinkMatchTool.executable
        process.arguments = ["conformance"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = LineReader(output.fileHandleForReading)
        for i in 0..<3 {
            let line = #"{"id":\#(i),"aasa":{"applinks":{"details":[{"appIDs":["ABCDE12345.a.b"],"components":[{"/":"/\#(i)"}]}]}},"domain":"","appId":"ABCDE12345.a.b","url":"https://h.example/1"}"#
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            let reply = reader.next(timeout: 20)
            XCTAssertEqual(reply, #"{"id":\#(i),"decision":"\#(i == 1 ? "match" : "no_match")"}"#)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}

/// Reads lines from a pipe on a background thread, with a timeout per line (a test must not hang).
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSCondition()
    private var buffer: [UInt8] = []
    private var closed = false

    init(_ handle: FileHandle) {
        self.handle = handle
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                lock.lock()
                if data.isEmpty { closed = true } else { buffer += data }
                lock.broadcast()
                lock.unlock()
                if data.isEmpty { return }
            }
        }
    }

    func next(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            if closed || !lock.wait(until: deadline) { return nil }
        }
    }
}

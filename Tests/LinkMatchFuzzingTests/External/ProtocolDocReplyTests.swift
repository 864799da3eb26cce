import Foundation
import LinkMatch
import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// docs/PROTOCOL.md lists reply lines that `linkmatch fuzz` accepts from a program and lines that
/// are protocol violations, all for a request whose id is "3.0.1". Each line is given to the real
/// client path: a program that reads the request and prints the line, asked through ExternalEngine.
final class ProtocolDocReplyTests: XCTestCase {
    func block(_ info: [String]) throws -> [String] {
        let blocks = try MarkdownBlock.all(in: try MarkdownBlock.file("docs/PROTOCOL.md")).filter { $0.info == info }
        XCTAssertEqual(blocks.count, 1, "docs/PROTOCOL.md should have one \(info.joined(separator: " ")) block")
        return blocks.first?.lines ?? []
    }

    /// What ExternalEngine makes of `reply` as the answer to a request with id "3.0.1".
    func answer(to reply: String) throws -> ExternalEngine.Answer {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reply-\(UUID().uuidString)")
        try Data((reply + "\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let engine = ExternalEngine(command: "read -r request; cat '\(url.path)'", timeout: 20)
        defer { engine.process.stop() }
        let request = ConformanceProtocol.Request(id: .string("3.0.1"), aasa: .object(JSONObject()), domain: "",
                                                  appID: "A.b", url: "https://example.com/")
        return engine.ask(request)
    }

    func testAcceptedRepliesAreAccepted() throws {
        let lines = try block(["jsonl", "accepted"])
        XCTAssertGreaterThanOrEqual(lines.count, 4)
        var decisions: Set<String> = []
        for line in lines {
            switch try answer(to: line) {
            case .decision(let outcome): decisions.insert(outcome.rawValue)
            case .error: decisions.insert("error")
            case .failure(let why): XCTFail("documented as accepted, but: \(why)")
            }
        }
        XCTAssertEqual(decisions, ["match", "exclude", "no_match", "error"])
    }

    func testRejectedRepliesAreProtocolViolations() throws {
        let lines = try block(["text", "rejected"])
        XCTAssertGreaterThanOrEqual(lines.count, 4)
        for line in lines {
            let answer = try answer(to: line)
            guard case .failure = answer else {
                XCTFail("documented as a protocol violation, but read as \(answer): \(line)")
                continue
            }
        }
    }
}

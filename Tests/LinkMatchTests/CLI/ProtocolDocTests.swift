import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// docs/PROTOCOL.md is the conformance protocol's reference: every `jsonl request` block in it is
/// replayed through the built `linkmatch conformance` (with each engine), and the `jsonl reply` block
/// that follows must be exactly what it writes. The README and docs/CLI.md example of
/// `examples/requests.jsonl` is replayed the same way.
final class ProtocolDocTests: XCTestCase {
    struct Example {
        var requests: [String]
        var replies: [String]
        var line: Int
    }

    /// The request/reply pairs of docs/PROTOCOL.md. A request block not followed by a reply block,
    /// or a reply block with no request before it, is an error: the document would show something
    /// no test checks.
    func examples() throws -> [Example] {
        let blocks = try MarkdownBlock.all(in: try MarkdownBlock.file("docs/PROTOCOL.md"))
        var examples: [Example] = []
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            if block.info == ["jsonl", "request"] {
                guard index + 1 < blocks.count, blocks[index + 1].info == ["jsonl", "reply"] else {
                    throw VectorError("docs/PROTOCOL.md line \(block.line): a request block must be followed by its reply block")
                }
                examples.append(Example(requests: block.lines, replies: blocks[index + 1].lines, line: block.line))
                index += 2
            } else {
                if block.info == ["jsonl", "reply"] {
                    throw VectorError("docs/PROTOCOL.md line \(block.line): a reply block without a request block before it")
                }
                index += 1
            }
        }
        return examples
    }

    func testExamplesReplayThroughLinkmatchConformance() throws {
        let examples = try examples()
        XCTAssertGreaterThanOrEqual(examples.count, 4, "docs/PROTOCOL.md lost its examples")
        for example in examples {
            XCTAssertFalse(example.requests.isEmpty, "line \(example.line): an empty request block")
            for engine in ["compiled", "reference"] {
                let run = try LinkMatchTool.run(["conformance", "--engine", engine],
                                                stdin: example.requests.joined(separator: "\n") + "\n")
                XCTAssertEqual(run.status, 0, "docs/PROTOCOL.md line \(example.line), \(engine): \(run.stderr)")
                XCTAssertEqual(run.stderr, "", "docs/PROTOCOL.md line \(example.line), \(engine)")
                let got = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                XCTAssertEqual(got.count, example.requests.count, "docs/PROTOCOL.md line \(example.line), \(engine): one reply per line")
                for (i, (expected, actual)) in zip(example.replies, got).enumerated() where expected != actual {
                    XCTFail("docs/PROTOCOL.md line \(example.line), request \(i + 1), \(engine):\n documented \(expected)\n   written \(actual)")
                }
                XCTAssertEqual(got.count, example.replies.count, "docs/PROTOCOL.md line \(example.line), \(engine): reply count")
            }
        }
    }

    /// The examples show every decision and every kind of error in the document's error table (the
    /// prefixes are the table's, copied here by hand), so none of the table is untested prose.
    func testExamplesShowEveryDecisionAndEveryErrorKind() throws {
        var decisions: Set<String> = []
        var errors: [String] = []
        for example in try examples() {
            for line in example.replies {
                let reply = try LinkMatchTool.json(line)
                XCTAssertNotNil(reply["id"], "a reply without id: \(line)")
                switch (reply["decision"], reply["error"]) {
                case (.string(let d)?, nil): decisions.insert(d)
                case (nil, .string(let e)?): errors.append(e)
                default: XCTFail("a documented reply needs exactly one of decision and error: \(line)")
                }
            }
        }
        XCTAssertEqual(decisions, ["match", "exclude", "no_match"])
        for prefix in ["bad JSON line: ", "a request must be a JSON object, found ", #"missing field "aasa""#, #"missing field "domain""#,
                       "field \"appId\" must be a string, found ", #"cannot read "aasa": "#, "bad URL: "] {
            XCTAssertTrue(errors.contains { $0.hasPrefix(prefix) }, "no documented example of the error \(prefix)")
        }
    }

    /// README.md and docs/CLI.md show `linkmatch conformance < examples/requests.jsonl` with its
    /// output; docs/CLI.md also shows the file. Both must be what the committed file gives.
    func testReadmeAndCLIDocConformanceExample() throws {
        let file = try MarkdownBlock.file("examples/requests.jsonl")
        let run = try LinkMatchTool.run(["conformance"], stdin: file)
        XCTAssertEqual(run.status, 0, run.stderr)
        let command = "$ linkmatch conformance < examples/requests.jsonl"
        for doc in ["README.md", "docs/CLI.md"] {
            let blocks = try MarkdownBlock.all(in: try MarkdownBlock.file(doc))
            guard let block = blocks.first(where: { $0.lines.contains(command) }) else {
                XCTFail("\(doc) no longer shows `\(command.dropFirst(2))`")
                continue
            }
            let start = block.lines.firstIndex(of: command)! + 1
            let shown = block.lines[start...].prefix { !$0.hasPrefix("$ ") && !$0.hasPrefix("[exit") }
            XCTAssertEqual(shown.joined(separator: "\n") + "\n", run.stdout, doc)
            if doc == "docs/CLI.md" {
                let cat = "$ cat examples/requests.jsonl"
                let catStart = try XCTUnwrap(block.lines.firstIndex(of: cat), "docs/CLI.md shows the file with `cat`") + 1
                XCTAssertEqual(block.lines[catStart...].prefix { !$0.hasPrefix("$ ") }.joined(separator: "\n") + "\n", file)
            }
        }
    }
}

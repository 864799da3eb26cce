import Foundation
import XCTest
import LinkMatchTestData

/// Every Markdown file the repository tracks (README, SPEC, docs/, examples/, the DocC catalog...)
/// has balanced code fences: a block left open shows the rest of the page as code, and no renderer
/// says so. The checker itself is tested on literal pages first, so a checker that finds nothing
/// cannot pass for a clean repository.
final class MarkdownFenceTests: XCTestCase {
    func testEveryTrackedMarkdownFileHasBalancedFences() throws {
        let files = try TrackedFiles.list().filter { $0.lowercased().hasSuffix(".md") }
        for required in ["README.md", "SPEC.md", "docs/FUZZING.md", "docs/CLI.md", "docs/HISTORY.md", "examples/peers/README.md"] {
            XCTAssertTrue(files.contains(required), "git ls-files does not list \(required)")
        }
        for file in files {
            for problem in MarkdownFences.problems(in: try MarkdownBlock.file(file)) {
                XCTFail("\(file):\(problem.line): \(problem.message)")
            }
        }
    }

    // ---- the checker, on literal pages ----

    func testBalancedPagesPass() {
        XCTAssertEqual(MarkdownFences.problems(in: "text\n```sh\nswift build\n```\nmore\n"), [])
        // A list item's block is indented; a longer fence shows a shorter one as content; tildes.
        XCTAssertEqual(MarkdownFences.problems(in: "- item\n\n  ```\n  code\n  ```\n"), [])
        XCTAssertEqual(MarkdownFences.problems(in: "````md\n```sh\nx\n```\n````\n"), [])
        XCTAssertEqual(MarkdownFences.problems(in: "~~~\n```\n~~~\n"), [])
        // Inline code that starts a line is no fence.
        XCTAssertEqual(MarkdownFences.problems(in: "```a``` b\n"), [])
    }

    func testAnUnclosedBlockAtTheEnd() {
        XCTAssertEqual(MarkdownFences.problems(in: "a\n```\ncode\n"),
                       [.init(line: 2, message: "the block opened here is never closed")])
    }

    /// The mistake docs/FUZZING.md had: a block closed, the next one's opening fence forgotten, so its
    /// closing fence opens a block and the page shifts (here the count of fences is even).
    func testAFenceWithAnInfoStringInsideABlock() {
        let page = "```\n$ a\nout\n```\n$ b\nout\n```\n\n```sh\nc\n```\n"
        XCTAssertEqual(MarkdownFences.problems(in: page).map(\.line), [9])
    }

    func testAClosingFenceOfAnotherLength() {
        XCTAssertEqual(MarkdownFences.problems(in: "```\ncode\n````\n").map(\.line), [3])
        // A shorter one does not close the block: it stays open.
        XCTAssertEqual(MarkdownFences.problems(in: "````\ncode\n```\n").map(\.line), [1])
    }
}

// docs/FUZZING.md and the README name the fuzz targets as the one list does (FuzzTarget): the targets
// table holds every target and no other, in the list's order; every fuzz-<name> product, Corpus/<name>/
// folder and `scripts/fuzz.sh NAME` they mention is a target's; and no "five fuzzers" is left behind
// when a target is added. The expectations come from FuzzTarget.allCases, never from the documents.
import Foundation
import XCTest
import LinkMatchTestData
@testable import LinkMatchFuzzing

final class FuzzingDocTests: XCTestCase {
    static let fuzzing = "docs/FUZZING.md"
    /// The how-to documents that talk about the targets (HISTORY.md keeps the counts of its day).
    static let howTo = ["README.md", "docs/FUZZING.md", "docs/CLI.md", "docs/TEST-YOUR-MATCHER.md", "docs/LIBRARY.md",
                        "docs/PROTOCOL.md", "docs/PERFORMANCE.md"]

    var names: [String] { FuzzTarget.allCases.map(\.rawValue) }

    /// The first column of the Markdown table whose header's first cell is `target`: the backticked names.
    static func targetTable(_ text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { cells($0).first == "target" }) else { return nil }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            cells(line).first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) } ?? ""
        }
    }

    static func cells(_ line: String) -> [String] {
        guard line.hasPrefix("|") else { return [] }
        return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testTheTargetsTableIsTheList() throws {
        let table = try XCTUnwrap(Self.targetTable(try MarkdownBlock.file(Self.fuzzing)), "\(Self.fuzzing) has no table with a `target` column")
        XCTAssertEqual(table, names, "\(Self.fuzzing)'s targets table is not FuzzTarget.allCases (fuzz-corpus-tool targets)")
    }

    /// Every word that can only be a target's name in these documents is one: the products
    /// (`fuzz-NAME`), the corpus folders (`Corpus/NAME/`) and the targets given to fuzz.sh.
    func testEveryTargetNamedIsOne() throws {
        let products = Set(FuzzTarget.allCases.map(\.product))
        let otherWords: Set<String> = ["fuzz-corpus-tool", "fuzz-artifacts", "fuzz-common", "fuzz-build", "fuzz-asan",
                                       "fuzz-asan-split", "fuzz-must-handle", "fuzz-base"]
        for document in Self.howTo {
            let text = try MarkdownBlock.file(document)
            for name in Self.matches(#"fuzz-[a-z][a-z-]*[a-z]"#, in: text) {
                XCTAssertTrue(products.contains(name) || otherWords.contains(name), "\(document): \(name) is not a fuzz target's product")
            }
            for name in Self.matches(#"(?<=Corpus/)[a-z][a-z-]*(?=/)"#, in: text) {
                XCTAssertTrue(names.contains(name), "\(document): Corpus/\(name)/ is not a target's corpus")
            }
            // `scripts/fuzz.sh differential document --seconds 10`, inline or in a code block: the words
            // before the first option, placeholder or comment.
            var commands = Self.matches(#"(?<=`scripts/fuzz\.sh )[^`]*"#, in: text)
            for block in try MarkdownBlock.all(in: text) {
                commands += block.lines.compactMap { line in
                    let command = line.hasPrefix("$ ") ? line.dropFirst(2) : Substring(line)
                    return command.hasPrefix("scripts/fuzz.sh ") ? String(command.dropFirst("scripts/fuzz.sh ".count)) : nil
                }
            }
            for arguments in commands {
                for word in arguments.split(separator: " ").prefix(while: { $0.first?.isLetter == true }) {
                    XCTAssertTrue(names.contains(String(word)), "\(document): scripts/fuzz.sh \(arguments): \(word) is not a target")
                }
            }
        }
    }

    /// "six libFuzzer targets", "5 fuzzers": a count of the targets is the list's count (a count of
    /// some of them says which: "these two targets", "both targets").
    func testNoStaleCountOfTheTargets() throws {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        let pattern = #"(?i)(?<!these )(?<!those )(?<!the other )\b([0-9]+|"# + words.joined(separator: "|")
            + #")( libFuzzer| fuzz)? (targets|fuzzers)\b"#
        for document in Self.howTo {
            let text = try MarkdownBlock.file(document)
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let word = String(text[Range(match.range(at: 1), in: text)!]).lowercased()
                let count = Int(word) ?? (words.firstIndex(of: word)! + 1)
                XCTAssertEqual(count, FuzzTarget.allCases.count,
                               "\(document): \"\(text[Range(match.range, in: text)!])\" but there are \(FuzzTarget.allCases.count) targets")
            }
        }
    }

    /// The main job's output in FUZZING.md is a run of every target: each one's progress shows.
    func testTheMainJobOutputShowsEveryTarget() throws {
        let blocks = try MarkdownBlock.all(in: try MarkdownBlock.file(Self.fuzzing))
        let block = try XCTUnwrap(blocks.first { $0.lines.first?.hasPrefix("$ scripts/fuzz.sh --seconds") == true },
                                  "\(Self.fuzzing) does not show a run of `scripts/fuzz.sh --seconds N` (every target)")
        for name in names {
            XCTAssertTrue(block.lines.contains { $0.hasPrefix("== \(name):") || $0.hasPrefix("== \(name) ") },
                          "\(Self.fuzzing) line \(block.line): the main job's output does not show \(name)")
        }
    }

    func testTheTableReader() {
        XCTAssertEqual(Self.targetTable("x\n| target | what |\n|---|---|\n| `a` | 1 |\n| `b-c` | 2 |\n\nafter\n| `d` |"), ["a", "b-c"])
        XCTAssertNil(Self.targetTable("| name | what |\n|---|---|\n| `a` | 1 |\n"))
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }
}

import Foundation
import XCTest
import LinkMatchTestData

/// The prose's checkable facts (issue 32): the number of deliberate deviations each example peer has,
/// wherever a document counts them; the `linkmatch` commands LIBRARY.md and CLI.md list; and every
/// repository file a user document names. Each is read from its source (the peers' deviation table,
/// `linkmatch --help`, the file tree), never written into the test.
final class ProseCrossReferenceTests: XCTestCase {
    let root = TestDataFolder.repositoryRoot

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                              "eleven", "twelve"]

    /// The text as one line: line breaks (and a `# ` comment marker after one) read as a space.
    static func flowed(_ text: String) -> String {
        text.replacingOccurrences(of: "\n# ", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    /// The deviation IDs of each peer (`regex`, `glob`, `url`), from the table under "Deliberate deviations"
    /// in examples/peers/README.md: rows `| peer | id | ...`.
    func deviations() throws -> [String: [String]] {
        let readme = try text("examples/peers/README.md")
        guard let start = readme.range(of: "## Deliberate deviations") else { throw VectorError("no deviation table") }
        var out: [String: [String]] = [:]
        for line in readme[start.upperBound...].split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, ["regex", "glob", "url"].contains(cells[0]) else { continue }
            out[cells[0], default: []].append(cells[1])
        }
        return out
    }

    func testDeviationCountsAgreeWithThePeersTable() throws {
        let table = try deviations()
        let regex = try XCTUnwrap(table["regex"]).count, glob = try XCTUnwrap(table["glob"]).count,
            url = try XCTUnwrap(table["url"]).count
        XCTAssertGreaterThan(regex, 0)
        XCTAssertGreaterThan(glob, 0)
        XCTAssertGreaterThan(url, 0)
        let (r, g, u) = (Self.numberWords[regex], Self.numberWords[glob], Self.numberWords[url])
        let claims: [(String, String)] = [
            ("examples/peers/README.md", "(\(r) in the regex peer, \(g) in the glob one, \(u) in the URL one)"),
            ("docs/TEST-YOUR-MATCHER.md", "the example peers have \(r), \(g) and \(u) deviations"),
            ("examples/peers/regex_matcher.known", "its \(r) deliberate deviations"),
            ("examples/peers/glob_matcher.known", "its \(g) deliberate deviations"),
            ("examples/peers/url_matcher.known", "its \(u) deliberate deviations"),
        ]
        for (file, claim) in claims {
            XCTAssertTrue(Self.flowed(try text(file)).contains(claim), "\(file) does not say \"\(claim)\" (the table in examples/peers/README.md has \(regex) regex, \(glob) glob and \(url) URL deviations)")
        }
        // Each deviation of the table has its commented class in the peer's known file, and no other.
        let files = [("regex", "examples/peers/regex_matcher.known", Character("R")), ("glob", "examples/peers/glob_matcher.known", "G"),
                     ("url", "examples/peers/url_matcher.known", "L")]
        for (peer, file, letter) in files {
            let named = Set(try text(file).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("# "), let id = line.dropFirst(2).split(separator: " ").first,
                      id.count == 2, id.first == letter, id.last?.isNumber == true else { return nil }
                return String(id)
            })
            XCTAssertEqual(named, Set(table[peer] ?? []), file)
        }
    }

    /// The subcommands `linkmatch --help` lists.
    func subcommands() throws -> [String] {
        let help = try LinkMatchTool.run(["--help"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:") else { throw VectorError("no SUBCOMMANDS in linkmatch --help") }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), let name = line.split(separator: " ").first, !line.hasPrefix("   ") else { return nil }
            guard name != "help", name.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return String(name)
        }
    }

    func testCommandListsNameEveryCommand() throws {
        let commands = try subcommands()
        XCTAssertGreaterThanOrEqual(commands.count, 8, "\(commands)")
        let library = try text("docs/LIBRARY.md")
        let row = try XCTUnwrap(library.split(separator: "\n").first { $0.hasPrefix("| `linkmatch` | executable |") })
        let listed = row.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { $0 != "linkmatch" }
        XCTAssertEqual(Set(listed), Set(commands), "docs/LIBRARY.md's product table lists \(listed); linkmatch --help lists \(commands)")
        let cli = try text("docs/CLI.md")
        for command in commands {
            XCTAssertTrue(cli.contains("\n## `\(command) ") || cli.contains("and `\(command) "), "docs/CLI.md has no section for \(command)")
        }
    }

    /// Every repository path a user document names exists (a `*` in it is a glob that must match a
    /// file). docs/HISTORY.md is left out: it records files of past versions.
    func testFilesNamedInTheDocsExist() throws {
        let documents = ["README.md", "SPEC.md", "examples/peers/README.md", "docs/CLI.md", "docs/DIFF.md", "docs/FUZZING.md",
                         "docs/LIBRARY.md", "docs/PERFORMANCE.md", "docs/PROTOCOL.md", "docs/TEST-YOUR-MATCHER.md"]
        let pattern = try NSRegularExpression(pattern: #"(?<![\w./-])((?:Sources|Tests|TestData|docs|examples|scripts|Corpus|\.ci|\.github)/[A-Za-z0-9_.+/-]*[A-Za-z0-9_])(\*?)"#)
        var checked = 0
        for document in documents {
            let body = try text(document)
            for match in pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                guard let range = Range(match.range(at: 1), in: body), let star = Range(match.range(at: 2), in: body) else { continue }
                let path = String(body[range])
                checked += 1
                if body[star].isEmpty {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(document) names \(path), which does not exist")
                } else {
                    let folder = root.appendingPathComponent(path).deletingLastPathComponent()
                    let prefix = root.appendingPathComponent(path).lastPathComponent
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    XCTAssertTrue(names.contains { $0.hasPrefix(prefix) }, "\(document) names \(path)*, which matches no file")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50, "the pattern must find the docs' file names")
    }
}

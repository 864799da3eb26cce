import Foundation
import LinkMatch
@testable import LinkReportExample
import LinkMatchTestData
import XCTest

/// The example program of docs/LIBRARY.md and of the DocC article GettingStarted.md is the code
/// between the markers of examples/library/LinkReport.swift (a target that depends on `LinkMatch`
/// alone), and the output they show is what that code prints: both are checked here, so the example
/// cannot rot.
final class LibraryExampleTests: XCTestCase {
    static let file = "TestData/real-world-aasa/WelcometoMyGarden__welcometomygarden__well-known.json"
    static let app = "9RZPVFH532.org.welcometomygarden.app"
    static let domain = "welcometomygarden.org"
    static let urls = ["https://welcometomygarden.org/en/terms/", "https://welcometomygarden.org/explore",
                       "https://www.welcometomygarden.org/explore"]

    var root: URL { TestDataFolder.repositoryRoot }

    /// The example's source, as the docs name it.
    static let exampleFile = "examples/library/LinkReport.swift"
    var exampleSource: String { get throws { try String(contentsOf: root.appendingPathComponent(Self.exampleFile), encoding: .utf8) } }

    /// The documents that show the example.
    static let docs = ["docs/LIBRARY.md", "Sources/LinkMatch/LinkMatch.docc/GettingStarted.md"]

    /// The fenced block that follows the line `marker` in `doc`, without its fences.
    func docBlock(_ doc: String, after marker: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let m = lines.firstIndex(of: marker), m + 1 < lines.count, lines[m + 1].hasPrefix("```"),
              let close = lines[(m + 2)...].firstIndex(of: "```") else {
            throw TestDataError("\(doc) has no fenced block after \(marker)")
        }
        return lines[(m + 2)..<close].joined(separator: "\n")
    }

    func testTheDocShowsThisFilesExampleCode() throws {
        let source = try exampleSource
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex(of: "// LIBRARY EXAMPLE BEGIN"))
        let end = try XCTUnwrap(lines.firstIndex(of: "// LIBRARY EXAMPLE END"))
        let code = lines[(begin + 1)..<end].joined(separator: "\n")
        for doc in Self.docs {
            XCTAssertEqual(try docBlock(doc, after: "<!-- library-example: \(Self.exampleFile) -->"), code, doc)
        }
    }

    /// The signatures block (issue 32) is the same in both documents, and each line is a public
    /// declaration in the sources, as written there (whitespace aside).
    func testTheSignaturesAreTheDeclarations() throws {
        let blocks = try Self.docs.map { try docBlock($0, after: "<!-- library-signatures -->") }
        XCTAssertEqual(blocks[0], blocks[1], "docs/LIBRARY.md and GettingStarted.md show different signatures")
        func flat(_ s: some StringProtocol) -> String { s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        var sources = ""
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/Fuzz"), !url.path.contains("/CLI/") else { continue }
            sources += flat(try String(contentsOf: url, encoding: .utf8)) + "\n"
        }
        let declarations = blocks[0].split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
        XCTAssertGreaterThan(declarations.count, 20)
        for line in declarations {
            XCTAssertTrue(sources.contains("public " + flat(line)), "no public declaration \(line) in Sources")
        }
    }

    func testTheDocShowsTheExamplesRealOutput() throws {
        let aasa = [UInt8](try Data(contentsOf: root.appendingPathComponent(Self.file)))
        let output = try linkReport(aasa: aasa, app: Self.app, domain: Self.domain, urls: Self.urls)
        let command = (["$ linkreport", Self.file, Self.app, Self.domain] + Self.urls).joined(separator: " ")
        for doc in Self.docs {
            XCTAssertEqual(try docBlock(doc, after: "<!-- library-example-output -->"), command + "\n" + output, doc)
        }
    }

    func testTheReadmeAndTheLandingPageShowTheSnippetThatCompilesHere() throws {
        let source = try exampleSource
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex(of: "    // LIBRARY SNIPPET BEGIN"))
        let end = try XCTUnwrap(lines.firstIndex(of: "    // LIBRARY SNIPPET END"))
        let snippet = lines[(begin + 1)..<end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
        for doc in ["README.md", "Sources/LinkMatch/LinkMatch.docc/LinkMatch.md"] {
            XCTAssertEqual(try docBlock(doc, after: "<!-- library-snippet -->"), snippet, doc)
        }
        // And it runs: on the example's file and first URL it throws nothing.
        let aasa = [UInt8](try Data(contentsOf: root.appendingPathComponent(Self.file)))
        try librarySnippet(bytes: aasa, url: Self.urls[0], app: Self.app, domain: Self.domain)
    }

    /// Written by hand from the file's two rules (`*/terms/*` excluded, then `*`), SPEC.md N1 and U3,
    /// so the doc's output is also checked against the spec, not only against itself.
    func testTheExampleDecidesAsTheSpecSays() throws {
        let aasa = [UInt8](try Data(contentsOf: root.appendingPathComponent(Self.file)))
        let output = try linkReport(aasa: aasa, app: Self.app, domain: Self.domain, urls: Self.urls)
        XCTAssertTrue(output.contains("https://welcometomygarden.org/en/terms/: exclude by applinks.details[0].components[0]"), output)
        XCTAssertTrue(output.contains("https://welcometomygarden.org/explore: match by applinks.details[0].components[1]"), output)
        XCTAssertTrue(output.contains("https://www.welcometomygarden.org/explore: no_match (host)"), output)
        XCTAssertTrue(output.contains("warning [catch-all] applinks.details[0].components[1]"), output)
    }

    func testTheExampleReportsABadURLAndABadFileAsTypedErrors() throws {
        XCTAssertThrowsError(try linkReport(aasa: Array("{".utf8), app: Self.app, domain: "", urls: [])) { error in
            XCTAssertEqual((error as? DocumentLoadError)?.code, "invalid-json")
        }
        XCTAssertThrowsError(try linkReport(aasa: Array("{}".utf8), app: Self.app, domain: "", urls: ["welcometomygarden.org/x"])) { error in
            XCTAssertEqual((error as? URLParseError)?.kind, .missingScheme)
        }
    }
}

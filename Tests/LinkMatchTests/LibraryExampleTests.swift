// LIBRARY EXAMPLE BEGIN
import Foundation
import LinkMatch

/// What LinkMatch says about some URLs for one app on the site that serves `aasa`: each decision,
/// the deciding rule part by part, then every diagnostic `linkmatch validate` would print.
func linkReport(aasa: [UInt8], app: String, domain: String, urls: [String]) throws -> String {
    // Parse. Throws DocumentLoadError only when the bytes are no AASA document at all (D1).
    let parsed = try AASADocument.parse(aasa)
    // Decide. Prepare once (the compiled engine compiles every rule here), then decide many URLs.
    let prepared = CompiledEngine().prepare(parsed.document)
    var lines: [String] = []
    for url in urls {
        // ParsedURL throws URLParseError for a string that is not an absolute URL (U4).
        let decision = prepared.decide(try ParsedURL(url), appID: app, domain: domain)
        lines.append("\(url): \(decision)")
        // Explain. The deciding rule's comparisons; an absent pattern is `*` (C2).
        for part in decision.rule?.parts ?? [] {
            let texts = part.texts.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("  \(part.part) \"\(part.pattern ?? "*")\" against \(texts): \(part.verdict.rawValue)")
        }
    }
    // Validate. The parser's diagnostics and the lints, in the order of their paths in the file.
    for diagnostic in Lints.run(parsed) {
        lines.append(diagnostic.description)
    }
    return lines.joined(separator: "\n")
}

/// The program: `linkreport FILE APP DOMAIN URL...`. A main.swift holding this file's code ends with
/// `try runLinkReport(CommandLine.arguments)`.
func runLinkReport(_ arguments: [String]) throws {
    let aasa = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    print(try linkReport(aasa: aasa, app: arguments[2], domain: arguments[3], urls: Array(arguments.dropFirst(4))))
}
// LIBRARY EXAMPLE END

/// The snippet in README.md and on the DocC landing page (LinkMatch.md), as a function so that it compiles.
func librarySnippet(bytes: [UInt8], url: String, app: String, domain: String) throws {
    // LIBRARY SNIPPET BEGIN
    let parsed = try AASADocument.parse(bytes)                  // throws DocumentLoadError (D1)
    let prepared = CompiledEngine().prepare(parsed.document)    // prepare once, decide many URLs
    let decision = prepared.decide(try ParsedURL(url), appID: app, domain: domain)
    print(decision)                                             // exclude by applinks.details[0].components[0]
    for part in decision.rule?.parts ?? [] { print(part.part, part.verdict) }
    for diagnostic in Lints.run(parsed) { print(diagnostic) }   // what `linkmatch validate` prints
    // LIBRARY SNIPPET END
}

import LinkMatchTestData
import XCTest

/// The example program of docs/LIBRARY.md and of the DocC article GettingStarted.md is this file's
/// code between the markers above, and the output they show is what that code prints: both are
/// checked here, so the example cannot rot.
final class LibraryExampleTests: XCTestCase {
    static let file = "TestData/real-world-aasa/WelcometoMyGarden__welcometomygarden__well-known.json"
    static let app = "9RZPVFH532.org.welcometomygarden.app"
    static let domain = "welcometomygarden.org"
    static let urls = ["https://welcometomygarden.org/en/terms/", "https://welcometomygarden.org/explore",
                       "https://www.welcometomygarden.org/explore"]

    var root: URL { TestDataFolder.repositoryRoot }

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
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex(of: "// LIBRARY EXAMPLE BEGIN"))
        let end = try XCTUnwrap(lines.firstIndex(of: "// LIBRARY EXAMPLE END"))
        let code = lines[(begin + 1)..<end].joined(separator: "\n")
        for doc in Self.docs {
            XCTAssertEqual(try docBlock(doc, after: "<!-- library-example: Tests/LinkMatchTests/LibraryExampleTests.swift -->"), code, doc)
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
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
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

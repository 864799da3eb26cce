// The library example of docs/LIBRARY.md, the DocC article GettingStarted.md, README.md and the DocC
// landing page. It is its own target (LinkReportExample) that depends on `LinkMatch` alone, so it
// compiles with nothing a library user does not have; Tests/LinkMatchTests/Repository/LibraryExampleTests.swift
// checks that the docs show this code and its real output.
// LIBRARY EXAMPLE BEGIN
import Foundation
import LinkMatch

/// What LinkMatch says about some URLs for one app on the site that serves `aasa` (nil `domain`: no
/// host check): each decision, the deciding rule part by part, then every diagnostic `linkmatch
/// validate` would print, each with its fix.
func linkReport(aasa: [UInt8], app: String, domain: String?, urls: [String]) throws -> String {
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
        if let fix = diagnostic.fix { lines.append("  fix: \(fix)") }
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

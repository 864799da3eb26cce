import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// What publishing the package needs (issue 34): the licence and the corpus's own notice, one version that
/// `linkmatch --version` prints and CHANGELOG.md names, and a `.spi.yml` that documents the DocC targets
/// `.ci/run` builds.
final class PackagePublishingTests: XCTestCase {
    static let root = TestDataFolder.repositoryRoot

    func text(_ relative: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
    }

    func testVersionPrintsTheOneConstant() throws {
        let run = try LinkMatchTool.run(["--version"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, LinkMatchVersion.current + "\n")
        XCTAssertNotNil(LinkMatchVersion.current.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression),
                        LinkMatchVersion.current)
    }

    /// The newest released version in CHANGELOG.md (the first `## X.Y.Z` heading; an "Unreleased" section may
    /// come before it) is the constant.
    func testChangelogNamesTheVersion() throws {
        let headings = try text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
        let released = headings.compactMap { line -> String? in
            let words = line.dropFirst(3).split(separator: " ")
            guard let first = words.first, first.first?.isNumber == true else { return nil }
            return String(first)
        }
        XCTAssertEqual(released.first, LinkMatchVersion.current, "CHANGELOG.md headings: \(headings)")
    }

    func testLicenceAndCorpusNoticeAreInTheTree() throws {
        let licence = try text("LICENSE")
        XCTAssertTrue(licence.contains("Apache License") && licence.contains("Version 2.0"), "LICENSE is not the Apache License 2.0")
        let notice = try text("TestData/vectors/LICENSE")
        XCTAssertTrue(notice.contains("MIT License") && notice.contains("Permission is hereby granted"), notice)
        XCTAssertTrue(notice.contains("blazingly-aasa") && notice.contains("conformance.json"), notice)
        // The notice names the source the vectors file itself names.
        let vectors = try text("TestData/vectors/conformance.json")
        XCTAssertTrue(vectors.contains("67ad654c29f845d9fe209fe6c8ce8379017950f3") && notice.contains("67ad654c29f845d9fe209fe6c8ce8379017950f3"))
    }

    /// `.spi.yml`'s documentation targets are the `--target`s of .ci/run's DocC step, in the same order.
    func testSwiftPackageIndexDocumentsTheTargetsCIBuilds() throws {
        let spi = try text(".spi.yml")
        guard let line = spi.split(separator: "\n").first(where: { $0.contains("documentation_targets:") }),
              let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
            return XCTFail(".spi.yml has no documentation_targets: [...] line:\n\(spi)")
        }
        let published = line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let ci = try text(".ci/run")
        let docc = ci.split(separator: "\n").filter { $0.contains("generate-documentation") || $0.contains("--target LinkMatch") }
            .joined(separator: " ")
        let built = docc.components(separatedBy: "--target ").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertFalse(built.isEmpty, "no --target in .ci/run's documentation step")
        XCTAssertEqual(published, built)
    }
}

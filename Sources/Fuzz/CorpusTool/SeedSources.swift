// The whole-document cases seeds are derived from: the hand-written spec examples
// (TestData/vectors/spec-examples.json, one or more per SPEC.md rule), every conformance case
// (TestData/vectors/conformance.json, observed with Apple's swcutil) and the real-world AASA files with
// the sample URLs of their INDEX.md. Read through LinkMatchTestData (the loaders the tests use), which
// parses with LinkMatch's JSON parser: it keeps key order and duplicate keys, which some spec
// examples (D5) rely on.
import Foundation
import LinkMatch
import LinkMatchTestData

struct SourceCase {
    /// File-name stem: `<source>-<name>`, letters, digits and `-` only.
    var name: String
    var aasa: JSONValue
    var domain: String
    var appIDs: [String]
    var urls: [String]
}

struct RealWorldFile {
    var name: String
    var bytes: [UInt8]
}

enum SeedSources {
    static func specExamples(_ path: String) throws -> [SourceCase] {
        try MatchCase.specExamples(VectorFile("spec-examples.json", at: path)).map {
            SourceCase(name: slug("spec-" + ($0.rule ?? "") + "-" + $0.name), aasa: $0.aasa, domain: $0.domain, appIDs: [$0.appID], urls: [$0.url])
        }
    }

    static func conformance(_ path: String) throws -> [SourceCase] {
        try MatchCase.conformance(VectorFile("conformance.json", at: path)).map {
            SourceCase(name: slug("conformance-" + $0.name), aasa: $0.aasa, domain: $0.domain, appIDs: [$0.appID], urls: [$0.url])
        }
    }

    /// The files (sorted by name) and, for those that parse, a document case with their sample URLs.
    static func realWorld(_ folder: String) throws -> (files: [RealWorldFile], cases: [SourceCase]) {
        let folderURL = URL(fileURLWithPath: folder)
        let index = (try? RealWorldFiles.index(in: folderURL)) ?? ""
        var files: [RealWorldFile] = []
        var cases: [SourceCase] = []
        for (fileName, bytes) in try RealWorldFiles.all(in: folderURL) {
            let stem = String(fileName.dropLast(".json".count))
            files.append(RealWorldFile(name: slug("realworld-" + stem), bytes: bytes))
            guard let json = try? JSONParser.parse(bytes), let document = try? AASADocument.parse(bytes).document else { continue }
            let urls = RealWorldFiles.sampleURLs(in: index, file: fileName)
            guard let first = urls.first, let host = try? ParsedURL(first).host else { continue }
            cases.append(SourceCase(name: slug("realworld-" + stem), aasa: json, domain: host,
                                    appIDs: Array(document.appIDs.prefix(8)), urls: Array(urls.prefix(8))))
        }
        return (files, cases)
    }

    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(96))
    }
}

struct SeedError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

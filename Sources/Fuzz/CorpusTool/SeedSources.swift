// The whole-document cases seeds are derived from: the hand-written spec examples
// (Tests/LinkMatchTests/Vectors/spec-examples.json, one or more per SPEC.md rule), every conformance
// case (Vectors/conformance.json, observed with Apple's swcutil) and the real-world AASA files with
// the sample URLs of their INDEX.md. Parsed with LinkMatch's JSON parser: it keeps key order and
// duplicate keys, which some spec examples (D5) rely on.
import Foundation
import LinkMatch

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
    static let defaultAppID = "ABCDE12345.com.example.app"

    static func specExamples(_ path: String) throws -> [SourceCase] {
        try cases(path).map { c in
            let aasa = c["aasa"] ?? wrap(c["component"] ?? .object(JSONObject()))
            return SourceCase(name: slug("spec-" + string(c["rule"]) + "-" + string(c["name"])), aasa: aasa,
                              domain: c["domain"].map(string) ?? "example.com",
                              appIDs: [c["appId"].map(string) ?? defaultAppID], urls: [string(c["url"])])
        }
    }

    static func conformance(_ path: String) throws -> [SourceCase] {
        try cases(path).map { c in
            SourceCase(name: slug("conformance-" + string(c["name"])), aasa: c["aasa"] ?? .null,
                       domain: c["domain"].map(string) ?? "example.com",
                       appIDs: [c["appId"].map(string) ?? defaultAppID], urls: [string(c["url"])])
        }
    }

    /// The files (sorted by name) and, for those that parse, a document case with their sample URLs.
    static func realWorld(_ folder: String) throws -> (files: [RealWorldFile], cases: [SourceCase]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        let index = (try? String(contentsOfFile: folder + "/INDEX.md", encoding: .utf8)) ?? ""
        var files: [RealWorldFile] = []
        var cases: [SourceCase] = []
        for fileName in names {
            let stem = String(fileName.dropLast(".json".count))
            guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else { continue }
            let bytes = [UInt8](data)
            files.append(RealWorldFile(name: slug("realworld-" + stem), bytes: bytes))
            guard let json = try? JSONParser.parse(bytes), let document = try? AASADocument.parse(bytes).document else { continue }
            let urls = sampleURLs(in: index, file: fileName)
            guard let first = urls.first, let host = try? ParsedURL(first).host else { continue }
            cases.append(SourceCase(name: slug("realworld-" + stem), aasa: json, domain: host,
                                    appIDs: Array(document.appIDs.prefix(8)), urls: Array(urls.prefix(8))))
        }
        return (files, cases)
    }

    /// The backticked https URLs on the INDEX.md table row of `file`.
    static func sampleURLs(in index: String, file: String) -> [String] {
        guard let row = index.split(separator: "\n").first(where: { $0.hasPrefix("| `\(file)`") }) else { return [] }
        return row.split(separator: "`").map(String.init).filter { $0.hasPrefix("https://") }
    }

    private static func cases(_ path: String) throws -> [JSONObject] {
        guard let data = FileManager.default.contents(atPath: path) else { throw SeedError("cannot read \(path)") }
        guard case .object(let top) = try JSONParser.parse([UInt8](data)), case .array(let list)? = top["cases"] else {
            throw SeedError("\(path) has no \"cases\" array")
        }
        return list.compactMap { if case .object(let o) = $0 { return o } else { return nil } }
    }

    private static func string(_ value: JSONValue?) -> String {
        if case .string(let s)? = value { return s }
        return ""
    }

    /// A lone component as a one-entry document for the default app (as SpecExamples does).
    private static func wrap(_ component: JSONValue) -> JSONValue {
        let entry = JSONValue.object(JSONObject([
            JSONMember(key: "appIDs", value: .array([.string(defaultAppID)])),
            JSONMember(key: "components", value: .array([component])),
        ]))
        return .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject([JSONMember(key: "details", value: .array([entry]))])))]))
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

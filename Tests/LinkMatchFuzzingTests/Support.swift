import Foundation
import LinkMatch
@testable import LinkMatchFuzzing

/// The conformance corpus, read from LinkMatchTests' vector folder (this target has no resources).
enum Conformance {
    struct Case {
        var name: String
        var json: String
        var aasa: JSONValue
        var domain: String
        var appID: String
        var url: String
        var expect: String
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LinkMatchTests/Vectors/conformance.json")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
        guard case .object(let top) = value, case .array(let list)? = top["cases"] else { return [] }
        return list.compactMap { v in
            guard case .object(let c) = v, case .string(let name)? = c["name"], let aasa = c["aasa"],
                  case .string(let domain)? = c["domain"], case .string(let app)? = c["appId"],
                  case .string(let u)? = c["url"], case .string(let expect)? = c["expect"] else { return nil }
            return Case(name: name, json: v.serialized(), aasa: aasa, domain: domain, appID: app, url: u, expect: expect)
        }
    }
}

/// Runs `body` on `count` seeded byte strings; returns the index of the first case for which it
/// returns true, or nil.
func firstIndex(seed: UInt64, count: Int, maxBytes: Int = 300, where body: ([UInt8]) -> Bool) -> Int? {
    var g = SeededBytes(seed: seed)
    for i in 0..<count where body(g.next(maxCount: maxBytes)) { return i }
    return nil
}

/// The real AASA files in `TestData/real-world-aasa` (copied from the shared material).
enum RealWorld {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestData/real-world-aasa").standardizedFileURL
    }

    /// Name and bytes of every `.json` file, sorted by name; empty when the folder is absent.
    static func files() throws -> [(name: String, bytes: [UInt8])] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}

import Foundation
import LinkMatch

/// The test-vector files under `Tests/LinkMatchTests/Vectors/`, read with LinkMatch's own JSON parser.
enum Vectors {
    struct MatchCase {
        var name: String
        var status: String
        var aasa: JSONValue
        var domain: String
        var appID: String
        var url: String
        var expect: String
    }

    static func load(_ file: String) throws -> JSONValue {
        guard let url = Bundle.module.url(forResource: "Vectors/" + file, withExtension: nil)
            ?? Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Vectors") else {
            throw VectorError("vector file \(file) not found in the test bundle")
        }
        let data = try Data(contentsOf: url)
        return try JSONParser.parse([UInt8](data))
    }

    /// The 140 matching cases of the conformance corpus (see `conformance.json`'s "about").
    static func conformanceCases() throws -> [MatchCase] {
        guard case .object(let top) = try load("conformance.json"), case .array(let cases)? = top["cases"] else {
            throw VectorError("conformance.json has no \"cases\" array")
        }
        return try cases.map { value in
            guard case .object(let c) = value,
                  case .string(let name)? = c["name"], case .string(let status)? = c["status"],
                  let aasa = c["aasa"], case .string(let domain)? = c["domain"],
                  case .string(let appID)? = c["appId"], case .string(let url)? = c["url"],
                  case .string(let expect)? = c["expect"] else {
                throw VectorError("malformed case \(value.serialized())")
            }
            return MatchCase(name: name, status: status, aasa: aasa, domain: domain, appID: appID, url: url, expect: expect)
        }
    }
}

struct VectorError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

import Foundation
import LinkMatch
@_exported import LinkMatchVectors

/// The vector files read from disk, where the tests find them (`TestDataFolder.vectors`).
extension VectorFile {
    /// `TestData/vectors/<name>`.
    public init(_ name: String) throws {
        try self.init(name, at: TestDataFolder.vectors.appendingPathComponent(name).path)
    }

    /// A vector file at another path (the corpus tool's `--spec-examples`, `--conformance`).
    public init(_ name: String, at path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TestDataError("cannot read vector file \(path)")
        }
        try self.init(name, bytes: [UInt8](data), path: path)
    }
}

extension MatchCase {
    /// `TestData/vectors/spec-examples.json`: one or more cases per SPEC.md matching rule.
    public static func specExamples() throws -> [MatchCase] {
        try specExamples(VectorFile("spec-examples.json"))
    }

    /// `TestData/vectors/conformance.json`: the 140 matching cases of the public conformance corpus.
    public static func conformance() throws -> [MatchCase] {
        try conformance(VectorFile("conformance.json"))
    }
}

/// A validation case of `conformance.json` ("validation"): a file and the finding codes the source
/// project expects (its own `AASA1xx` codes; CLIValidateTests maps them to ours).
public struct ValidationCase: Sendable {
    /// The case's name.
    public var name: String
    /// The file.
    public var aasa: JSONValue
    /// The source project's finding codes.
    public var expectCodes: [String]

    /// The validation cases of `conformance.json`.
    public static func conformance() throws -> [ValidationCase] {
        try VectorFile("conformance.json").objects("validation").map { c in
            guard let codes = try c.optionalStrings("expectCodes") else { throw TestDataError("\(c.place): no \"expectCodes\"") }
            return try ValidationCase(name: c.string("name"), aasa: c.value("aasa"), expectCodes: codes)
        }
    }
}

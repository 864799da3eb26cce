import LinkMatch
import XCTest

/// The reference's own loader (LinkMatchReference): it rejects what the compiled side's
/// `AASADocument.parse` rejects, with the same code, and counts the document-wide P5 total itself.
/// Every expected total below is arithmetic on the file as written, not a figure from either side.
final class ReferenceLoaderTests: XCTestCase {
    /// `v` has one value of 1,023 scalars, so each `$(v)` is 1 + 1,023 = 1,024 elements, and
    /// 2,048 of them are exactly the document limit (2,097,152).
    static let variables = #""substitutionVariables":{"v":["\#(String(repeating: "a", count: 1023))"]}"#

    static func file(components: [String], defaults: String? = nil, entryDefaults: String? = nil) -> [UInt8] {
        let list = components.map { #"{"/":"\#($0)"}"# }.joined(separator: ",")
        let domain = defaults.map { #""defaults":{"/":"\#($0)"},"# } ?? ""
        let entry = entryDefaults.map { ##""defaults":{"#":"\##($0)"},"## } ?? ""
        return Array(#"{"applinks":{\#(domain)\#(variables),"details":[{\#(entry)"appIDs":["T.a"],"components":[\#(list)]}]}}"#.utf8)
    }

    /// nil when the file loads, else the code; both loaders must agree.
    func code(_ bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits(),
              file: StaticString = #filePath, line: UInt = #line) -> String? {
        var reference: String?
        var compiled: String?
        do { _ = try ReferenceEngine().load(bytes, limits: limits) } catch { reference = error.code }
        do { _ = try AASADocument.parse(bytes, limits: limits) } catch { compiled = error.code }
        XCTAssertEqual(reference, compiled, "the reference's loader and the compiled side's disagree", file: file, line: line)
        return reference
    }

    func testTheTotalIsCountedUpToTheLimitExactly() {
        XCTAssertNil(code(Self.file(components: Array(repeating: "$(v)", count: 2048))))
        XCTAssertEqual(code(Self.file(components: Array(repeating: "$(v)", count: 2049))), "too-complex")
    }

    /// Each `$(v)` counts, not each variable once per pattern: 32 patterns of 64 are the limit.
    func testEveryOccurrenceCounts() {
        let sixtyFour = String(repeating: "$(v)", count: 64)
        XCTAssertNil(code(Self.file(components: Array(repeating: sixtyFour, count: 32))))
        XCTAssertEqual(code(Self.file(components: Array(repeating: sixtyFour, count: 32) + ["x"])), "too-complex")
    }

    /// applinks.defaults and an entry's defaults count as patterns of their own.
    func testDefaultsCount() {
        let rules = Array(repeating: "$(v)", count: 2047)
        XCTAssertNil(code(Self.file(components: rules, defaults: "$(v)")))
        XCTAssertEqual(code(Self.file(components: rules, defaults: "$(v)", entryDefaults: "$(v)")), "too-complex")
    }

    /// A broken pattern (P3) never matches and counts nothing; a literal counts one per scalar.
    func testBrokenPatternsCountNothing() {
        let rules = Array(repeating: "$(v)", count: 2048)
        XCTAssertNil(code(Self.file(components: rules + ["$(v", "$()"])))
        XCTAssertEqual(code(Self.file(components: rules + ["x"])), "too-complex")
    }

    func testEveryRejectionHasTheCompiledSidesCode() {
        XCTAssertEqual(code(Array("[]".utf8)), "top-level-not-object")
        XCTAssertEqual(code(Array(#""applinks""#.utf8)), "top-level-not-object")
        XCTAssertEqual(code(Array("{".utf8)), "invalid-json")
        XCTAssertEqual(code(Array(String(repeating: "[", count: 600).utf8)), "too-deep")
        XCTAssertEqual(code(Array(#"{"applinks":{}}"#.utf8), limits: JSONParser.Limits(maxBytes: 10)), "file-too-large")
        XCTAssertNil(code(Array(#"{"applinks":[]}"#.utf8)))
        XCTAssertNil(code(Array("{}".utf8)))
    }
}

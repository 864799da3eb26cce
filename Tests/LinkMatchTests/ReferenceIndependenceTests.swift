import Foundation
import XCTest

/// Issue 10: the reference engine shares no matching step with the compiled engine, only the JSON
/// reader and the URL splitter. A use of one of the compiled side's step implementations in
/// Sources/LinkMatch/Reference would hide a mistake in that step from every differential check.
final class ReferenceIndependenceTests: XCTestCase {
    /// The compiled side's implementations of the steps that decide a match.
    static let compiledSteps = [
        "DocumentParser", "effectiveRules", "EffectiveRule(rule:", // D3–D8, C5
        "PatternParser", "PatternLimits",                            // P1–P5
        "VariableTable.predefined", ".resolve(",                     // V1–V5
        "CaseFolding", "PercentCoding",                              // E1, E3
        "queryItems(", "QueryItemSplitter", "isExactly",             // U5, E4, D12
    ]

    func testReferenceCodeUsesNoCompiledStep() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LinkMatch/Reference")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 8, "the reference's own step files are missing")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? "" // comments may name the compiled side
                for step in Self.compiledSteps where code.contains(step) {
                    XCTFail("\(file):\(n + 1) uses the compiled side's \(step): \(line)")
                }
            }
        }
    }
}

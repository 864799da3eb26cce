// Every committed fuzz input is a test, forever (like Go's testdata/fuzz): each file under
// Corpus/<target>/ (seeds/, merged/, regressions/) goes through its target's check with the standard
// engines. Skipped: readable twins (X.json next to an input X), dictionaries, hidden files. The rule is
// the same as scripts/fuzz-common.sh and FuzzEntry's CorpusFiles, written again here on purpose.
import Foundation
import LinkMatchFuzzing
import XCTest

final class CorpusReplayTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    func testDifferentialCorpus() throws { try replay(.differential) }
    func testDocumentCorpus() throws { try replay(.document) }
    func testPercentEncodingCorpus() throws { try replay(.percentEncoding) }
    func testParserCorpus() throws { try replay(.parser) }
    func testMetamorphicCorpus() throws { try replay(.metamorphic) }

    /// A regression is only useful if a reader can see what it is: its twin must exist and must be what
    /// the input decodes to today (a stale twin means the byte format changed under the corpus).
    func testEveryRegressionHasItsReadableTwin() throws {
        for target in FuzzTarget.allCases {
            let folder = Self.corpus.appendingPathComponent(target.rawValue).appendingPathComponent("regressions")
            for input in try Self.inputs(in: folder) {
                let twin = URL(fileURLWithPath: input.path + ".json")
                guard let written = try? String(contentsOf: twin, encoding: .utf8) else {
                    XCTFail("\(input.path) has no readable twin \(twin.lastPathComponent)")
                    continue
                }
                let bytes = try [UInt8](Data(contentsOf: input))
                XCTAssertEqual(written, Checks.readable(target, bytes),
                               "\(twin.path) is stale: regenerate with fuzz-corpus-tool readable")
            }
        }
    }

    private func replay(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let inputs = try Self.inputs(in: folder)
        let seeds = inputs.filter { $0.path.contains("/\(target.rawValue)/seeds/") }
        // Guards against a replay that passes because it found nothing (moved folder, wrong rule).
        XCTAssertFalse(seeds.isEmpty, "no seeds under \(folder.path)/seeds")
        var failed = 0
        for input in inputs {
            let bytes = try [UInt8](Data(contentsOf: input))
            if let failure = Checks.run(target, bytes) {
                failed += 1
                XCTFail("\(input.path): \(failure.summary)\n\(failure.readable)")
            }
        }
        print("CorpusReplayTests: \(target.rawValue): \(inputs.count) inputs replayed, \(failed) failed")
    }

    /// Every input file under `folder`, recursively, sorted by path.
    static func inputs(in folder: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let all = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        let names = Set(all)
        return all.compactMap { relative -> URL? in
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                return nil
            }
            let name = url.lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix(".dict") { return nil }
            if name.hasSuffix(".json"), names.contains(String(relative.dropLast(".json".count))) { return nil }
            return url
        }
    }
}

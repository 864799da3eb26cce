// Every committed fuzz input is a test, forever (like Go's testdata/fuzz): each file under
// Corpus/<target>/ (seeds/, merged/, regressions/) goes through its target's check with the standard
// engines. Skipped: readable twins (X.json next to an input X), dictionaries, hidden files. The rule is
// the same as scripts/fuzz-common.sh and FuzzEntry's CorpusFiles, written again here on purpose.
import Foundation
import LinkMatch
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

    /// A regression is only useful if a reader can see what it is: its twin must exist and describe the
    /// same case (encoding the twin gives bytes that read back the same; the twin's recorded answers
    /// are history and may differ from today's).
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
                let fromTwin = try Checks.encodeSeed(target, readableJSON: written)
                XCTAssertEqual(Checks.readable(target, fromTwin), Checks.readable(target, bytes),
                               "\(twin.path) does not describe \(input.lastPathComponent)")
            }
        }
    }

    /// The replay can fail: with a planted-mistake engine as the candidate, the committed seeds alone
    /// expose every mutant (each through the differential or the document target).
    func testSeedsExposeEveryMutant() throws {
        let differential = try Self.inputs(in: Self.corpus.appendingPathComponent("differential/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        let document = try Self.inputs(in: Self.corpus.appendingPathComponent("document/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        for mutant in Mutants.all {
            let engines = Engines(reference: ReferenceEngine(), candidate: mutant.engine)
            let caught = differential.contains { Checks.run(.differential, $0, engines: engines) != nil }
                || document.contains { Checks.run(.document, $0, engines: engines) != nil }
            XCTAssertTrue(caught, "no seed exposes mutant \(mutant.name)")
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

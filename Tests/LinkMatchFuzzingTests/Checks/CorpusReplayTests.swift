// Every committed fuzz input is a test, forever (like Go's testdata/fuzz): each file under
// Corpus/<target>/ (seeds/, merged/, regressions/) goes through its target's check with the standard
// engines. Skipped: readable twins (X.json next to an input X), dictionaries, hidden files. The rule is
// the same as scripts/fuzz-common.sh and FuzzEntry's CorpusFiles, written again here on purpose.
// The full tier replays every input; the default tier every regression and an evenly spaced slice of
// each target's seeds/ and merged/ (`sampled`), so every folder is touched on every run.
import Foundation
import LinkMatch
import LinkMatchFuzzing
import LinkMatchMutants
import LinkMatchTestData
import Synchronization
import XCTest

final class CorpusReplayTests: XCTestCase {
    static let corpus = TestDataFolder.repositoryRoot.appendingPathComponent("Corpus")
    /// Inputs of one seeds/ or merged/ folder replayed in the default tier.
    static let sampleSize = 120

    func testDifferentialCorpus() throws { try replay(.differential) }
    func testDocumentCorpus() throws { try replay(.document) }
    func testPercentEncodingCorpus() throws { try replay(.percentEncoding) }
    func testParserCorpus() throws { try replay(.parser) }
    func testMetamorphicCorpus() throws { try replay(.metamorphic) }
    func testExternalCorpus() throws { try replay(.external) }
    func testDiagnosticsCorpus() throws { try replay(.diagnostics) }
    func testDiffCorpus() throws { try replay(.diff) }
    func testJSONCorpus() throws { try replay(.json) }

    /// A committed input is only useful if a reader can see what it is: every regression has a twin, and
    /// every twin (seeds and regressions) describes its input. Encoding the twin must give bytes that read
    /// back as the same case; the answers recorded in a twin are history and may differ from today's. A
    /// failure here after a change to the byte format means: regenerate the seeds (scripts/write-seeds.sh)
    /// and rewrite regressions from their twins (fuzz-corpus-tool reencode FILE).
    func testReadableTwinsDescribeTheirInputs() throws {
        for target in FuzzTarget.allCases {
            let targetFolder = Self.corpus.appendingPathComponent(target.rawValue)
            for part in ["seeds", "regressions"] {
                let inputs = try Self.inputs(in: targetFolder.appendingPathComponent(part))
                let failures = Self.failures(part == "regressions" ? inputs : TestTier.sample(inputs, atMost: Self.sampleSize)) { input in
                    guard let twin = FileManager.default.contents(atPath: input.path + ".json") else {
                        return part == "seeds" ? nil : "\(input.path) has no readable twin \(input.lastPathComponent).json"
                    }
                    guard let bytes = FileManager.default.contents(atPath: input.path) else { return "\(input.path): cannot read" }
                    let fromTwin: [UInt8]
                    do {
                        fromTwin = try Checks.encodeSeed(target, readableJSON: String(decoding: twin, as: UTF8.self))
                    } catch {
                        return "\(input.path).json does not encode: \(error)"
                    }
                    // One engine is enough to show the case; answers are not what is compared.
                    let engines = Engines.only(ReferenceEngine())
                    let described = Checks.readable(target, fromTwin, engines: engines)
                    let actual = Checks.readable(target, [UInt8](bytes), engines: engines)
                    return described == actual ? nil
                        : "\(input.path).json does not describe \(input.lastPathComponent) (scripts/write-seeds.sh or "
                        + "fuzz-corpus-tool reencode):\n\(described)\nvs\n\(actual)"
                }
                for failure in failures { XCTFail(failure) }
            }
        }
    }

    /// The replay can fail: with a planted-mistake engine as the candidate, the committed seeds alone
    /// expose every mutant (each through the differential or the document target, the planted
    /// mistakes in validate's checks through the diagnostics target, those in `linkmatch diff`
    /// through the diff target).
    func testSeedsExposeEveryMutant() throws {
        let differential = try Self.inputs(in: Self.corpus.appendingPathComponent("differential/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        let document = try Self.inputs(in: Self.corpus.appendingPathComponent("document/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        let diagnostics = try Self.inputs(in: Self.corpus.appendingPathComponent("diagnostics/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        let diff = try Self.inputs(in: Self.corpus.appendingPathComponent("diff/seeds")).map { try [UInt8](Data(contentsOf: $0)) }
        for mutant in Mutants.hunted {
            let engines = Engines(reference: ReferenceEngine(), candidate: mutant.engine)
            let caught = mutant.caughtBy == [.diagnostics]
                ? diagnostics.contains { Checks.run(.diagnostics, $0, engines: engines) != nil }
                : mutant.caughtBy == [.diff]
                ? diff.contains { Checks.run(.diff, $0, engines: engines) != nil }
                : differential.contains { Checks.run(.differential, $0, engines: engines) != nil }
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
        let replayed = Self.sampled(inputs, of: target)
        let failures = Self.failures(replayed) { input in
            guard let data = FileManager.default.contents(atPath: input.path) else { return "\(input.path): cannot read" }
            return Checks.run(target, [UInt8](data)).map { "\(input.path): \($0.summary)\n\($0.readable)" }
        }
        for failure in failures { XCTFail(failure) }
        print("CorpusReplayTests: \(target.rawValue): \(replayed.count) of \(inputs.count) inputs replayed (\(TestTier.current) tier), \(failures.count) failed")
    }

    /// What one target's replay runs in this tier: every regression, and of seeds/ and merged/ each
    /// `TestTier.sample` (all in the full tier, `sampleSize` evenly spaced in the default tier).
    static func sampled(_ inputs: [URL], of target: FuzzTarget) -> [URL] {
        let sampledParts = ["seeds", "merged"]
        func part(_ url: URL) -> String? { sampledParts.first { url.path.contains("/\(target.rawValue)/\($0)/") } }
        var kept = inputs.filter { part($0) == nil }
        for name in sampledParts {
            kept += TestTier.sample(inputs.filter { part($0) == name }, atMost: sampleSize)
        }
        return kept.sorted { $0.path < $1.path }
    }

    /// `check` on every input, on all cores (the checks are pure), failures in path order.
    static func failures(_ inputs: [URL], _ check: @Sendable (URL) -> String?) -> [String] {
        let found = Mutex<[(Int, String)]>([])
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            if let failure = check(inputs[index]) { found.withLock { $0.append((index, failure)) } }
        }
        return found.withLock { $0 }.sorted { $0.0 < $1.0 }.map(\.1)
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

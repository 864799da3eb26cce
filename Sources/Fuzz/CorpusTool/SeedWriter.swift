// write-seeds: regenerates Corpus/<target>/seeds/ and Corpus/<target>.dict (DictionaryWriter) from the sources (SeedSources, HandmadeSeeds),
// each seed encoded with Checks.encodeSeed and written with its readable twin (<name>.json, what
// Checks.readable shows for the bytes). Identical inputs are written once (first name wins).
// The new folder is built beside the old one and swapped in, so a failed run leaves seeds/ as it was.
import Foundation
import FuzzEntry
import LinkMatch
import LinkMatchFuzzing
import LinkMatchTestData

enum SeedWriter {
    static func run(_ options: inout Options) -> Int32 {
        let root = options.value("--root") ?? FileManager.default.currentDirectoryPath
        let corpus = options.value("--corpus") ?? root + "/Corpus"
        // The sources default to the tree this tool was built from (LinkMatchTestData finds TestData/).
        let vectors = TestDataFolder.vectors.path
        let realWorldFolder = options.value("--real-world") ?? RealWorldFiles.folder.path
        do {
            let spec = try SeedSources.specExamples(options.value("--spec-examples") ?? vectors + "/spec-examples.json")
            let conformance = try SeedSources.conformance(options.value("--conformance") ?? vectors + "/conformance.json")
            var realWorld: (files: [RealWorldFile], cases: [SourceCase])?
            if FileManager.default.fileExists(atPath: realWorldFolder) {
                realWorld = try SeedSources.realWorld(realWorldFolder)
            } else {
                StandardError.write("note: \(realWorldFolder) not found: keeping the realworld-* seeds already in Corpus/\n")
            }
            // Real files have up to 236 rules: their first rules are enough to seed real pattern shapes.
            let parts = handmadeParts() + (spec + conformance).flatMap { SeedDerivation.parts($0) }
                + (realWorld?.cases ?? []).flatMap { SeedDerivation.parts($0, maxRules: 12) }
            let plan: [(FuzzTarget, [SeedCase])] = [
                (.differential, parts),
                (.document, (spec + conformance).map(SeedDerivation.document)
                    + (realWorld?.cases ?? []).map(SeedDerivation.trimmedDocument) + handmadeDocuments()),
                (.percentEncoding, handmadeTexts() + (spec + conformance).flatMap { SeedDerivation.percentTexts($0) }
                    + (realWorld?.cases ?? []).flatMap { SeedDerivation.percentTexts($0, maxRules: 12) }),
                (.parser, (spec + conformance).map(SeedDerivation.parser) + (realWorld?.files ?? []).map(SeedDerivation.parserFile)
                    + handmadeFiles()),
                (.metamorphic, parts),
                // The conformance corpus's document seeds only: a program behind a pipe answers far
                // fewer requests per second than the in-process engines, and libFuzzer replays every
                // seed first.
                (.external, conformance.map(SeedDerivation.document)),
                (.diagnostics, DiagnosticSeeds.all()),
                (.diff, DiffSeeds.all(documents: spec + conformance, realWorld: (realWorld?.cases ?? []).map(SeedDerivation.trimmedDocument))),
                (.json, JSONSeeds.all()),
            ]
            // --only TARGET: rewrite one target's seeds and dictionary, leave the others as they are.
            let only = options.value("--only")
            if let only, FuzzTarget(rawValue: only) == nil { throw SeedError("--only \(only): not a fuzz target") }
            var failed = false
            for (target, seeds) in plan where only == nil || only == target.rawValue {
                let report = try write(target, seeds, into: corpus + "/" + target.rawValue + "/seeds",
                                       keepRealWorld: realWorld == nil)
                // Cases written from the spec or observed with Apple's tool must all become seeds; real
                // files and derived part cases may exceed the seed format's size caps.
                let essential = report.unencodable.filter { $0.0.hasPrefix("spec-") || $0.0.hasPrefix("conformance-") }
                print("\(target.rawValue): \(report.written) seeds written, \(report.duplicates) duplicates skipped, "
                      + "\(report.unencodable.count) not encodable (\(essential.count) spec or conformance cases)")
                for (name, error) in options.value("--show") == "all" ? report.unencodable : essential {
                    print("  not encodable: \(name): \(error)")
                }
                let dictionary = corpus + "/" + target.rawValue + ".dict"
                guard FileManager.default.createFile(atPath: dictionary, contents: Data(DictionaryWriter.text(for: target).utf8)) else {
                    throw SeedError("cannot write \(dictionary)")
                }
                if target == .document || target == .parser, !essential.isEmpty { failed = true }
            }
            return failed ? 1 : 0
        } catch {
            StandardError.write("write-seeds: \(error)\n")
            return 1
        }
    }

    struct Report {
        var written = 0
        var duplicates = 0
        var unencodable: [(String, String)] = []
    }

    static func write(_ target: FuzzTarget, _ seeds: [SeedCase], into folder: String, keepRealWorld: Bool) throws -> Report {
        let files = FileManager.default
        let staging = folder + ".new"
        if files.fileExists(atPath: staging) { try files.removeItem(atPath: staging) }
        try files.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var report = Report()
        var seenBytes = Set<[UInt8]>()
        var seenNames = Set<String>()
        if keepRealWorld, let old = try? files.contentsOfDirectory(atPath: folder) {
            for name in old.sorted() where name.hasPrefix("realworld-") {
                try files.copyItem(atPath: folder + "/" + name, toPath: staging + "/" + name)
                if !name.hasSuffix(".json") {
                    seenNames.insert(name)
                    report.written += 1
                }
            }
        }
        for seed in seeds {
            let bytes: [UInt8]
            do {
                bytes = try Checks.encodeSeed(target, readableJSON: seed.readable.serialized())
            } catch {
                report.unencodable.append((seed.name, "\(error)"))
                continue
            }
            guard seenBytes.insert(bytes).inserted else {
                report.duplicates += 1
                continue
            }
            var name = seed.name
            var n = 2
            while seenNames.contains(name) {
                name = "\(seed.name)-\(n)"
                n += 1
            }
            seenNames.insert(name)
            guard files.createFile(atPath: staging + "/" + name, contents: Data(bytes)),
                  files.createFile(atPath: staging + "/" + name + ".json", contents: Data(Checks.readable(target, bytes).utf8)) else {
                throw SeedError("cannot write into \(staging)")
            }
            report.written += 1
        }
        if files.fileExists(atPath: folder) { try files.removeItem(atPath: folder) }
        try files.moveItem(atPath: staging, toPath: folder)
        return report
    }

    static func handmadeParts() -> [SeedCase] {
        HandmadeSeeds.parts.map { name, pattern, kind, text, caseSensitive, percentEncoded, variables in
            SeedCase(name: "handmade-" + name, readable: SeedDerivation.object([
                ("pattern", .string(pattern)), ("kind", .string(kind.rawValue)), ("text", .string(text)),
                ("caseSensitive", .bool(caseSensitive)), ("percentEncoded", .bool(percentEncoded)),
                ("variables", SeedDerivation.object(variables.map { ($0.0, SeedDerivation.strings($0.1)) })),
            ]))
        }
    }

    static func handmadeFiles() -> [SeedCase] {
        HandmadeSeeds.parserFiles.map { name, bytes in
            SeedDerivation.parserFile(RealWorldFile(name: "handmade-" + name, bytes: bytes))
        }
    }

    static func handmadeDocuments() -> [SeedCase] {
        func seed(_ name: String, _ aasa: String, urls: [String]) -> SeedCase {
            SeedCase(name: "handmade-" + name, readable: SeedDerivation.object([
                ("aasa", (try? JSONParser.parse(Array(aasa.utf8))) ?? .null), ("domain", .string("example.com")),
                ("appIDs", SeedDerivation.strings(["ABCDE12345.com.example.app"])), ("urls", SeedDerivation.strings(urls)),
            ]))
        }
        let plain = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/en"}]}]}}"#
        return HandmadeSeeds.documents.map { seed($0.0, $0.1, urls: ["https://example.com/en"]) }
            + [seed("U1-ports-and-scheme-digits", plain, urls: HandmadeSeeds.urls)]
    }

    static func handmadeTexts() -> [SeedCase] {
        HandmadeSeeds.percentTexts.map { SeedCase(name: "handmade-" + $0.0, readable: SeedDerivation.object([("text", .string($0.1))])) }
    }
}

import ArgumentParser
import Foundation
import LinkMatch
import LinkMatchProbes

/// `linkmatch probes export|import`: the swcutil probe kit (SPEC.md "Settling open points with
/// swcutil"). Export writes the requests only Apple's tool can answer; scripts/oracle.sh runs them on
/// a Mac; import compares the answers with the predictions.
struct ProbesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probes",
        abstract: "Write the swcutil probe kit, or read swcutil's answers back.",
        subcommands: [Export.self, Import.self]
    )

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write one probe per open point request and per decided SPEC rule into DIR.",
            discussion: """
            DIR gets manifest.json, probes.tsv and one folder per probe (aasa.json, component.json for \
            one-rule files, probe.json). An existing DIR is replaced only if it holds a previous kit. \
            Exit 1 when one of our engines disagrees with a probe's "linkmatch" prediction (the kit is \
            still written).
            """
        )

        @Argument(help: "The folder to write the kit into.")
        var dir: String

        @Option(help: "SPEC.md, for its rule headings (which rules are decided).")
        var spec = "SPEC.md"

        @Option(help: "The hand-written spec examples (one is picked per decided rule).")
        var examples = "TestData/vectors/spec-examples.json"

        func run() throws {
            do {
                try KitFolder.requireReplaceable(dir)
            } catch {
                throw error.report()
            }
            let specText: String, examplesJSON: JSONValue
            do throws(CLIError) {
                specText = String(decoding: try DocumentLoader.read(spec), as: UTF8.self)
                let examplesBytes = try DocumentLoader.read(examples)
                do {
                    examplesJSON = try JSONParser.parse(examplesBytes)
                } catch {
                    throw CLIError("invalid-json", examples, "\(error)")
                }
            } catch {
                var error = error
                error.message += " (run from the repository root, or pass --spec and --examples)"
                throw error.report()
            }
            let built = ProbeKit.build(openPoints: OpenPoints.all, specText: specText, specExamples: examplesJSON)
            var entries: [JSONValue] = []
            var disagreements: [String] = []
            for probe in built.probes {
                let engines = EngineChoice.allCases.map { (name: $0.rawValue, outcome: ProbeKit.engineOutcome(probe, engine: $0.engine)) }
                for e in engines where e.outcome != probe.linkMatchPrediction {
                    disagreements.append("\(probe.id): predicted \(probe.linkMatchPrediction) (\(probe.source)), the \(e.name) engine says \(e.outcome)")
                }
                entries.append(ProbeManifest.entry(probe, engines: engines))
            }
            var files: [(String, String)] = [("manifest.json", ProbeManifest.manifest(entries: entries, skipped: built.skipped).serialized(pretty: true) + "\n"),
                                             ("probes.tsv", ProbeManifest.tsv(built.probes))]
            for (probe, entry) in zip(built.probes, entries) {
                files.append((ProbeManifest.aasaFile(probe), probe.aasa))
                files.append((ProbeManifest.probeFile(probe), entry.serialized(pretty: true) + "\n"))
                if let component = probe.component { files.append((ProbeManifest.componentFile(probe), component)) }
            }
            do {
                try KitFolder.replace(dir, with: files)
            } catch {
                throw error.report()
            }
            let points = Set(built.probes.compactMap(\.point)).count
            let decided = built.probes.filter { $0.kind == .decidedRule }.count
            Output.line("\(dir): \(built.probes.count) probes (\(built.probes.count - decided) requests for \(points) open points, "
                        + "\(decided) decided rules), \(built.probes.reduce(0) { $0 + ProbeManifest.commands($1).count }) swcutil commands")
            for s in built.skipped { Output.line("  skipped \(s.subject): \(s.why)") }
            Output.line("Next, on a Mac: sudo scripts/oracle.sh --kit \(dir); then linkmatch probes import \(dir)/observations.jsonl")
            for d in disagreements { Output.error("error [engine-disagrees] \(dir): engine disagrees with the kit: \(d)") }
            if !disagreements.isEmpty { throw ExitCode(1) }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Compare swcutil's answers (scripts/oracle.sh's observations file) with the kit's predictions.",
            discussion: """
            Prints every answer that contradicts LinkMatch's prediction (with the readings it fits) or \
            cannot be read (--verbose: every answer), then the open points and SPEC rules contradicted, \
            unsettled and confirmed. Exit 0 when \
            nothing contradicts (unsettled answers allowed), 1 when something does or the files cannot be read.
            """
        )

        @Argument(help: "The observations file (JSON lines) written by scripts/oracle.sh.")
        var file: String

        @Option(help: "The kit's manifest.json (default: manifest.json beside FILE).")
        var manifest: String?

        @Option(help: "Also write the whole-file answers as conformance vectors (evidence tool) to this file.")
        var vectors: String?

        @Flag(help: "Print the report as JSON.")
        var json = false

        @Flag(help: "List every answer, confirmations included.")
        var verbose = false

        /// Kit files can be larger than an AASA file (every swcutil output, in base64).
        static let fileLimit = 64 << 20

        func run() throws {
            let verdicts: ProbeVerdicts
            do throws(CLIError) {
                // An unwritable --vectors is found before anything is read, not after.
                if let vectors { try OutputPath.requireWritableFile(vectors, flag: "--vectors") }
                let manifestPath = manifest ?? URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("manifest.json").path
                let manifestBytes = try DocumentLoader.read(manifestPath, limit: Self.fileLimit)
                let probes: [Probe]
                do {
                    probes = try ProbeManifest.probes(fromManifest: try JSONParser.parse(manifestBytes))
                } catch let error as JSONParseError {
                    throw CLIError("invalid-json", manifestPath, "\(error)")
                } catch {
                    throw CLIError("invalid-manifest", manifestPath, "\(error)")
                }
                let observationBytes = try DocumentLoader.read(file, limit: Self.fileLimit)
                let observations: ObservationsFile
                do {
                    observations = try ObservationsFile.parse(String(decoding: observationBytes, as: UTF8.self))
                } catch {
                    throw CLIError("invalid-observations", file, "\(error)")
                }
                verdicts = ProbeVerdicts(probes: probes, observations: observations)
                if let vectors {
                    try KitFolder.writeAtomically(verdicts.vectors.serialized(pretty: true) + "\n", to: vectors, flag: "--vectors")
                }
            } catch {
                throw error.report(json: json)
            }
            if json {
                Output.json(verdicts.json.serialized(pretty: true))
            } else {
                Output.line(verdicts.text(verbose: verbose))
            }
            if verdicts.anyContradicts { throw ExitCode(1) }
        }
    }
}

/// Writing the kit: into a fresh sibling folder first, renamed into place at the end, so a kill
/// never leaves half a kit under DIR; an existing DIR is replaced only when it is a kit.
enum KitFolder {
    /// DIR may be written: missing, empty or a kit, in a folder that takes new files.
    static func requireReplaceable(_ dir: String) throws(CLIError) {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: dir).standardizedFileURL
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: target.path, isDirectory: &isDir) {
            let empty = (try? fm.contentsOfDirectory(atPath: target.path))?.isEmpty ?? false
            guard isDir.boolValue, empty || fm.fileExists(atPath: target.appendingPathComponent("manifest.json").path) else {
                throw CLIError("output-exists", dir, "exists and is not a probe kit (no manifest.json); choose another folder", exit: 2)
            }
        }
        let parent = target.deletingLastPathComponent().path
        var parentIsDir: ObjCBool = false
        guard fm.fileExists(atPath: parent, isDirectory: &parentIsDir), parentIsDir.boolValue else {
            throw CLIError("output-unwritable", dir, "cannot write the kit: \(parent) is not a directory", exit: 2)
        }
        try OutputPath.requireWritableFile(target.path + ".partial-check", flag: "DIR")
    }

    static func replace(_ dir: String, with files: [(String, String)]) throws(CLIError) {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: dir).standardizedFileURL
        try requireReplaceable(dir)
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())")
        try? fm.removeItem(at: partial)
        do {
            for (name, contents) in files {
                let url = partial.appendingPathComponent(name)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            }
            if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
            try fm.moveItem(at: partial, to: target)
        } catch {
            try? fm.removeItem(at: partial)
            throw CLIError("output-unwritable", dir, "cannot write the kit: \(OutputPath.reason(error, near: partial.path))", exit: 2)
        }
    }

    static func writeAtomically(_ text: String, to path: String, flag: String) throws(CLIError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError("output-unwritable", "\(flag) \(path)", "cannot write: \(OutputPath.reason(error, near: path))", exit: 2)
        }
    }
}

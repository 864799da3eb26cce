// fuzz-corpus-tool's answers about the fuzz targets, their findings and libFuzzer's logs, for scripts/:
// the logic lives in LinkMatchFuzzing (FuzzTargetSettings, Findings/), tested there; this file only reads
// arguments and prints.
import Foundation
import FuzzEntry
import LinkMatchFuzzing

enum TargetCommands {
    static let usage = """
               fuzz-corpus-tool targets [--json]                  (the fuzz targets, one name a line; --json: their settings)
               fuzz-corpus-tool target-flags TARGET [--limits-only] [--max-len N] [--timeout S] [--root DIR]
                 (libFuzzer flags, one a line: limits, then the search flags and -dict=DIR/Corpus/TARGET.dict)
               fuzz-corpus-tool target-value TARGET max-len|timeout|brief-seconds|nightly-seconds|dictionary|product
               fuzz-corpus-tool target-options TARGET             (ClusterFuzzLite's TARGET.options)
               fuzz-corpus-tool findings DIR [--json|--count|--artifacts] [--mutant NAME] [--target TARGET]
                 (the finding records in DIR: a table; --artifacts: libFuzzer's file name for each, crash-<sha1>)
               fuzz-corpus-tool findings-replay ARTIFACTS --records DIR [--limit N]   (artifacts to replay)
               fuzz-corpus-tool findings-group ARTIFACTS --records DIR --logs DIR --tsv FILE
               fuzz-corpus-tool finding-name --target T --kind K --file F --records DIR [--slug S] [--unminimized]
               fuzz-corpus-tool run-summary RUN_DIR                (scripts/fuzz.sh's end table: per target time, exec/s, inputs, findings)
               fuzz-corpus-tool external-new CLASSES.jsonl      (how many classes are new, not accepted by --known)
               fuzz-corpus-tool libfuzzer-log FILE [--field started|counters|executed|coverage] [--shows-fuzzing RUNS STATUS]

        """

    /// nil: not one of these commands.
    static func run(_ command: String, _ arguments: [String]) -> Int32? {
        let flags: Set<String> = ["--json", "--count", "--artifacts", "--limits-only", "--unminimized"]
        var parsed = Parsed(arguments, flags: flags)
        switch command {
        case "targets": return targets(parsed)
        case "target-flags", "target-value", "target-options":
            guard let name = parsed.positional.first else { return usage("expected a target") }
            guard let target = FuzzTarget(rawValue: name) else { return usage("unknown target '\(name)'") }
            parsed.positional.removeFirst()
            switch command {
            case "target-flags": return targetFlags(target, parsed)
            case "target-value": return targetValue(target, parsed)
            default:
                print(target.optionsFile, terminator: "")
                return 0
            }
        case "findings": return findings(parsed)
        case "findings-replay": return findingsReplay(parsed)
        case "findings-group": return findingsGroup(parsed)
        case "finding-name": return findingName(parsed)
        case "libfuzzer-log": return libFuzzerLog(parsed)
        case "run-summary":
            guard let dir = parsed.positional.first else { return usage("expected a run folder") }
            print(RunSummary.read(runDirectory: dir, order: FuzzTarget.allCases.map(\.rawValue)).table, terminator: "")
            return 0
        case "external-new":
            guard let path = parsed.positional.first, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return usage("expected a readable classes.jsonl")
            }
            guard let count = ReportedClasses.newCount(classesJSONL: text) else { return usage("\(path) is not a classes.jsonl") }
            print(count)
            return 0
        default: return nil
        }
    }

    static func targets(_ parsed: Parsed) -> Int32 {
        guard parsed.positional.isEmpty else { return usage("targets takes no arguments") }
        if parsed.has("--json") {
            printJSON(FuzzTarget.allCases.map(\.settings))
        } else {
            for target in FuzzTarget.allCases { print(target.rawValue) }
        }
        return 0
    }

    static func targetFlags(_ target: FuzzTarget, _ parsed: Parsed) -> Int32 {
        guard parsed.positional.isEmpty else { return usage("unexpected \(parsed.positional[0])") }
        guard let maxLength = parsed.number("--max-len"), let timeout = parsed.number("--timeout") else {
            return usage("--max-len and --timeout take a number")
        }
        var flags = target.limitFlags(maxLength: maxLength, timeout: timeout)
        if !parsed.has("--limits-only") {
            flags += target.searchFlags
            if let root = parsed.value("--root") {
                let dictionary = root + "/" + target.dictionaryPath
                if FileManager.default.fileExists(atPath: dictionary) { flags.append("-dict=" + dictionary) }
            }
        }
        for flag in flags { print(flag) }
        return 0
    }

    static func targetValue(_ target: FuzzTarget, _ parsed: Parsed) -> Int32 {
        guard parsed.positional.count == 1 else { return usage("target-value TARGET FIELD") }
        switch parsed.positional[0] {
        case "max-len": print(target.maxLength)
        case "timeout": print(FuzzTarget.timeoutSeconds)
        case "brief-seconds": print(target.briefSeconds)
        case "nightly-seconds": print(target.nightlySeconds)
        case "dictionary": print(target.dictionaryPath)
        case "product": print(target.product)
        default: return usage("unknown field '\(parsed.positional[0])'")
        }
        return 0
    }

    static func findings(_ parsed: Parsed) -> Int32 {
        guard parsed.positional.count == 1 else { return usage("findings DIR") }
        let (all, problems) = FindingRecord.read(folder: parsed.positional[0])
        for problem in problems { StandardError.write("\(problem.file): \(problem.message)\n") }
        let records = all.filter { record in
            (parsed.value("--mutant").map { record.mutant == $0 } ?? true)
                && (parsed.value("--target").map { record.target == $0 } ?? true)
        }
        if parsed.has("--count") {
            print(records.count)
        } else if parsed.has("--artifacts") {
            for record in records { print(record.artifact) }
        } else if parsed.has("--json") {
            printJSON(records)
        } else {
            print(FindingGroups.table(records), terminator: "")
        }
        return problems.isEmpty ? 0 : 1
    }

    static func findingsReplay(_ parsed: Parsed) -> Int32 {
        guard parsed.positional.count == 1, let recordsFolder = parsed.value("--records") else {
            return usage("findings-replay ARTIFACTS --records DIR")
        }
        guard let limitOption = parsed.number("--limit") else { return usage("--limit takes a number") }
        let limit = limitOption ?? 100
        let records = FindingRecord.read(folder: recordsFolder).records
        for name in FindingGroups.toReplay(artifacts: fileNames(parsed.positional[0]), records: records, limit: limit) {
            print(parsed.positional[0] + "/" + name)
        }
        return 0
    }

    static func findingsGroup(_ parsed: Parsed) -> Int32 {
        guard parsed.positional.count == 1, let recordsFolder = parsed.value("--records"),
              let logsFolder = parsed.value("--logs"), let tsv = parsed.value("--tsv") else {
            return usage("findings-group ARTIFACTS --records DIR --logs DIR --tsv FILE")
        }
        let artifactsFolder = parsed.positional[0]
        let artifacts = fileNames(artifactsFolder)
        var logs: [String: String] = [:]
        for name in artifacts {
            if let data = FileManager.default.contents(atPath: logsFolder + "/" + name + ".log") {
                logs[name] = String(decoding: data, as: UTF8.self)
            }
        }
        let records = FindingRecord.read(folder: recordsFolder).records
        let (groups, skipped) = FindingGroups.group(artifacts: artifacts, records: records, logs: logs)
        let total = artifacts.compactMap(FindingArtifact.init(name:)).count
        print("\(total) finding files, \(groups.count) distinct (kept in \(artifactsFolder))")
        if !skipped.isEmpty {
            print("\(skipped.count) crash files not replayed (at most 100 are): look at them after a fix")
        }
        // One group a line: kind, first artifact (path), count, key, slug. Tabs separate; none of them has
        // one. The slug, the only one that may be empty, is last (bash's read joins adjacent tabs).
        let lines = groups.map { group in
            [group.kind, artifactsFolder + "/" + group.first, String(group.count),
             group.key.replacingOccurrences(of: "\t", with: " "), group.slug].joined(separator: "\t") + "\n"
        }
        guard FileManager.default.createFile(atPath: tsv, contents: Data(lines.joined().utf8)) else {
            StandardError.write("cannot write \(tsv)\n")
            return 1
        }
        return 0
    }

    static func findingName(_ parsed: Parsed) -> Int32 {
        guard let target = parsed.value("--target"), let kind = parsed.value("--kind"),
              let file = parsed.value("--file"), let recordsFolder = parsed.value("--records") else {
            return usage("finding-name --target T --kind K --file F --records DIR")
        }
        guard FuzzTarget(rawValue: target) != nil else { return usage("unknown target '\(target)'") }
        guard let data = FileManager.default.contents(atPath: file) else {
            StandardError.write("cannot read \(file)\n")
            return 1
        }
        let sha1 = SHA1.hex(Array(data))
        // What broke: the record the minimized input's own failure wrote, else the group's slug.
        let record = FindingRecord.read(folder: recordsFolder).records.first { $0.sha1 == sha1 }
        let slug = record?.slug ?? parsed.value("--slug") ?? ""
        print(FindingGroups.regressionName(target: target, slug: slug, kind: kind, sha1: sha1,
                                           minimized: !parsed.has("--unminimized")))
        return 0
    }

    static func libFuzzerLog(_ parsed: Parsed) -> Int32 {
        guard parsed.positional.count == 1 || (parsed.positional.count == 2 && parsed.value("--shows-fuzzing") != nil) else {
            return usage("libfuzzer-log FILE")
        }
        let file = parsed.positional[0]
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let log = LibFuzzerLog(text)
        if let runs = parsed.value("--shows-fuzzing") {
            guard parsed.positional.count == 2, let runs = Int(runs), let status = Int(parsed.positional[1]) else {
                return usage("--shows-fuzzing RUNS STATUS")
            }
            return log.showsFuzzing(runs: runs, status: status) ? 0 : 1
        }
        switch parsed.value("--field") {
        case nil: printJSON(log)
        case "started": print(log.started)
        case "counters": print(log.counters)
        case "executed": print(log.executed.map(String.init) ?? "")
        case "coverage": print(log.coverage ?? "")
        case let field?: return usage("unknown field '\(field)'")
        }
        return 0
    }

    // ---- helpers ----

    static func fileNames(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func printJSON<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        print(String(decoding: data, as: UTF8.self))
    }

    static func usage(_ message: String) -> Int32 {
        StandardError.write("fuzz-corpus-tool: \(message)\nusage:\n\(usage)")
        return 2
    }

    /// Arguments: `flags` stand alone; any other `--name` takes the next argument; the rest are positional.
    /// (The older commands' Options treats every `--name` as taking a value.)
    struct Parsed {
        var positional: [String] = []
        private var named: [String: String] = [:]
        private var set: Set<String> = []

        init(_ arguments: [String], flags: Set<String>) {
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                if flags.contains(argument) {
                    set.insert(argument)
                } else if argument.hasPrefix("--"), index + 1 < arguments.count {
                    named[argument] = arguments[index + 1]
                    index += 1
                } else {
                    positional.append(argument)
                }
                index += 1
            }
        }

        func has(_ flag: String) -> Bool { set.contains(flag) }
        func value(_ name: String) -> String? { named[name] }
        /// nil: present but not a number; .some(nil): absent.
        func number(_ name: String) -> Int?? {
            guard let text = named[name] else { return .some(nil) }
            return Int(text).map { .some($0) } ?? nil
        }
    }
}

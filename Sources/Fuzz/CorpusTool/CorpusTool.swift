// The subcommands of fuzz-corpus-tool. Exit codes: 0 done, 1 a file could not be used, 2 usage.
import Foundation
import FuzzEntry
import LinkMatchFuzzing
import LinkMatchMutants

enum CorpusTool {
    static let usage = """
        usage: fuzz-corpus-tool readable [--target TARGET] FILE...
               fuzz-corpus-tool reencode FILE...
               fuzz-corpus-tool mutants          (one line each: NAME TARGET...)
               fuzz-corpus-tool conformance --mutant NAME
                 (the conformance protocol on stdin/stdout, answered by a planted mistake or a reading)
               fuzz-corpus-tool write-seeds [--root DIR] [--corpus DIR] [--spec-examples FILE] [--conformance FILE] [--real-world DIR] [--only TARGET]
                 (--corpus defaults to DIR/Corpus, DIR to the working directory; the sources to TestData/ of the tree the tool was built from)
        \(TargetCommands.usage)
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else { return usageError("missing command") }
        // `--help` anywhere asks for the usage: it must never run a command (write-seeds writes Corpus/).
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage, terminator: "")
            return 0
        }
        var options = Options(Array(arguments.dropFirst()))
        switch command {
        case "readable": return readable(&options)
        case "write-seeds": return SeedWriter.run(&options)
        case "reencode": return reencode(&options)
        case "mutants":
            // One line per planted mistake or hunted reading: its name, then the targets that catch it
            // (measure.sh reads this).
            for mutant in Mutants.hunted {
                print(([mutant.name] + mutant.measuredBy.map(\.rawValue)).joined(separator: " "))
            }
            return 0
        case "conformance": return conformance(options)
        default:
            // targets, target-flags, findings, libfuzzer-log...: TargetCommands.swift.
            return TargetCommands.run(command, Array(arguments.dropFirst())) ?? usageError("unknown command '\(command)'")
        }
    }

    /// `linkmatch conformance` answered by a deliberately wrong engine, to test a fuzzing setup (the tests,
    /// docs/TEST-YOUR-MATCHER.md): one reply line per request line, written at once.
    static func conformance(_ options: Options) -> Int32 {
        guard options.rest.isEmpty, let name = options.value("--mutant") else { return usageError("expected --mutant NAME") }
        guard let engine = Mutants.named(name) else {
            return usageError("unknown mutant '\(name)'; known: \(Mutants.all.map(\.name).joined(separator: ", "))")
        }
        while let line = readLine(strippingNewline: true) {
            FileHandle.standardOutput.write(Data((ConformanceProtocol.answer(line: line, engine: engine) + "\n").utf8))
        }
        return 0
    }

    static func readable(_ options: inout Options) -> Int32 {
        let forced = options.value("--target")
        if let forced, FuzzTarget(rawValue: forced) == nil { return usageError("unknown target '\(forced)'") }
        guard options.rest.allSatisfy({ !$0.hasPrefix("-") }), !options.rest.isEmpty else { return usageError("expected files") }
        for file in options.rest {
            guard let target = forced.flatMap(FuzzTarget.init(rawValue:)) ?? TargetPath.target(of: file) else {
                StandardError.write("\(file): cannot tell the target from the path; pass --target\n")
                return 1
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                StandardError.write("cannot read \(file)\n")
                return 1
            }
            let text = Checks.readable(target, Array(data))
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        }
        return 0
    }

    /// After a change to the seed byte format an input X may no longer read as the case its twin X.json
    /// describes: rewrite X as Checks.encodeSeed(X.json), so the committed case survives the change.
    static func reencode(_ options: inout Options) -> Int32 {
        guard !options.rest.isEmpty, options.rest.allSatisfy({ !$0.hasPrefix("-") }) else { return usageError("expected files") }
        for file in options.rest {
            guard let target = TargetPath.target(of: file),
                  let twin = FileManager.default.contents(atPath: file + ".json"),
                  let old = FileManager.default.contents(atPath: file) else {
                StandardError.write("\(file): needs a readable twin \(file).json under Corpus/<target>/\n")
                return 1
            }
            let bytes: [UInt8]
            do {
                bytes = try Checks.encodeSeed(target, readableJSON: String(decoding: twin, as: UTF8.self))
            } catch {
                StandardError.write("\(file): the twin does not encode: \(error)\n")
                return 1
            }
            if bytes == Array(old) {
                print("\(file): unchanged")
            } else if FileManager.default.createFile(atPath: file, contents: Data(bytes)) {
                print("\(file): rewritten from its twin (\(old.count) -> \(bytes.count) bytes)")
            } else {
                StandardError.write("cannot write \(file)\n")
                return 1
            }
        }
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        StandardError.write("fuzz-corpus-tool: \(message)\n\(usage)")
        return 2
    }
}

/// `--name value` options followed by positional arguments.
struct Options {
    private var named: [(String, String)] = []
    var rest: [String] = []

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), index + 1 < arguments.count {
                named.append((argument, arguments[index + 1]))
                index += 2
            } else {
                rest.append(argument)
                index += 1
            }
        }
    }

    func value(_ name: String) -> String? { named.last { $0.0 == name }?.1 }
}

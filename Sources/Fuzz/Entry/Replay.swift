// The main of a fuzz executable built without libFuzzer (plain `swift build`): run the files and
// folders given as arguments through the check. It refuses libFuzzer's flags, so a script or a person
// who expected a fuzzer gets an error instead of a silent exit 0.
import Foundation
import LinkMatchFuzzing

enum Replay {
    static func run(_ session: FuzzSession, arguments: [String]) -> Int32 {
        let program = "fuzz-\(session.target.rawValue)"
        if arguments.isEmpty || arguments.contains(where: { $0.hasPrefix("-") }) {
            StandardError.write(notAFuzzerMessage(program))
            return 2
        }
        var files: [String] = []
        for argument in arguments {
            switch CorpusFiles.inputs(at: argument) {
            case .success(let found): files += found
            case .failure(let error):
                StandardError.write("\(program): \(error.message)\n")
                return 2
            }
        }
        var failures = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                StandardError.write("\(program): cannot read \(file)\n")
                return 2
            }
            if let failure = Checks.run(session.target, Array(data), engines: session.engines) {
                failures += 1
                StandardError.write(FailureReport.text(failure, source: file))
                FindingWriter.record(failure, bytes: Array(data), inputPath: file, session: session)
            }
        }
        StandardError.write("\(program): replayed \(files.count) inputs, \(failures) failed (candidate \(session.engines.candidate.name))\n")
        return failures == 0 ? 0 : 1
    }

    static func notAFuzzerMessage(_ program: String) -> String {
        let target = program.dropFirst("fuzz-".count)
        return """
            \(program): this binary was built without libFuzzer, so it cannot fuzz; it only replays inputs:
                \(program) FILE_OR_FOLDER...
            To fuzz, run scripts/fuzz.sh \(target), or build with libFuzzer (release, own build folder) and run
            it with a scratch folder first (libFuzzer writes new inputs into the first folder):
                swift build -c release --sanitize=fuzzer --scratch-path .build-fuzz --product \(program)
                mkdir -p /tmp/\(program)
                SWIFT_BACKTRACE=enable=no .build-fuzz/release/\(program) -dict=Corpus/\(target).dict /tmp/\(program) Corpus/\(target)/seeds

            """
    }
}

// The three C-callable functions every fuzz executable's main.c uses (Sources/Fuzz/include/linkmatch_fuzz.h).
// They only adapt: bytes -> Checks.run, arguments -> Replay. The checks live in LinkMatchFuzzing.
import LinkMatchFuzzing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// LLVMFuzzerInitialize: refuse a wrong target name or mutant, or a build whose Swift code has no
/// coverage instrumentation, before libFuzzer starts; warn when a crash would not be saved.
@_cdecl("linkmatch_fuzz_initialize")
public func linkmatchFuzzInitialize(_ target: UnsafePointer<CChar>, _ counters: Int) -> CInt {
    let session = FuzzSession.resolveOrExit(target)
    if let problem = CoverageCheck.problem(counters: counters, program: "fuzz-\(session.target.rawValue)") {
        StandardError.write(problem)
        exit(2)
    }
    StandardError.write("LinkMatch fuzz target \(session.target.rawValue): candidate engine \(session.engines.candidate.name)\n")
    if !BacktraceSetting.isDisabled {
        StandardError.write("""
            warning: SWIFT_BACKTRACE is not 'enable=no': the Swift backtracer may catch a crash before libFuzzer \
            does, and then no crash file is written. Run with SWIFT_BACKTRACE=enable=no (scripts/fuzz.sh does).

            """)
    }
    return 0
}

/// LLVMFuzzerTestOneInput: one input through the target's check. A failure is a crash for libFuzzer.
@_cdecl("linkmatch_fuzz_one")
public func linkmatchFuzzOne(_ target: UnsafePointer<CChar>, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let session = FuzzSession.resolveOrExit(target)
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let failure = Checks.run(session.target, bytes, engines: session.engines) {
        StandardError.write(FailureReport.text(failure, source: nil))
        FindingWriter.record(failure, bytes: bytes, inputPath: nil, session: session)
        abort()
    }
    return 0
}

/// The weak main of a build without libFuzzer.
@_cdecl("linkmatch_fuzz_replay")
public func linkmatchFuzzReplay(_ target: UnsafePointer<CChar>, _ argc: CInt,
                                _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let session = FuzzSession.resolveOrExit(target)
    var arguments: [String] = []
    if let argv {
        for index in 1..<max(1, Int(argc)) {
            if let argument = argv[index] { arguments.append(String(cString: argument)) }
        }
    }
    return Replay.run(session, arguments: arguments)
}

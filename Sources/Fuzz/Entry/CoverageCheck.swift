// A libFuzzer binary whose Swift code carries no coverage counters still starts, prints its banner and
// "fuzzes", but blind: it never learns which inputs reach new code. That happens with
// `--sanitize=fuzzer --sanitize=address`: SwiftPM hands swiftc two -sanitize flags and swiftc keeps
// only the last, so the Swift code gets ASan but no coverage (main.c's handful of counters instead of
// the library's thousands; docs/HISTORY.md, "Measured on the way"). Refuse such a build and name the
// command that works.
enum CoverageCheck {
    /// The LinkMatch library alone has thousands of counters; main.c has a handful.
    static let minimumCounters = 1_000

    /// The suggested ASan build links with lld on Linux (gold warns about local symbols there, see
    /// scripts/fuzz-common.sh); macOS links with ld64, and `-use-ld=lld` would ask for an ELF linker.
    #if os(Linux)
    static let linkerFlag = " -Xswiftc -use-ld=lld"
    #else
    static let linkerFlag = ""
    #endif

    static func problem(counters: Int, program: String) -> String? {
        guard counters < minimumCounters else { return nil }
        return """
            \(program): only \(counters) coverage counters: the Swift code was not instrumented for coverage, \
            so libFuzzer would fuzz blind. swiftc keeps only the LAST -sanitize flag: pass fuzzer and address \
            as ONE flag, e.g.
                swift build -c release -Xswiftc -sanitize=fuzzer,address\(linkerFlag) --scratch-path .build-fuzz-asan --product \(program)
            or: scripts/fuzz.sh --asan

            """
    }
}

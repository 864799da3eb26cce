// swift-tools-version: 6.0
// LinkMatch: the universal-links (AASA `applinks`) matching spec, implemented twice, plus the
// fuzzing harness that keeps the two implementations honest. See README.md for the layout.
import PackageDescription

/// One thin executable per libFuzzer target: `Sources/Fuzz/<name>/main.c` (names the target, then includes
/// `Sources/Fuzz/include/linkmatch_fuzz_target.h`) defines
/// `LLVMFuzzerTestOneInput` and a *weak* `main`, both calling the Swift glue in `FuzzEntry`; the checks
/// themselves live in `LinkMatchFuzzing` so `swift test` can run them too.
///
/// Why the executables are C (proved on Linux, Swift 6.3; see scripts/check-fuzz-build.sh):
/// - libFuzzer is linked with `--whole-archive` (clang's `-fsanitize=fuzzer`), so its strong `main`
///   always replaces the weak one: `swift build -c release --sanitize=fuzzer` and
///   `swift build -c release -Xswiftc -sanitize=fuzzer` both give real fuzzers.
/// - Without libFuzzer the weak `main` is the only one, and it replays corpus files (plain
///   `swift build`), refusing libFuzzer flags so such a binary never "passes" without fuzzing.
/// - A Swift executable cannot do this: SwiftPM links Swift executables with
///   `--defsym main=<Module>_main`, which overrides a weak C `main` in plain builds, and it compiles them
///   `-parse-as-library` without that renaming under `--sanitize=fuzzer`, so a Swift `main` collides
///   with libFuzzer's ("multiple definition of main") while top-level code does not compile.
/// - AddressSanitizer: `-Xswiftc -sanitize=fuzzer,address`, one flag. With `--sanitize=fuzzer
///   --sanitize=address` swiftc keeps only the last flag and the Swift code gets no coverage; the
///   binary then refuses to run (FuzzCoverageProbe) instead of fuzzing blind.
let fuzzTargets = ["differential", "document", "percent-encoding", "parser", "metamorphic", "external", "diagnostics", "diff", "json"]

func fuzzTargetName(_ name: String) -> String {
    "Fuzz" + name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// A program that is not a fuzzer (the CLI, the benchmarks, the corpus tool): a one-line C main in
/// `Sources/Programs/<name>/main.c` over the Swift library `entry`. Sources/Programs/include/linkmatch_program.h
/// says why: the card's `swift build -Xswiftc -sanitize=fuzzer` links libFuzzer's main into every executable.
func program(_ name: String, target: String, entry: Target.Dependency) -> Target {
    .executableTarget(name: target, dependencies: [entry], path: "Sources/Programs/\(name)",
                      cSettings: [.headerSearchPath("../include")])
}

/// linkmatch_fuzz.h declares libFuzzer's `LLVMFuzzerRunDriver` weak, so a fuzz executable built without
/// libFuzzer links with it NULL (and replays). ELF linkers allow an undefined weak symbol; ld64 on macOS does
/// not (there a weak reference only may be missing at run time) unless `-U` says the symbol may stay undefined,
/// as compiler-rt does for its own weak hooks on Darwin. The reference still pulls libFuzzer's driver out of
/// its archive when libFuzzer is linked. macOS only; written for the macOS CI job, not run on this machine.
let fuzzDriverMayBeUndefined: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-U", "-Xlinker", "_LLVMFuzzerRunDriver"], .when(platforms: [.macOS])),
]

let package = Package(
    name: "LinkMatch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LinkMatch", targets: ["LinkMatch"]),
        .library(name: "LinkMatchFuzzing", targets: ["LinkMatchFuzzing"]),
        .executable(name: "linkmatch", targets: ["LinkMatchProgram"]),
        .executable(name: "linkmatch-bench", targets: ["LinkMatchBenchProgram"]),
        .executable(name: "fuzz-corpus-tool", targets: ["FuzzCorpusToolProgram"]),
    ] + fuzzTargets.map { .executable(name: "fuzz-\($0)", targets: [fuzzTargetName($0)]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only for `swift package generate-documentation` (the DocC catalog in Sources/LinkMatch/LinkMatch.docc):
        // a command plugin, linked into no product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The spec in code, as six modules whose dependency graph is the architecture (README.md "Layout"):
        //
        //   LinkMatchCore <- LinkMatchReference <--------------------------+
        //        ^                                                          +- LinkMatchTooling <- LinkMatch (umbrella)
        //        +-------- LinkMatchModel <- LinkMatchCompiled <------------+
        //                        ^                                          |
        //                        +------------------------------------------+
        //
        // Core interprets nothing: the JSON reader and writer, the signed-envelope unwrap, URL splitting
        // and percent coding, the predefined code tables, and the value types both engines answer in
        // (Decision, RuleTrace, PartTrace, PartRequest, PartVerdict, VariableTable, DocumentLoadError).
        // Whatever both engines still share is here, and each piece has a check of its own that does
        // not go through either engine (JSON round trip; URLs split as Foundation splits them).
        .target(name: "LinkMatchCore", path: "Sources/Core"),
        // The reference engine: SPEC.md's algorithm step by step, with its own reading of the JSON into
        // rules and its own loader (it rejects a file with the same codes as the compiled side, and counts
        // the document-wide P5 total itself). Core only: built with
        // `--explicit-target-dependency-import-check error` (as .ci/run builds) SwiftPM refuses an import of the
        // compiled module here, and ReferenceIndependenceTests checks the imports on any build. Its `RuleTrace`s come from its own rule type.
        .target(name: "LinkMatchReference", dependencies: ["LinkMatchCore"], path: "Sources/ReferenceEngine"),
        // The document model the compiled engine and the tooling share: AASADocument, DocumentParser and
        // Diagnostic, the serializer, Apple's size limit, the pattern AST, parser and limits, case folding,
        // and the MatchEngine/PreparedDocument protocols (whose `prepare` takes the model). Core only.
        .target(name: "LinkMatchModel", dependencies: ["LinkMatchCore"], path: "Sources/Model"),
        // The compiled engine: compilation and matching only (the automata, the rule index); it conforms
        // to MatchEngine here, in its own module.
        .target(name: "LinkMatchCompiled", dependencies: ["LinkMatchCore", "LinkMatchModel"], path: "Sources/CompiledEngine"),
        // What brings the engines together: the reference's MatchEngine conformance (its module cannot see
        // the model), lints, open points and their readings, and the explain support (RuleProbe turns a
        // model rule into the reference's own rule).
        .target(name: "LinkMatchTooling", dependencies: ["LinkMatchCore", "LinkMatchModel", "LinkMatchReference", "LinkMatchCompiled", "LinkMatchRandom"],
                path: "Sources/Tooling"),
        // `import LinkMatch`: re-exports the five, so users (and the CLI, benches, fuzzing) need one import.
        .target(name: "LinkMatch", dependencies: ["LinkMatchCore", "LinkMatchModel", "LinkMatchReference", "LinkMatchCompiled", "LinkMatchTooling"]),
        // The swcutil probe kit (SPEC.md section 15): export probes for Apple's tool, read its answers back.
        // Tooling around the spec, not matching, so it sits outside LinkMatch (whose coverage the corpus measures).
        .target(name: "LinkMatchProbes", dependencies: ["LinkMatch"]),
        // Test data and support in one place: TestData/ (found from its own #filePath), the vector files read
        // from disk (the case types are LinkMatchVectors', re-exported), the real-world loaders, the list of
        // engines every behavioural test runs. Used by both test targets,
        // the benchmarks and the corpus tool; LinkMatch and the shipped CLI never depend on it.
        .target(name: "LinkMatchTestData", dependencies: ["LinkMatch", "LinkMatchVectors"]),
        // The matching vectors (TestData/vectors/spec-examples.json and conformance.json) read into cases, and
        // the same two files compiled in (the EmbedVectors plugin wraps each in a Swift string at build time),
        // so `linkmatch score` carries the suites the tests read, from the one copy in TestData/vectors.
        .target(name: "LinkMatchVectors", dependencies: ["LinkMatch"], plugins: ["EmbedVectors"]),
        // Build-time only: runs /bin/sh over the two vector files (no executable of ours, so no libFuzzer main
        // under `-Xswiftc -sanitize=fuzzer`). Plugins/EmbedVectors/EmbedVectors.swift says how.
        .plugin(name: "EmbedVectors", capability: .buildTool(), path: "Plugins/EmbedVectors"),
        // The tree's one seeded generator (SplitMix64): the fuzzing library's SeededBytes and the tests draw from it.
        .target(name: "LinkMatchRandom"),
        // Byte reader, generators, checks, shrinker, external fuzzing and scoring: shared by fuzz targets, tests and the CLI.
        .target(name: "LinkMatchFuzzing", dependencies: ["LinkMatch", "LinkMatchRandom", "LinkMatchVectors"]),
        // The planted mistakes that test the harness (test code: the fuzz binaries, the corpus tool and the
        // tests use them; the shipped `linkmatch` does not, ShippedCLITests checks it).
        .target(name: "LinkMatchMutants", dependencies: ["LinkMatch", "LinkMatchFuzzing"]),
        // The CLI (one file per subcommand) and the benchmarks, as libraries: their executables are one-line C
        // mains (Sources/Programs), so that `swift build -Xswiftc -sanitize=fuzzer` at the root, which links
        // libFuzzer's main into every executable, still builds them (linkmatch_program.h says how).
        .target(
            name: "LinkMatchCLI",
            dependencies: [
                "LinkMatch", "LinkMatchFuzzing", "LinkMatchProbes", "LinkMatchVectors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/CLI"
        ),
        .target(name: "LinkMatchBench", dependencies: [
            "LinkMatch", "LinkMatchTestData", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/Bench"),
        program("linkmatch", target: "LinkMatchProgram", entry: "LinkMatchCLI"),
        program("linkmatch-bench", target: "LinkMatchBenchProgram", entry: "LinkMatchBench"),
        .testTarget(name: "LinkMatchTests", dependencies: [
            "LinkMatch", "LinkMatchCore", "LinkMatchModel", "LinkMatchReference", "LinkMatchCompiled", "LinkMatchTooling",
            "LinkMatchProbes", "LinkMatchTestData", "LinkMatchRandom", "LinkReportExample",
        ]),
        // The library example the docs show (docs/LIBRARY.md): `LinkMatch` alone, as a user has it.
        .target(name: "LinkReportExample", dependencies: ["LinkMatch"], path: "examples/library"),
        .testTarget(name: "LinkMatchFuzzingTests",
                    dependencies: ["LinkMatch", "LinkMatchFuzzing", "LinkMatchMutants", "LinkMatchTestData", "LinkMatchRandom"]),
        // The Swift side of every fuzz executable: bytes -> check, replay, mutant selection.
        .target(name: "FuzzEntry", dependencies: ["LinkMatch", "LinkMatchFuzzing", "LinkMatchMutants"], path: "Sources/Fuzz/Entry"),
        // Counts the binary's coverage counters, so a fuzzer built without coverage refuses to run. C, in
        // a file of its own: see coverage_probe.c.
        .target(name: "FuzzCoverageProbe", path: "Sources/Fuzz/CoverageProbe"),
        // Corpus chores for scripts/: readable twins, seed generation; `conformance --mutant NAME` answers the
        // conformance protocol with a planted mistake (for the tests and docs/TEST-YOUR-MATCHER.md). A program
        // like the CLI (never a fuzzer), but not shipped to users.
        .target(name: "FuzzCorpusTool", dependencies: ["FuzzEntry", "LinkMatch", "LinkMatchFuzzing", "LinkMatchMutants", "LinkMatchTestData"],
                path: "Sources/Fuzz/CorpusTool"),
        program("fuzz-corpus-tool", target: "FuzzCorpusToolProgram", entry: "FuzzCorpusTool"),
    ] + fuzzTargets.map {
        .executableTarget(
            name: fuzzTargetName($0),
            dependencies: ["FuzzEntry", "FuzzCoverageProbe"],
            path: "Sources/Fuzz/\($0)",
            cSettings: [.headerSearchPath("../include")],
            linkerSettings: fuzzDriverMayBeUndefined
        )
    }
)

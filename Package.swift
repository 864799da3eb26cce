// swift-tools-version: 6.0
// LinkMatch: the universal-links (AASA `applinks`) matching spec, implemented twice, plus the
// fuzzing harness that keeps the two implementations honest. See README.md for the layout.
import PackageDescription

/// One thin executable per libFuzzer target. Each exports `LLVMFuzzerTestOneInput`; the checks
/// themselves live in `LinkMatchFuzzing` so `swift test` can run them too.
let fuzzTargets = ["differential", "document", "percent-encoding", "parser", "metamorphic"]

func fuzzTargetName(_ name: String) -> String {
    "Fuzz" + name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

let package = Package(
    name: "LinkMatch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LinkMatch", targets: ["LinkMatch"]),
        .library(name: "LinkMatchFuzzing", targets: ["LinkMatchFuzzing"]),
        .executable(name: "linkmatch", targets: ["linkmatch"]),
        .executable(name: "linkmatch-bench", targets: ["linkmatch-bench"]),
    ] + fuzzTargets.map { .executable(name: "fuzz-\($0)", targets: [fuzzTargetName($0)]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The spec in code: document parsing, patterns, URL parts, both engines, decisions.
        .target(name: "LinkMatch"),
        // Byte reader, generators, checks, mutants, shrinker: shared by fuzz targets and tests.
        .target(name: "LinkMatchFuzzing", dependencies: ["LinkMatch"]),
        .executableTarget(
            name: "linkmatch",
            dependencies: [
                "LinkMatch", "LinkMatchFuzzing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "linkmatch-bench", dependencies: ["LinkMatch"]),
        .testTarget(
            name: "LinkMatchTests",
            dependencies: ["LinkMatch"],
            resources: [.copy("Vectors")]
        ),
        .testTarget(name: "LinkMatchFuzzingTests", dependencies: ["LinkMatch", "LinkMatchFuzzing"]),
    ] + fuzzTargets.map {
        .executableTarget(
            name: fuzzTargetName($0),
            dependencies: ["LinkMatchFuzzing"],
            path: "Sources/Fuzz/\($0)"
        )
    }
)

import Foundation
import PackagePlugin

/// Compiles the matching vectors into the target that uses this plugin (LinkMatchVectors): each file of
/// `TestData/vectors/` named below becomes a Swift file declaring one string constant holding the file's
/// text, so `linkmatch score` carries the very cases the tests read, with no second copy in the tree.
///
/// Why a plugin running `/bin/sh` rather than SwiftPM's `.embedInCode` resource: `.embedInCode` writes the
/// bytes as an array literal, which the compiler is slow to type-check (docs/HISTORY.md, issue 30), while a
/// raw string literal compiles at once. Why a shell and not a tool of ours: a plugin's tool executable is
/// built like the package's executables, so under `swift build -Xswiftc -sanitize=fuzzer` (Package.swift)
/// it would be linked with libFuzzer's `main`.
///
/// The text goes into a raw multi-line literal delimited by `#####`; a file holding that delimiter's
/// closing sequence would end the literal early, so the command refuses it with a message instead.
@main
struct EmbedVectors: BuildToolPlugin {
    /// Vector file -> the constant it becomes.
    static let files: [(file: String, constant: String)] = [
        ("spec-examples.json", "specExamplesText"),
        ("conformance.json", "conformanceText"),
    ]

    /// `sh -c SCRIPT sh INPUT OUTPUT CONSTANT`: the declaration, the text, the closing delimiter.
    static let script = """
        if grep -q '\"\"\"#####' "$1"; then echo "$1 holds the sequence \\"\\"\\"#####, which would end the Swift literal" >&2; exit 1; fi
        { printf 'let %s = #####\"\"\"\\n' "$3"; cat "$1"; printf '\\n\"\"\"#####\\n'; } > "$2"
        """

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let vectors = context.package.directoryURL.appending(path: "TestData/vectors")
        return Self.files.map { file, constant in
            let input = vectors.appending(path: file)
            let output = context.pluginWorkDirectoryURL.appending(path: constant + ".swift")
            return .buildCommand(displayName: "Embedding TestData/vectors/\(file)", executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", Self.script, "sh", input.path, output.path, constant],
                                 inputFiles: [input], outputFiles: [output])
        }
    }
}

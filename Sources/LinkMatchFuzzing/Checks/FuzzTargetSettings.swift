// How each fuzz target is run: the one place that knows it. scripts/ ask `fuzz-corpus-tool targets` and
// `fuzz-corpus-tool target-flags` (Sources/Fuzz/CorpusTool/TargetCommands.swift) instead of keeping lists;
// Package.swift keeps its own list of names (it cannot import this), and FuzzTargetListTests fails when the
// two, the Sources/Fuzz and Corpus folders or a list in scripts/, .clusterfuzzlite/ or a workflow disagree.

extension FuzzTarget {
    /// The libFuzzer executable (product) of this target, built from `Sources/Fuzz/<name>/main.c`.
    public var product: String { "fuzz-\(rawValue)" }

    /// The dictionary, relative to the package root.
    public var dictionaryPath: String { "Corpus/\(rawValue).dict" }

    /// The committed corpus folder (seeds/, merged/, regressions/), relative to the package root.
    public var corpusPath: String { "Corpus/\(rawValue)" }

    /// Inputs longer than this are cut by libFuzzer. Part-level targets need little; whole documents more;
    /// the parser's seeds include real-world AASA files (largest 43 KB).
    public var maxLength: Int {
        switch self {
        case .differential, .percentEncoding, .diagnostics: return 512
        case .metamorphic: return 1024
        case .document, .external, .diff, .json: return 4096
        case .parser: return 49152
        }
    }

    /// One input running longer than this is a hang. The engines' work is bounded, so even the reference's
    /// worst case is far below it, with room for AddressSanitizer's slowdown.
    public static let timeoutSeconds = 10

    /// libFuzzer's -rss_limit_mb (also its per-allocation malloc limit): beyond this is an OOM finding.
    public static let memoryLimitMB = 2048

    /// How a fuzzing run (not a minimization or merge) of this target searches: extra libFuzzer flags.
    ///
    /// `-len_control=0`: mutate up to -max_len from the first input. libFuzzer's default (100) starts at a
    /// few bytes and lets the length limit grow only after 100*log(limit) executions without a new corpus
    /// input, and every new coverage point restarts that wait. Our inputs are decoded into structured
    /// cases (Cases/): a document with a `?*` path and a URL aimed at it needs a few dozen bytes. From
    /// an empty corpus the document target found the planted mistakes sooner with 0 than with the
    /// default, and the differential target as soon or sooner (docs/HISTORY.md, "Length control").
    /// Not for metamorphic: each input there runs many engine calls, longer inputs cost more, and its
    /// hardest planted mistake was found less often with 0. Not for external either: against a slow peer
    /// (examples/peers/regex_matcher.py) longer inputs mean more requests per execution, and it found
    /// no more classes with 0 (docs/HISTORY.md, "Measured on the way"). parser and percent-encoding have no planted mistakes to
    /// measure with, so they keep the default too; diagnostics has not been measured with 0 (its
    /// planted mistakes are found from the committed seeds, docs/FUZZING.md "diagnostics"), nor has diff
    /// (its planted mistakes are found from the committed seeds in seconds, docs/HISTORY.md).
    public var searchFlags: [String] {
        switch self {
        case .document, .differential: return ["-len_control=0"]
        case .percentEncoding, .parser, .metamorphic, .external, .diagnostics, .diff, .json: return []
        }
    }

    /// Fuzzing seconds per target of `scripts/fuzz.sh` without --seconds (a quick look).
    public var briefSeconds: Int { 15 }

    /// Fuzzing seconds per target of the nightly job (`scripts/nightly.sh` without --seconds).
    public var nightlySeconds: Int { 600 }

    /// The flags of every run (fuzzing, minimizing, merging, replaying): hang, memory and length limits.
    public func limitFlags(maxLength: Int? = nil, timeout: Int? = nil) -> [String] {
        ["-timeout=\(timeout ?? Self.timeoutSeconds)", "-rss_limit_mb=\(Self.memoryLimitMB)",
         "-max_len=\(maxLength ?? self.maxLength)"]
    }

    /// ClusterFuzzLite's `<target>.options` file: the limits and search flags, as `name = value` lines.
    public var optionsFile: String {
        var lines = ["[libfuzzer]", "max_len = \(maxLength)", "timeout = \(Self.timeoutSeconds)"]
        for flag in searchFlags {
            // "-len_control=0" -> "len_control = 0" (every search flag has this form; a test checks it).
            let body = flag.dropFirst()
            if let equals = body.firstIndex(of: "=") {
                lines.append("\(body[..<equals]) = \(body[body.index(after: equals)...])")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Everything above, for `fuzz-corpus-tool targets --json`.
    public var settings: Settings {
        Settings(name: rawValue, product: product, check: String(describing: check), maxLength: maxLength,
                 timeoutSeconds: Self.timeoutSeconds, memoryLimitMB: Self.memoryLimitMB, searchFlags: searchFlags,
                 dictionary: dictionaryPath, corpus: corpusPath, briefSeconds: briefSeconds,
                 nightlySeconds: nightlySeconds)
    }

    public struct Settings: Codable, Equatable, Sendable {
        public var name: String
        public var product: String
        public var check: String
        public var maxLength: Int
        public var timeoutSeconds: Int
        public var memoryLimitMB: Int
        public var searchFlags: [String]
        public var dictionary: String
        public var corpus: String
        public var briefSeconds: Int
        public var nightlySeconds: Int
    }
}

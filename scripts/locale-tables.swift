// Prints the `$(region)` and `$(lang)` tables (SPEC.md V4) from this machine's Foundation, in the exact
// format of the generated block of Sources/Core/Spec/PredefinedTables.swift.
//
//   swift scripts/locale-tables.swift                 print the block
//   swift scripts/locale-tables.swift --check FILE    compare with FILE's block; exit 1 and name every
//                                                     code that differs when they do not agree
//
// The committed tables are Apple's (Foundation on macOS): the macOS job of the probe kit runs the
// check there and fails on drift. On Linux, swift-corelibs-foundation gives other lists (more
// regions such as EU EZ QO UN, fewer languages): running the check here shows that drift, which is
// why the tables are committed instead of read from Locale at run time.
import Foundation

// The deprecated `Locale.isoRegionCodes`/`isoLanguageCodes` on purpose: they are the lists Apple
// documents for `$(region)`/`$(lang)`. Reaching them through a protocol keeps the script warning-free.
protocol TableSource { func tables() -> (regions: [String], languages: [String]) }
struct FoundationTables: TableSource {
    @available(*, deprecated, message: "reads the deprecated Locale lists on purpose")
    func tables() -> (regions: [String], languages: [String]) { (regionCodes(), languageCodes()) }
}

/// Two-letter alphabetic ISO 3166-1 codes only: Linux also lists UN M.49 area codes such as "001".
@available(*, deprecated, message: "reads the deprecated Locale lists on purpose")
func regionCodes() -> [String] {
    Locale.isoRegionCodes.filter { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }.sorted()
}

@available(*, deprecated, message: "reads the deprecated Locale lists on purpose")
func languageCodes() -> [String] { Locale.isoLanguageCodes.sorted() }

/// Quoted codes, comma-separated, wrapped greedily at 100 columns with 8 spaces of indent.
func wrapped(_ codes: [String]) -> [String] {
    var lines: [String] = []
    var line = "       "
    for code in codes {
        let item = " \"\(code)\","
        if line.count + item.count > 100 {
            lines.append(line)
            line = "       "
        }
        line += item
    }
    if line.count > 7 { lines.append(line) }
    return lines
}

func block(regions: [String], languages: [String]) -> String {
    var out = ["    /// \(regions.count) ISO 3166-1 alpha-2 region codes. `UK` is not among them (`GB` is).",
               "    package static let regionCodes: [String] = ["]
    out += wrapped(regions)
    out += ["    ]", "", "    /// \(languages.count) ISO 639 language codes (two- and three-letter).",
            "    package static let languageCodes: [String] = ["]
    out += wrapped(languages)
    out.append("    ]")
    return out.joined(separator: "\n")
}

/// The codes between `static let NAME: [String] = [` and the closing `]` of a committed file.
func committedCodes(_ text: String, _ name: String) -> [String] {
    guard let start = text.range(of: "static let \(name): [String] = [") else { return [] }
    let rest = text[start.upperBound...]
    let body = rest[..<(rest.range(of: "\n    ]")?.lowerBound ?? rest.endIndex)]
    return body.split(whereSeparator: { $0 == "\"" }).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

let source: any TableSource = FoundationTables()
let (regions, languages) = source.tables()
let args = CommandLine.arguments.dropFirst()
if args.first == "--check", let path = args.dropFirst().first {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write("cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    var drift = false
    for (name, ours, theirs) in [("region", regions, committedCodes(text, "regionCodes")),
                                 ("lang", languages, committedCodes(text, "languageCodes"))] {
        let extra = Set(ours).subtracting(theirs).sorted(), missing = Set(theirs).subtracting(ours).sorted()
        print("\(name): this Foundation \(ours.count), committed \(theirs.count)")
        if !extra.isEmpty { print("  only here:      \(extra.joined(separator: " "))"); drift = true }
        if !missing.isEmpty { print("  only committed: \(missing.joined(separator: " "))"); drift = true }
    }
    if drift {
        print("DRIFT: the committed $(region)/$(lang) tables differ from this Foundation's")
        exit(1)
    }
    print("no drift")
} else if args.isEmpty {
    print(block(regions: regions, languages: languages))
} else {
    FileHandle.standardError.write("usage: swift scripts/locale-tables.swift [--check FILE]\n".data(using: .utf8)!)
    exit(2)
}

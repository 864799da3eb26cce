import Foundation

/// Rows of timings and the Markdown table printed at the end.
struct ResultTable {
    struct Row {
        var name: String
        var unit: String
        var compiled: Double
        var reference: Double?
        var regex: Double?
        var fnmatch: Double?
        var note: String

        var referenceRatio: Double? { reference.map { $0 / compiled } }
        var regexRatio: Double? { regex.map { $0 / compiled } }
        var fnmatchRatio: Double? { fnmatch.map { $0 / compiled } }
    }

    var rows: [Row] = []

    mutating func add(_ name: String, unit: String, compiled: Double, reference: Double?, regex: Double?, fnmatch: Double?, note: String) {
        rows.append(Row(name: name, unit: unit, compiled: compiled, reference: reference, regex: regex, fnmatch: fnmatch, note: note))
    }

    func markdown() -> String {
        var lines = ["| workload | per | compiled | reference | vs ref | Regex | vs Regex | fnmatch | vs fnmatch | notes |",
                     "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        func cell(_ v: Double?) -> String { v.map(formatTime) ?? "—" }
        func ratio(_ v: Double?) -> String { v.map { "x" + formatRatio($0) } ?? "—" }
        for r in rows {
            lines.append("| \(r.name) | \(r.unit) | \(formatTime(r.compiled)) | \(cell(r.reference)) | \(ratio(r.referenceRatio)) | "
                + "\(cell(r.regex)) | \(ratio(r.regexRatio)) | \(cell(r.fnmatch)) | \(ratio(r.fnmatchRatio)) | \(r.note) |")
        }
        return lines.joined(separator: "\n")
    }
}

func formatTime(_ ns: Double) -> String {
    if ns >= 1e9 { return String(format: "%.2f s", ns / 1e9) }
    if ns >= 1e6 { return String(format: "%.2f ms", ns / 1e6) }
    if ns >= 1e3 { return String(format: "%.2f µs", ns / 1e3) }
    return String(format: "%.0f ns", ns)
}

func formatRatio(_ r: Double) -> String {
    if r >= 100 { return String(format: "%.0f", r) }
    if r >= 10 { return String(format: "%.1f", r) }
    return String(format: "%.2f", r)
}

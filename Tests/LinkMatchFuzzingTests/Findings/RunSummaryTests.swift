import Foundation
import LinkMatchFuzzing
import XCTest

/// `fuzz-corpus-tool run-summary` (scripts/fuzz.sh's end table) reads the run folder the script leaves.
final class RunSummaryTests: XCTestCase {
    func testTableFromARunFolder() throws {
        let run = FileManager.default.temporaryDirectory.appendingPathComponent("run-summary-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: run) }
        func write(_ path: String, _ text: String) throws {
            let url = URL(fileURLWithPath: run + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("document/fuzz.log", "INFO: Running with entropic power schedule\n#512\tpulse  cov: 90 ft: 300 corp: 9/1Kb\nstat::number_of_executed_units: 4500\n")
        try write("document/elapsed-ms", "1500\n")
        for i in 0..<3 { try write("document/new/input-\(i)", "x") }
        try write("document/groups.tsv", "crash\ta\t2\tkey one\tslug\ncrash\tb\t1\tkey two\t\n")
        try write("parser/fuzz.log", "INFO: Running with\n") // no count: exec/s unknown
        try write("parser/elapsed-ms", "2000")
        try write("stored.tsv", "document\tCorpus/document/regressions/document-x-1\ndocument\tCorpus/document/regressions/document-x-1.json\n")

        let summary = RunSummary.read(runDirectory: run, order: ["differential", "document", "parser"])
        XCTAssertEqual(summary.table, """
            | target | seconds | exec/s | new corpus inputs | findings |
            |---|---:|---:|---:|---:|
            | document | 1.5 | 3000 | 3 | 2 |
            | parser | 2.0 | ? | 0 | 0 |

            stored regressions:
            - document: Corpus/document/regressions/document-x-1
            - document: Corpus/document/regressions/document-x-1.json

            """)
    }
}

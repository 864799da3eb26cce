// What a libFuzzer log says about the run: did libFuzzer start, with how many coverage counters, how many
// inputs it executed and the last coverage line. (libFuzzer's own output: the text is its interface.)

public struct LibFuzzerLog: Codable, Equatable, Sendable {
    /// "INFO: Running with ..." was printed: libFuzzer started.
    public var started: Bool
    /// "N inline 8-bit counters" (0 when absent): below ~1000 it fuzzes blind (Sources/Fuzz/CoverageProbe).
    public var counters: Int
    /// Executed inputs: -print_final_stats' count in one process, else the last "#N" status line (fork
    /// mode's parent prints no final stats); nil when neither is there.
    public var executed: Int?
    /// N of "Done N runs", if printed.
    public var doneRuns: Int?
    /// "cov: N ft: N" of the last status line, if any.
    public var coverage: String?

    public init(_ text: String) {
        var started = false, counters: Int?, statsExecuted: Int?, statusExecuted: Int?, doneRuns: Int?, coverage: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("INFO: Running with") { started = true }
            if counters == nil, let range = line.range(of: " inline 8-bit counters") {
                counters = Self.lastNumber(line[..<range.lowerBound])
            }
            if let range = line.range(of: "stat::number_of_executed_units:") {
                statsExecuted = Self.firstNumber(line[range.upperBound...]) ?? statsExecuted
            }
            if line.hasPrefix("Done "), let runs = Self.firstNumber(line.dropFirst(5)), line.hasSuffix(" runs") || line.contains(" runs in ") {
                doneRuns = runs
            }
            if line.hasPrefix("#"), let number = Self.firstNumber(line.dropFirst()),
               line.dropFirst().first?.isNumber == true {
                statusExecuted = number
                if let cov = line.range(of: "cov: ") {
                    let words = line[cov.lowerBound...].split(separator: " ")
                    if words.count >= 4, words[2] == "ft:" { coverage = words.prefix(4).joined(separator: " ") }
                }
            }
        }
        self.started = started
        self.counters = counters ?? 0
        self.executed = statsExecuted ?? statusExecuted
        self.doneRuns = doneRuns
        self.coverage = coverage
    }

    /// A working fuzzer's run with -runs=`runs` that exited `status`: exit 0, started, at least 1000
    /// coverage counters, and "Done `runs` runs".
    public func showsFuzzing(runs: Int, status: Int) -> Bool {
        status == 0 && started && doneRuns == runs && counters >= 1000
    }

    private static func firstNumber(_ text: Substring) -> Int? {
        let digits = text.drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    private static func lastNumber(_ text: Substring) -> Int? {
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(String(digits.reversed()))
    }
}

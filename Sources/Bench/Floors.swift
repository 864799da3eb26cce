// The floors the compiled engine is held to (issue 21): comparing bytes for a literal, deciding
// against a document of one literal rule, reading the JSON alone; and the allocation and memory
// counters of the allocation and memory rows.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkMatch

/// `memcmp` of a literal against each text's bytes as given (no trimming, no copy): the floor of
/// the literal row. The texts are held as byte arrays made before timing.
struct MemcmpFloor {
    let literal: [UInt8]
    let texts: [[UInt8]]

    init(_ literal: String, texts: [String]) {
        self.literal = Array(literal.utf8)
        self.texts = texts.map { Array($0.utf8) }
    }

    /// How many texts equal the literal.
    func run() -> Int {
        literal.withUnsafeBytes { l in
            var equal = 0
            for text in texts {
                equal += text.withUnsafeBytes { t in
                    guard t.count == l.count, let tb = t.baseAddress, let lb = l.baseAddress else { return t.count == l.count ? 1 : 0 }
                    return memcmp(tb, lb, l.count) == 0 ? 1 : 0
                }
            }
            return equal
        }
    }
}

/// A document of one literal rule for `benchApp` that none of the bench URLs match: a decision
/// against it is the scheme check, the app look-up, the path's preparation and one index look-up
/// (the floor of a decision row).
func oneLiteralRuleDocument() -> AASADocument {
    let rule = DocumentRule(fields: ComponentFields(path: "/one/literal/rule"), sourcePath: "applinks.details[0].components[0]")
    return AASADocument(entries: [DetailEntry(appIDs: [benchApp], rules: [rule], sourcePath: "applinks.details[0]")])
}

/// The JSON reading part of `AASADocument.parse`: a signed envelope unwrapped, then the JSON parsed.
func readJSONOnly(_ bytes: [UInt8]) -> Int {
    let content = (try? SignedEnvelope.unwrap(bytes)) ?? nil
    guard let json = try? JSONParser.parse(content ?? bytes) else { return 0 }
    if case .object(let members) = json { return members.members.count }
    return 1
}

/// The file's bytes as the parser reads them: the serializer's JSON of a document built in code.
func jsonBytes(of document: AASADocument) -> [UInt8] {
    Array(DocumentSerializer.json(document).serialized().utf8)
}

/// The C main's counters (Sources/Programs/linkmatch-bench/malloc_count.c), set before the run.
nonisolated(unsafe) private var counters: (allocations: @convention(c) () -> UInt64, heap: @convention(c) () -> UInt64,
                                            peak: @convention(c) (Int32) -> UInt64)?

/// Called by the C main before `linkmatch_bench_main`.
@_cdecl("linkmatch_bench_counters")
public func linkmatchBenchCounters(_ allocations: @convention(c) () -> UInt64, _ heapBytes: @convention(c) () -> UInt64,
                                   _ heapPeak: @convention(c) (Int32) -> UInt64) {
    counters = (allocations, heapBytes, heapPeak)
}

/// The process's allocation counter and heap size, from the C main (glibc only; nil elsewhere).
enum HeapCounters {
    /// Allocations so far (malloc, calloc, realloc, aligned), or nil when not counted here.
    static var allocations: UInt64? { counters.map { $0.allocations() }.flatMap { $0 == .max ? nil : $0 } }
    /// Heap bytes in use now, or nil when not known here.
    static var heapBytes: UInt64? { counters.map { $0.heap() }.flatMap { $0 == .max ? nil : $0 } }

    /// Allocations per operation of `body`, which does `ops` operations; warmed up once first (caches).
    static func allocationsPerOp(ops: Int, _ body: () -> Int) -> Double? {
        var sink = body()
        guard let before = allocations else { return nil }
        let rounds = 10
        for _ in 0..<rounds { sink &+= body() }
        guard let after = allocations else { return nil }
        blackHole(sink)
        return Double(after - before) / Double(rounds * max(1, ops))
    }

    /// The most heap `body` held at once beyond what was allocated before it (bytes allocated and
    /// not yet freed during it, at their highest), or nil when not known here.
    static func peakBytes<T>(_ body: () -> T) -> (bytes: Int?, value: T) {
        guard let counters, counters.peak(1) != .max else { return (nil, body()) }
        let value = body()
        return (Int(counters.peak(0)), value)
    }

    /// Heap bytes that `build`'s result holds while alive (the growth of the heap in use across
    /// building it, its temporaries freed).
    static func retainedBytes<T>(_ build: () -> T) -> (bytes: Int?, value: T) {
        let before = heapBytes
        let value = build()
        guard let before, let after = heapBytes else { return (nil, value) }
        return (Int(after) - Int(before), value)
    }
}

func formatAllocations(_ perOp: Double?) -> String {
    guard let perOp else { return "n/a (not counted on this C library)" }
    return perOp == perOp.rounded() ? String(format: "%.0f", perOp) : String(format: "%.2f", perOp)
}

/// Rows compared with their floor: row time / floor time, and the most the issue allows.
struct FloorTable {
    struct Row {
        var name: String
        var floor: String
        var floorNs: Double
        var rowNs: Double
        var target: Double
        var ratio: Double { rowNs / floorNs }
    }

    var rows: [Row] = []

    mutating func add(_ name: String, floor: String, floorNs: Double, rowNs: Double, target: Double) {
        rows.append(Row(name: name, floor: floor, floorNs: floorNs, rowNs: rowNs, target: target))
    }

    func markdown() -> String {
        var lines = ["| row | floor | floor time | row time | row / floor | target |",
                     "| --- | --- | ---: | ---: | ---: | ---: |"]
        for r in rows {
            lines.append("| \(r.name) | \(r.floor) | \(formatTime(r.floorNs)) | \(formatTime(r.rowNs)) | \(String(format: "%.2f", r.ratio))x | <= \(formatRatio(r.target))x |")
        }
        return lines.joined(separator: "\n")
    }
}

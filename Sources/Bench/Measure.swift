import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Median-of-samples timing with ContinuousClock. Each sample runs the body enough times to last
/// at least `sampleTarget`; the result is nanoseconds per operation.
struct Measure {
    var samples: Int
    var sampleTarget: Duration
    /// `--profile N CELL`: cells of kind CELL run exactly N times, the others once (not timed for real).
    var profile: (iterations: Int, cell: String)?

    init(quick: Bool) {
        samples = quick ? 3 : 7
        sampleTarget = quick ? .milliseconds(2) : .milliseconds(25)
    }

    /// `body` performs `ops` operations and returns a value that depends on their results (so
    /// the optimizer cannot drop them).
    /// `cell` names the kind of cell for `--profile` ("other" for the baselines).
    func nanosecondsPerOp(ops: Int, cell: String = "other", _ body: () -> Int) -> Double {
        let clock = ContinuousClock()
        var sink = 0
        if let profile {
            let runs = profile.cell == cell ? profile.iterations : 1
            // The operations per body, for scripts/count-instructions.sh: (Ir(2N) - Ir(N)) / (N x ops).
            if profile.cell == cell { FileHandle.standardError.write(Data("profile: cell \(cell) ops \(max(1, ops))\n".utf8)) }
            let elapsed = clock.measure { for _ in 0..<runs { sink &+= body() } }
            blackHole(sink)
            return Double(elapsed.nanoseconds) / Double(max(1, runs * max(1, ops)))
        }
        var iterations = 1
        while true {
            let elapsed = clock.measure { for _ in 0..<iterations { sink &+= body() } }
            if elapsed >= sampleTarget || iterations >= 1 << 24 { break }
            // Aim straight for the target, at most doubling 16x per round.
            let ratio = Double(sampleTarget.nanoseconds) / max(1, Double(elapsed.nanoseconds))
            iterations = max(iterations + 1, Int(Double(iterations) * min(16, ratio * 1.1)))
        }
        var results: [Double] = []
        for _ in 0..<samples {
            let elapsed = clock.measure { for _ in 0..<iterations { sink &+= body() } }
            results.append(Double(elapsed.nanoseconds) / Double(iterations * max(1, ops)))
        }
        blackHole(sink)
        return median(results)
    }

    /// Times one run of `body` (for compile steps that are too slow or too big to repeat much).
    func nanosecondsOnce<T>(_ body: () -> T) -> (Double, T) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = body()
        let elapsed = clock.now - start
        return (Double(elapsed.nanoseconds), value)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

@inline(never)
func blackHole(_ value: Int) {
    if value == 0x5EED_F00D_1234 { print("", terminator: "") }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Peak resident memory of this process, in KiB: VmHWM from /proc/self/status on Linux, getrusage's
/// ru_maxrss on macOS (no /proc there; ru_maxrss counts bytes on macOS, KiB on Linux); nil elsewhere.
func peakMemoryKiB() -> Int? {
    #if canImport(Darwin)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
    return Int(usage.ru_maxrss) / 1024
    #else
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).filter { $0.isNumber })
        }
    }
    return nil
    #endif
}

/// How many of `items` satisfy `isMatch`: the loop of every timed cell. Elements are read in place,
/// so the loop itself retains nothing and a cell times the call, not the harness's reference
/// counting. (A `reduce` over an array of strings retained and released each element around the
/// engine's call: two atomic operations, as long as a literal match itself.)
@inline(__always)
func countMatching<T>(_ items: [T], _ isMatch: (T) -> Bool) -> Int {
    var count = 0
    for i in items.indices where isMatch(items[i]) { count += 1 }
    return count
}


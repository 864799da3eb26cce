import XCTest
@testable import LinkMatchCompiled

/// `ASCIIWords`, the eight-bytes-at-a-time reads of the byte path's glob compiler, against the
/// byte-by-byte answer: every length and start of `load` (the tail reads that must stay inside the
/// bytes and still assemble the right ones), the zero-byte test next to other zero bytes, and the
/// searches at every position.
final class ASCIIWordsTests: XCTestCase {
    /// The bytes `p..<min(p + 8, n)` of `bytes`, the first in the low byte, one at a time.
    private func naiveWord(_ bytes: [UInt8], at p: Int) -> UInt64 {
        var word: UInt64 = 0
        for k in 0..<min(8, bytes.count - p) { word |= UInt64(bytes[p + k]) << UInt64(8 * k) }
        return word
    }

    func testLoadReadsTheBytesFromEveryStartOfEveryLength() {
        for n in 1...24 {
            // Distinct non-zero bytes, so that a byte read from the wrong place or shifted wrong shows.
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: 0x11 &* ($0 + 1)) | 1 }
            bytes.withUnsafeBufferPointer { buffer in
                for p in 0..<n {
                    XCTAssertEqual(ASCIIWords.load(buffer.baseAddress!, count: n, at: p), naiveWord(bytes, at: p), "n \(n) p \(p)")
                }
            }
        }
    }

    func testZeroBytesMarksExactlyTheZeroBytes() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20_000 {
            var word: UInt64 = generator.next()
            // Plant zero bytes (and 0x01 and 0x80 bytes, the neighbours a borrow or a high bit confuses).
            for k in 0..<8 where generator.next() % 3 == 0 {
                let planted: UInt64 = [0, 0, 1, 0x80, 0xFF][Int(generator.next() % 5)]
                word = word & ~(0xFF << UInt64(8 * k)) | planted << UInt64(8 * k)
            }
            var expected: UInt64 = 0
            for k in 0..<8 where (word >> UInt64(8 * k)) & 0xFF == 0 { expected |= 0x80 << UInt64(8 * k) }
            XCTAssertEqual(ASCIIWords.zeroBytes(word), expected, "round \(round) word \(String(word, radix: 16))")
        }
    }

    func testLowBytesKeepsTheLowBytes() {
        for m in 1...8 {
            XCTAssertEqual(ASCIIWords.lowBytes(m), m == 8 ? UInt64.max : (UInt64(1) << UInt64(8 * m)) - 1, "\(m)")
        }
    }

    func testTheSearchesFindTheFirstHitAtEveryPosition() {
        for n in 0...20 {
            for at in 0...n {
                for wildcard in ["*", "?"] {
                    // `a` everywhere, the wildcard at `at` (none when `at == n`) and a star after it.
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: n)
                    if at < n { bytes[at] = UInt8(ascii: wildcard == "*" ? "*" : "?") }
                    if at + 3 < n { bytes[at + 3] = UInt8(ascii: "*") }
                    bytes.withUnsafeBufferPointer { buffer in
                        let expectedStar = bytes.firstIndex(of: UInt8(ascii: "*")) ?? n
                        let expectedEither = bytes.firstIndex { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } ?? n
                        for from in 0...n {
                            let star = buffer.baseAddress.map { ASCIIWords.first(UInt8(ascii: "*"), in: $0, count: n, from: from) } ?? n
                            let nextStar = bytes[min(from, n)...].firstIndex(of: UInt8(ascii: "*")) ?? n
                            XCTAssertEqual(star, nextStar, "n \(n) at \(at) from \(from) \(wildcard)")
                            if from == 0 {
                                XCTAssertEqual(star, expectedStar)
                                // The compiler's one scan (plain ASCII, first wildcard, first star).
                                let scan = PatternCompiler.scanPlainASCII(buffer)
                                XCTAssertTrue(scan.plain, "n \(n) at \(at) \(wildcard)")
                                XCTAssertEqual(scan.wildcard, expectedEither, "n \(n) at \(at) \(wildcard)")
                                XCTAssertEqual(scan.star, expectedStar, "n \(n) at \(at) \(wildcard)")
                            }
                        }
                    }
                }
            }
        }
    }
}

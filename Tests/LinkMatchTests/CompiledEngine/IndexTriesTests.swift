import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchRandom

/// The rule index's tries, all of a document in shared arrays: the key sort, the walk of each plan's
/// trie and the sharing of tries between plans with the same keys. Expectations are computed from
/// the keys directly (byte comparisons, prefix checks), never by the code under test.
final class IndexTriesTests: XCTestCase {
    /// Random keys over a small alphabet (so that they share prefixes, repeat, and have equal first
    /// eight bytes), written into one byte array as the document's key bytes are. Some keys are an
    /// earlier key again (the same range, or the same bytes at a new range) or an earlier key and
    /// more bytes, so that long keys (past the eight bytes of a head) also repeat and start one another.
    private func randomKeys(_ count: Int, into bytes: inout [UInt8], using rng: inout SplitMix64) -> [Range<Int32>] {
        let alphabet: [UInt8] = [0x00, 0x2F, 0x61, 0x62, 0xFF]
        var keys: [Range<Int32>] = []
        for _ in 0..<count {
            let start = Int32(bytes.count)
            let earlier = keys.isEmpty ? nil : keys[Int.random(in: 0..<keys.count, using: &rng)]
            switch (earlier, Int.random(in: 0..<6, using: &rng)) {
            case (let earlier?, 0):
                keys.append(earlier)
                continue
            case (let earlier?, 1), (let earlier?, 2):
                bytes.append(contentsOf: bytes[Int(earlier.lowerBound)..<Int(earlier.upperBound)])
                for _ in 0..<Int.random(in: 0...3, using: &rng) { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            default:
                let length = Int.random(in: 0...(Bool.random(using: &rng) ? 4 : 20), using: &rng)
                for _ in 0..<length { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            }
            keys.append(start..<Int32(bytes.count))
        }
        return keys
    }

    /// Each key set is sorted as drawn, then given in byte order (the pass that finds keys in order
    /// must keep equal keys as given), then in byte order with one key moved (out of order by one).
    func testSortOrdersKeysByTheirBytesAndKeepsTheGivenOrderAmongEqualKeys() {
        var rng = SplitMix64(seed: 0x1D3E_7001)
        for round in 0..<200 {
            var bytes: [UInt8] = []
            let drawn = randomKeys(Int.random(in: 0...70, using: &rng), into: &bytes, using: &rng)
            let inByteOrder = drawn.indices.sorted { a, b in
                bytes[Int(drawn[a].lowerBound)..<Int(drawn[a].upperBound)].lexicographicallyPrecedes(bytes[Int(drawn[b].lowerBound)..<Int(drawn[b].upperBound)])
            }.map { drawn[$0] }
            var oneMoved = inByteOrder
            if oneMoved.count > 1 { oneMoved.insert(oneMoved.removeLast(), at: Int.random(in: 0..<oneMoved.count, using: &rng)) }
            for (kind, ranges) in [("drawn", drawn), ("in byte order", inByteOrder), ("one moved", oneMoved)] {
                let keys = ranges.enumerated().map { IndexKey($1, ordinal: Int32($0), form: UInt8($0 & 3)) }
                var sorted = [IndexKey](repeating: IndexKey(0..<0, ordinal: -1, form: 0), count: keys.count)
                let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: IndexKey.sortScratchBytes(count: keys.count),
                                                                     alignment: MemoryLayout<IndexKey>.alignment)
                defer { scratch.deallocate() }
                bytes.withUnsafeBufferPointer { b in
                    keys.withUnsafeBufferPointer { k in
                        sorted.withUnsafeMutableBufferPointer { s in IndexKey.sort(k, into: s, scratch: scratch, bytes: b) }
                    }
                }
                let expected = ranges.indices.sorted { a, b in
                    let x = bytes[Int(ranges[a].lowerBound)..<Int(ranges[a].upperBound)]
                    let y = bytes[Int(ranges[b].lowerBound)..<Int(ranges[b].upperBound)]
                    return x.lexicographicallyPrecedes(y) || (x.elementsEqual(y) && a < b)
                }
                XCTAssertEqual(sorted.map { Int($0.ordinal) }, expected, "round \(round), \(kind)")
                XCTAssertTrue(sorted.allSatisfy { $0.isSame(as: keys[Int($0.ordinal)]) }, "round \(round), \(kind): the keys as given")
                // Each head is the key's first eight bytes, big-endian, zero-padded.
                let heads = sorted.map { key in
                    (0..<8).reduce(UInt64(0)) { h, j in h << 8 | UInt64(j < key.count ? bytes[Int(key.start) + j] : 0) }
                }
                XCTAssertEqual(sorted.map(\.head), heads, "round \(round), \(kind): heads")
            }
        }
    }

    /// The ordinals `collect` lists for `text` from `trie`, and those the keys say it should list: every
    /// key that starts the text (or ends it, for reversed keys walked from the end), shorter keys first,
    /// equal keys by ordinal.
    ///
    /// Also checks the bounded walk (`bounded: true`, what a decision's stack buffer uses): with room
    /// for exactly the ordinals listed it lists the same; with one slot less it says they did not
    /// fit (a count past the room) and writes nothing past it.
    private func listed(_ tries: IndexTries, _ trie: IndexTries.Trie, _ text: [UInt8], fromEnd: Bool,
                        file: StaticString = #filePath, line: UInt = #line) -> [Int32] {
        func collect(room: Int, bounded: Bool) -> (list: [Int32], count: Int) {
            var out = [Int32](repeating: -1, count: room + 1) // one guard slot past the room
            var count = 0
            var work = 0
            tries.withView { view in
                text.withUnsafeBufferPointer { text in
                    out.withUnsafeMutableBufferPointer { out in
                        let room = UnsafeMutableBufferPointer(rebasing: out[0..<room])
                        _ = view.collect(trie, prefixesOf: text, fromEnd: fromEnd, form: nil, into: room, bounded: bounded,
                                         count: &count, work: &work)
                    }
                }
            }
            XCTAssertEqual(out[room], -1, "wrote past the room", file: file, line: line)
            return (Array(out[0..<min(count, room)]), count)
        }
        let all = collect(room: Int(trie.ordinalCount), bounded: false)
        let exact = collect(room: all.count, bounded: true)
        XCTAssertEqual(exact.list, all.list, "bounded, with room for every ordinal listed", file: file, line: line)
        XCTAssertEqual(exact.count, all.count, file: file, line: line)
        if all.count > 0 {
            let short = collect(room: all.count - 1, bounded: true)
            XCTAssertGreaterThan(short.count, all.count - 1, "bounded, one slot short: must say they did not fit", file: file, line: line)
        }
        return all.list
    }

    private func expected(_ keys: [(range: Range<Int32>, ordinal: Int32)], _ bytes: [UInt8], _ text: [UInt8], fromEnd: Bool) -> [Int32] {
        let read = fromEnd ? Array(text.reversed()) : text
        return keys.filter { read.starts(with: bytes[Int($0.range.lowerBound)..<Int($0.range.upperBound)]) }
            .sorted { ($0.range.count, $0.ordinal) < ($1.range.count, $1.ordinal) }
            .map(\.ordinal)
    }

    func testEveryPlansTriesListExactlyTheKeysThatStartOrEndTheText() {
        var rng = SplitMix64(seed: 0x1D3E_7002)
        var bytes: [UInt8] = []
        // Forty plans (past the count where known tries are found through the dictionary), some
        // with the keys of an earlier plan.
        var plans: [(prefixes: [Range<Int32>], suffixes: [Range<Int32>])] = []
        for p in 0..<40 {
            if p >= 3, p % 4 == 0 {
                plans.append(plans[Int.random(in: 0..<plans.count, using: &rng)])
            } else {
                plans.append((randomKeys(Int.random(in: 0...30, using: &rng), into: &bytes, using: &rng),
                              randomKeys(Int.random(in: 0...5, using: &rng), into: &bytes, using: &rng)))
            }
        }
        var builder = IndexTriesBuilder()
        var built: [(prefixes: IndexTries.Trie?, suffixes: IndexTries.Trie?)] = []
        for plan in plans {
            for (ordinal, key) in plan.prefixes.enumerated() { builder.add(key, ordinal: ordinal, form: 0, suffix: false) }
            for (ordinal, key) in plan.suffixes.enumerated() { builder.add(key, ordinal: ordinal, form: 0, suffix: true) }
            built.append(builder.finishPlan(bytes: bytes))
        }
        let tries = builder.finish()
        for (p, plan) in plans.enumerated() {
            XCTAssertEqual(built[p].prefixes == nil, plan.prefixes.isEmpty)
            XCTAssertEqual(built[p].suffixes == nil, plan.suffixes.isEmpty)
            for q in 0..<p where plans[q].prefixes == plan.prefixes && !plan.prefixes.isEmpty {
                XCTAssertEqual(built[q].prefixes, built[p].prefixes, "plans \(q) and \(p) have the same keys: one trie")
            }
            for q in 0..<p where plans[q].prefixes != plan.prefixes {
                XCTAssertNotEqual(built[q].prefixes, built[p].prefixes, "plans \(q) and \(p) have different keys")
            }
            let prefixKeys = plan.prefixes.enumerated().map { ($1, Int32($0)) }
            let suffixKeys = plan.suffixes.enumerated().map { ($1, Int32($0)) }
            var texts: [[UInt8]] = [[]]
            for key in plan.prefixes + plan.suffixes {
                let k = Array(bytes[Int(key.lowerBound)..<Int(key.upperBound)])
                texts += [k, k + [0x61], Array(k.dropLast()), Array(k.reversed()), [0x62] + k.reversed()]
            }
            for _ in 0..<20 { texts.append((0..<Int.random(in: 0...12, using: &rng)).map { _ in [0x00, 0x2F, 0x61, 0x62][Int.random(in: 0..<4, using: &rng)] }) }
            for text in texts {
                if let trie = built[p].prefixes {
                    XCTAssertEqual(listed(tries, trie, text, fromEnd: false), expected(prefixKeys, bytes, text, fromEnd: false), "plan \(p) text \(text)")
                }
                if let trie = built[p].suffixes {
                    XCTAssertEqual(listed(tries, trie, text, fromEnd: true), expected(suffixKeys, bytes, text, fromEnd: true), "plan \(p) text \(text)")
                }
            }
        }
    }

    func testAppsWithDifferentAndSharedEntriesDecideAsTheReference() throws {
        // Three entries; apps listing them in different combinations get plans with different,
        // equal and overlapping keys, all in one document's tries.
        func entry(_ apps: [String], _ paths: [String], _ e: Int) -> DetailEntry {
            DetailEntry(appIDs: apps, rules: paths.enumerated().map { i, path in
                DocumentRule(fields: ComponentFields(path: path, exclude: path.hasPrefix("/x")),
                             sourcePath: "applinks.details[\(e)].components[\(i)]")
            }, sourcePath: "applinks.details[\(e)]")
        }
        let doc = AASADocument(entries: [
            entry(["A.one", "A.two", "A.three"], ["/xa/*", "/a/*", "*/end", "/ab"], 0),
            entry(["A.two", "A.four"], ["/b/*", "/a/b/*", "*.pdf", "/xb"], 1),
            entry(["A.three", "A.four", "A.five"], ["/a/*", "*/end", "/c?", "*"], 2),
            entry(["A.one"], ["/a/*"], 3),
        ])
        let reference = ReferenceEngine().prepare(doc)
        let compiled = CompiledEngine().prepare(doc)
        var outcomes: Set<Decision.Outcome> = []
        for app in ["A.one", "A.two", "A.three", "A.four", "A.five", "A.none"] {
            for path in ["/", "/a/1", "/ab", "/xa/1", "/xb", "/b/2", "/a/b/3", "/q/end", "/end", "/f.pdf", "/c1", "/c", "/zz"] {
                let url = try ParsedURL("https://e.com" + path)
                let want = reference.decide(url, appID: app, domain: "")
                XCTAssertEqual(compiled.decide(url, appID: app, domain: ""), want, "\(app) \(path)")
                outcomes.insert(want.outcome)
            }
        }
        XCTAssertEqual(outcomes, [.match, .exclude, .noMatch], "the cases reach every outcome")
    }
}

import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

final class ScratchStats: XCTestCase {
    func testStats() {
        var g = SeededBytes(seed: 7)
        var verdicts: [String: Int] = [:]
        var outcomes: [String: Int] = [:]
        var entries: [Int: Int] = [:]
        var failures: [FuzzTarget: Int] = [:]
        var roundTripFail = 0
        var lens: [Int: Int] = [:]
        for i in 0..<1500 {
            let b = g.next(maxCount: 300)
            let c = PartCase(bytes: b)
            verdicts[ReferenceEngine().matchPart(c.request).rawValue, default: 0] += 1
            lens[c.pattern.unicodeScalars.count / 5, default: 0] += 1
            let d = DocumentCase(bytes: b)
            if let doc = d.document {
                entries[doc.entries.count, default: 0] += 1
                let p = ReferenceEngine().prepare(doc)
                for u in d.urls { if let pu = try? ParsedURL(u) { for a in d.appIDs { outcomes["\(p.decide(pu, appID: a, domain: d.domain).description.prefix(30))".components(separatedBy: " by")[0], default: 0] += 1 } } else { outcomes["badurl", default: 0] += 1 } }
            } else { outcomes["nodoc", default: 0] += 1 }
            for t in FuzzTarget.allCases {
                if let f = Checks.run(t, b) {
                    failures[t, default: 0] += 1
                    if failures[t, default: 0] <= 2 { print("FAIL #\(i)", f) }
                }
                let readable = Checks.readable(t, b)
                do {
                    let again = try Checks.encodeSeed(t, readableJSON: readable)
                    if Checks.readable(t, again) != readable { roundTripFail += 1; if roundTripFail < 4 { print("RT MISMATCH", t, readable, Checks.readable(t, again)) } }
                } catch { roundTripFail += 1; if roundTripFail < 4 { print("RT ERROR", t, error) } }
            }
        }
        print("verdicts", verdicts.sorted { $0.key < $1.key })
        print("outcomes", outcomes.sorted { $0.key < $1.key })
        print("entries", entries.sorted { $0.key < $1.key })
        print("pattern len/5", lens.sorted { $0.key < $1.key })
        print("failures", failures)
        print("roundTripFail", roundTripFail)
    }
}

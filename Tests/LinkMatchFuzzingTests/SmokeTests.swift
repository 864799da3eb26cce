import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

final class SmokeTests: XCTestCase {
    func testPrintSomeCases() {
        var g = SeededBytes(seed: 3)
        var n = 0
        var reasons: [String: Int] = [:]
        for _ in 0..<600 {
            let b = g.next(maxCount: 300)
            let c = DocumentCase(bytes: b)
            guard let doc = c.document, doc.entries.isEmpty else { continue }
            var reason = "?"
            if case .object(let top) = c.aasa {
                if let a = top["applinks"] {
                    if case .object(let ap) = a {
                        if let d = ap["details"] {
                            if case .array(let l) = d { reason = "details array \(l.count)" } else if case .object(let o) = d { reason = "details obj \(o.members.count)" } else { reason = "details other" }
                        } else { reason = "no details; keys \(ap.keys)" }
                    } else { reason = "applinks not object" }
                } else { reason = "no applinks; keys \(top.keys)" }
            }
            reasons[reason + " bytes<30: \(b.count < 30)", default: 0] += 1
            n += 1
        }
        print(reasons.sorted { $0.value > $1.value })
    }
}

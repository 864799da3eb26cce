import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// The generators reach what the task lists: each feature appears in a few thousand seeded cases,
/// verdicts are mixed, and sizes stay under their caps.
final class GeneratorTests: XCTestCase {
    func testPartCasesCoverTheAlphabetAndBothVerdicts() {
        var seen: Set<String> = []
        var verdicts: [PartVerdict: Int] = [:]
        var g = SeededBytes(seed: 21)
        let n = 3000
        for _ in 0..<n {
            let c = PartCase(bytes: g.next(maxCount: 300))
            let p = c.pattern
            func note(_ feature: String, _ present: Bool) { if present { seen.insert(feature) } }
            note("*", p.contains("*"))
            note("?", p.contains("?"))
            note("?*", p.contains("?*"))
            note("$(", p.contains("$("))
            note("undefined variable", p.contains("$(nope)"))
            note("$(region)", p.contains("$(region)"))
            note("$(lang)", p.contains("$(lang)"))
            note("%", p.contains("%"))
            note("é", p.contains("é"))
            note("ß", p.contains("ß"))
            note("İ", p.contains("İ"))
            note("Kelvin", p.unicodeScalars.contains("\u{212A}"))
            note("哈", p.contains("哈"))
            note("emoji", p.contains("😀"))
            note("ends /*", p.hasSuffix("/*"))
            note("text %2F", c.text.contains("%2F"))
            note("text %c3%a9", c.text.contains("%c3%a9"))
            note("text invalid escape", c.text.contains("%G") || c.text.hasSuffix("%"))
            note("text //", c.text.contains("//"))
            note("text trailing /", c.text.hasSuffix("/"))
            note("case-insensitive", !c.caseSensitive)
            note("decoded", !c.percentEncoded)
            note("plain", c.kind == .plain)
            note("custom lang", c.variables.contains { $0.name == "lang" })
            note("empty value", c.variables.contains { $0.values.contains("") })
            note("wildcard value", c.variables.contains { $0.values.contains { $0.contains("*") || $0.contains("?") } })
            note("prefix values", c.variables.contains { v in
                v.values.indices.contains { i in
                    i > 0 && !v.values[i - 1].isEmpty && v.values[i].hasPrefix(v.values[i - 1]) && v.values[i] != v.values[i - 1]
                }
            })
            note("empty list", c.variables.contains { $0.values.isEmpty })
            XCTAssertLessThanOrEqual(p.unicodeScalars.count, 40 * 9 + 2, "pattern cap")
            verdicts[ReferenceEngine().matchPart(c.request), default: 0] += 1
        }
        let expected: Set<String> = ["*", "?", "?*", "$(", "undefined variable", "$(region)", "$(lang)", "%", "é", "ß", "İ", "Kelvin", "哈",
                                     "emoji", "ends /*", "text %2F", "text %c3%a9", "text invalid escape", "text //", "text trailing /",
                                     "case-insensitive", "decoded", "plain", "custom lang", "empty value", "wildcard value",
                                     "prefix values", "empty list"]
        XCTAssertEqual(expected.subtracting(seen), [], "features never generated")
        print("differential verdicts over \(n) cases:", verdicts.map { "\($0.key.rawValue) \($0.value)" }.sorted())
        XCTAssertGreaterThan(verdicts[.matched, default: 0], n / 5, "too few matches")
        XCTAssertGreaterThan(verdicts[.notMatched, default: 0], n / 5, "too few non-matches")
        XCTAssertGreaterThan(verdicts[.invalidPattern, default: 0], n / 50, "invalid patterns (P3, P4) are part of the spec too")
    }

    func testDocumentCasesCoverTheSchema() {
        var seen: Set<String> = []
        var outcomes: [String: Int] = [:]
        var g = SeededBytes(seed: 22)
        let n = 1500
        for _ in 0..<n {
            let c = DocumentCase(bytes: g.next(maxCount: 600))
            let text = c.aasa.serialized()
            func note(_ feature: String, _ present: Bool) { if present { seen.insert(feature) } }
            note("appID", text.contains(#""appID":"#))
            note("appIDs", text.contains(#""appIDs":"#))
            note("paths", text.contains(#""paths":"#))
            note("NOT", text.contains(#""NOT "#))
            note("query dict", text.contains(#""?":{"#))
            note("unknown key", text.contains(#""casesensitive""#))
            note("substitutionVariables", text.contains("substitutionVariables"))
            note("details dict", text.contains(#""details":{"#))
            note("exclude", text.contains(#""exclude":true"#))
            note("percentEncoded false", text.contains(#""percentEncoded":false"#))
            note("url empty query", c.urls.contains { $0.hasSuffix("?") })
            note("url fragment", c.urls.contains { $0.contains("#") })
            note("url userinfo", c.urls.contains { $0.contains("user@") })
            note("url port", c.urls.contains { $0.contains(":443") })
            note("url http", c.urls.contains { $0.hasPrefix("http:") })
            note("empty domain", c.domain.isEmpty)
            if let doc = c.document {
                if !doc.defaults.isEmpty { seen.insert("applinks defaults") }
                if doc.entries.contains(where: { !$0.defaults.isEmpty }) { seen.insert("entry defaults") }
                if doc.entries.count >= 3 { seen.insert("three entries") }
                if doc.entries.contains(where: { $0.rules.count >= 6 }) { seen.insert("six rules") }
                XCTAssertLessThanOrEqual(doc.entries.map(\.rules.count).max() ?? 0, 12, "rule cap")
                let parsed = (try? AASADocument.parse(c.fileBytes))?.diagnostics ?? []
                if parsed.contains(where: { $0.code == "non-string-query-value" }) { seen.insert("non-string query value") }
                if parsed.contains(where: { $0.code == "wrong-type" }) { seen.insert("wrong type") }
                if parsed.contains(where: { $0.code == "invalid-pattern" }) { seen.insert("invalid pattern") }
                if parsed.contains(where: { $0.code == "undefined-variable" }) { seen.insert("undefined variable") }
                if parsed.contains(where: { $0.code == "predefined-variable-overridden" }) { seen.insert("overridden predefined") }
                let prepared = ReferenceEngine().prepare(doc)
                for u in c.urls {
                    guard let url = try? ParsedURL(u) else { outcomes["invalid URL", default: 0] += 1; continue }
                    if let q = url.query, Set(ParsedURL.queryItems(q).map(\.name)).count < ParsedURL.queryItems(q).count { seen.insert("repeated query item") }
                    if let q = url.query, ParsedURL.queryItems(q).contains(where: { !q.contains(String($0.name) + "=") }) { seen.insert("valueless item") }
                    for app in c.appIDs {
                        let d = prepared.decide(url, appID: app, domain: c.domain)
                        outcomes[d.outcome.rawValue + (d.reason.map { " " + $0.rawValue } ?? ""), default: 0] += 1
                    }
                }
            }
        }
        let expected: Set<String> = ["appID", "appIDs", "paths", "NOT", "query dict", "unknown key", "substitutionVariables", "details dict",
                                     "exclude", "percentEncoded false", "url empty query", "url fragment", "url userinfo", "url port",
                                     "url http", "empty domain", "applinks defaults", "entry defaults", "three entries", "six rules",
                                     "non-string query value", "wrong type", "invalid pattern", "undefined variable",
                                     "overridden predefined", "repeated query item", "valueless item"]
        XCTAssertEqual(expected.subtracting(seen), [], "features never generated")
        print("document outcomes over \(n) cases:", outcomes.sorted { $0.key < $1.key })
        let decided = outcomes["match", default: 0] + outcomes["exclude", default: 0]
        XCTAssertGreaterThan(decided, n / 10, "too few URLs match a rule")
        XCTAssertGreaterThan(outcomes["no_match noRuleMatched", default: 0], n / 10, "too few near misses")
    }
}

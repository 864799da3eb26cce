import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// A rule's query items go straight into the document's `items` and `itemNames` as their patterns
/// compile; a rule with an invalid item pattern (P3, P4) is dropped and must leave both as they were.
final class CompiledRuleItemsTests: XCTestCase {
    private func rule(_ items: [(name: String, pattern: String)], caseSensitive: Bool = true, memo: inout PatternMemo,
                      items list: inout [QueryItemKey], names: inout [UInt8]) -> CompiledRule? {
        var rules: [CompiledRule] = []
        let compiled = CompiledRule.compile(ComponentFields(path: "/p", query: .items(items), caseSensitive: caseSensitive),
                                            entryDefaults: ComponentFields(), domainDefaults: ComponentFields(), into: &rules,
                                            patterns: &memo, items: &list, itemNames: &names)
        XCTAssertEqual(rules.count, compiled ? 1 : 0, "a rule is appended exactly when it compiles")
        return rules.first
    }

    func testAnInvalidItemLeavesTheItemsAsTheyWere() throws {
        var memo = PatternMemo(VariableResolver(VariableTable(custom: [])))
        var items: [QueryItemKey] = []
        var names: [UInt8] = []
        let first = try XCTUnwrap(rule([("a", "x*")], memo: &memo, items: &items, names: &names))
        XCTAssertEqual(first.query, 0)
        XCTAssertEqual(first.itemCount, 1)
        // The second item names an undefined variable (P4): nothing of this rule stays.
        XCTAssertNil(rule([("bb", "y"), ("cc", "$(nope)"), ("dd", "z")], memo: &memo, items: &items, names: &names))
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(names, Array("a".utf8))
        XCTAssertNil(rule([("ee", "$(")], memo: &memo, items: &items, names: &names)) // P3, the first item
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(names, Array("a".utf8))
        // The next valid rule's items follow the first one's, names folded when case-insensitive (E4).
        let next = try XCTUnwrap(rule([("Bb", "y"), ("CC", "?")], caseSensitive: false, memo: &memo, items: &items, names: &names))
        XCTAssertEqual(next.query, 1)
        XCTAssertEqual(next.itemCount, 2)
        XCTAssertEqual(names, Array("abbcc".utf8))
        XCTAssertEqual(items.map { [$0.nameStart, $0.nameEnd] }, [[0, 1], [1, 3], [3, 5]])
        XCTAssertEqual(Set(items.map(\.pattern)).count, 3)
    }

    /// A rule whose query items compile but whose fragment pattern does not is dropped too, and its
    /// items with it.
    func testAnInvalidFragmentTakesBackTheRulesItems() throws {
        var memo = PatternMemo(VariableResolver(VariableTable(custom: [])))
        var items: [QueryItemKey] = []
        var names: [UInt8] = []
        var rules: [CompiledRule] = []
        XCTAssertFalse(CompiledRule.compile(ComponentFields(path: "/p", query: .items([("a", "x"), ("b", "y")]), fragment: "$(nope)"),
                                            entryDefaults: ComponentFields(), domainDefaults: ComponentFields(), into: &rules,
                                            patterns: &memo, items: &items, itemNames: &names))
        XCTAssertTrue(rules.isEmpty)
        XCTAssertTrue(items.isEmpty)
        XCTAssertTrue(names.isEmpty)
        let kept = try XCTUnwrap(rule([("c", "z")], memo: &memo, items: &items, names: &names))
        XCTAssertEqual(kept.query, 0, "the next rule's items start where the dropped rule's did")
        XCTAssertEqual(names, Array("c".utf8))
    }
}

import XCTest
import LinkMatch

/// PatternParser (SPEC.md P1–P3) and VariableTable (V2, V4, V5), checked against hand-built ASTs.
final class PatternParserTests: XCTestCase {
    // MARK: P1, P2 — elements

    func testP1WildcardsAndLiterals() throws {
        XCTAssertEqual(try PatternParser.parse("/a*?").elements, [.literal("/"), .literal("a"), .anyMany, .anyOne])
        // `?*` is `?` then `*`: no special element (P1).
        XCTAssertEqual(try PatternParser.parse("?*").elements, [.anyOne, .anyMany])
        XCTAssertEqual(try PatternParser.parse("").elements, [])
    }

    func testP1NoEscapeSyntax() throws {
        // A backslash is a literal and does not protect the `*` after it.
        XCTAssertEqual(try PatternParser.parse(#"\*"#).elements, [.literal("\\"), .anyMany])
        XCTAssertEqual(try PatternParser.parse("%2A").elements, [.literal("%"), .literal("2"), .literal("A")])
        XCTAssertEqual(try PatternParser.parse("[a]{1}.").elements,
                       ["[", "a", "]", "{", "1", "}", "."].map { PatternElement.literal($0) })
    }

    func testP2OneElementPerScalar() throws {
        // é written precomposed is one scalar; e + U+0301 is two, and stays two (no normalization).
        XCTAssertEqual(try PatternParser.parse("\u{E9}").elements, [.literal("\u{E9}")])
        XCTAssertEqual(try PatternParser.parse("e\u{301}").elements, [.literal("e"), .literal("\u{301}")])
        XCTAssertEqual(try PatternParser.parse("👍🏽").elements, [.literal("\u{1F44D}"), .literal("\u{1F3FD}")])
        XCTAssertEqual(try PatternParser.parse("哈哈/?*").elements,
                       [.literal("哈"), .literal("哈"), .literal("/"), .anyOne, .anyMany])
    }

    // MARK: P3 — references

    func testP3References() throws {
        XCTAssertEqual(try PatternParser.parse("/$(lang)_$(region)/").elements,
                       [.literal("/"), .variable("lang"), .literal("_"), .variable("region"), .literal("/")])
        // Any scalars but `$ ( )`: spaces, Unicode, `*` and `?` are part of the name.
        XCTAssertEqual(try PatternParser.parse("$(a b*?é)").elements, [.variable("a b*?é")])
        XCTAssertEqual(try PatternParser.parse("$(x)$(y)$(x)").variableNames, ["x", "y"])
    }

    func testP3DollarWithoutParenIsLiteral() throws {
        XCTAssertEqual(try PatternParser.parse("$").elements, [.literal("$")])
        XCTAssertEqual(try PatternParser.parse("a$b").elements, [.literal("a"), .literal("$"), .literal("b")])
        XCTAssertEqual(try PatternParser.parse("$$(x)").elements, [.literal("$"), .variable("x")])
        XCTAssertEqual(try PatternParser.parse("$ (x)").elements, ["$", " ", "(", "x", ")"].map { PatternElement.literal($0) })
        // A `)` or `(` alone is literal too.
        XCTAssertEqual(try PatternParser.parse("(x)").elements, [.literal("("), .literal("x"), .literal(")")])
    }

    func testP3InvalidReferencesWithOffsetsAndMessages() {
        // Offsets count Unicode scalars up to the `$(` that starts the bad reference.
        assertInvalid("/$(oops", offset: 1, mentions: "unterminated")
        assertInvalid("$(", offset: 0, mentions: "unterminated")
        assertInvalid("/a$()", offset: 2, mentions: "empty variable name")
        assertInvalid("/a$(b$c)", offset: 2, mentions: "'$'")
        assertInvalid("$(a(b)", offset: 0, mentions: "'('")
        assertInvalid("$(ok)/$(", offset: 6, mentions: "unterminated")
        assertInvalid("哈e\u{301}$(x", offset: 3, mentions: "unterminated")
        // `$$(` : the first `$` is literal, the error is at the second.
        assertInvalid("$$(", offset: 1, mentions: "unterminated")
    }

    func testP3ErrorDescriptionNamesTheOffset() {
        do {
            _ = try PatternParser.parse("ab$(c")
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error.description.hasPrefix("scalar 2: "), error.description)
        }
    }

    func testV2ValuesNeverHoldVariables() {
        XCTAssertEqual(PatternParser.parseValue("$(w)").elements, ["$", "(", "w", ")"].map { PatternElement.literal($0) })
        XCTAssertEqual(PatternParser.parseValue("$(").elements, [.literal("$"), .literal("(")])
        XCTAssertEqual(PatternParser.parseValue("a*?").elements, [.literal("a"), .anyMany, .anyOne])
    }

    // MARK: V4, V5 — the variable table

    func testV4PredefinedListsAreSingleCharactersWhereDocumented() {
        let table = VariableTable()
        let upper = (65...90).map { String(UnicodeScalar(UInt8($0))) }
        let lower = (97...122).map { String(UnicodeScalar(UInt8($0))) }
        let digits = (48...57).map { String(UnicodeScalar(UInt8($0))) }
        XCTAssertEqual(Set(table.values(of: "upper") ?? []), Set(upper))
        XCTAssertEqual(Set(table.values(of: "lower") ?? []), Set(lower))
        XCTAssertEqual(Set(table.values(of: "digit") ?? []), Set(digits))
        XCTAssertEqual(Set(table.values(of: "alpha") ?? []), Set(upper + lower))
        XCTAssertEqual(Set(table.values(of: "alnum") ?? []), Set(upper + lower + digits))
        XCTAssertEqual(Set(table.values(of: "xdigit") ?? []), Set(digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]))
        XCTAssertEqual(table.values(of: "alpha")?.count, 52)
        XCTAssertEqual(table.values(of: "alnum")?.count, 62)
        XCTAssertEqual(table.values(of: "xdigit")?.count, 22)
        XCTAssertEqual(VariableTable.predefinedNames, ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"])
    }

    func testV4RegionAndLanguageTables() throws {
        let regions = try XCTUnwrap(VariableTable().values(of: "region"))
        let langs = try XCTUnwrap(VariableTable().values(of: "lang"))
        // Apple's tables (macOS Foundation, SPEC.md V4); PredefinedTables.swift documents these counts.
        XCTAssertEqual(regions.count, 257)
        XCTAssertEqual(langs.count, 631)
        // The measured differences from swift-corelibs-foundation's lists (SPEC.md V4).
        for code in ["EU", "EZ", "QO", "UN"] { XCTAssertFalse(regions.contains(code), "macOS lacks \(code)") }
        for code in "acf com crj crk crl crm cst cwd fla gcf hch isc kio nez shp srs".split(separator: " ") {
            XCTAssertTrue(langs.contains(String(code)), "macOS has \(code)")
        }
        XCTAssertEqual(Set(regions).count, regions.count, "region codes repeat")
        XCTAssertEqual(Set(langs).count, langs.count, "language codes repeat")
        for code in ["GB", "US", "CA", "FR", "DE", "JP", "CN"] { XCTAssertTrue(regions.contains(code), code) }
        for code in ["UK", "gb", "001", "ZZ", "EN"] { XCTAssertFalse(regions.contains(code), code) }
        XCTAssertTrue(regions.allSatisfy { $0.utf8.count == 2 && $0.utf8.allSatisfy { (65...90).contains($0) } },
                      "region codes are two upper-case ASCII letters")
        for code in ["en", "fr", "zh", "de", "ja"] { XCTAssertTrue(langs.contains(code), code) }
        for code in ["EN", "qq", "english"] { XCTAssertFalse(langs.contains(code), code) }
        XCTAssertTrue(langs.allSatisfy { (2...3).contains($0.utf8.count) && $0.utf8.allSatisfy { (97...122).contains($0) } },
                      "language codes are two or three lower-case ASCII letters")
    }

    func testV5CustomReplacesPredefined() {
        let table = VariableTable(custom: [(name: "digit", values: ["one"]), (name: "food", values: ["pizza"])])
        XCTAssertEqual(table.values(of: "digit"), ["one"])
        XCTAssertEqual(table.values(of: "food"), ["pizza"])
        XCTAssertEqual(table.values(of: "alpha")?.count, 52, "other predefined names are untouched")
        XCTAssertNil(table.values(of: "Digit"), "names are case-sensitive")
        XCTAssertNil(table.values(of: "nope"), "undefined (P4)")
        // An empty list is a definition: it matches nothing, but it is not undefined (V6).
        XCTAssertEqual(VariableTable(custom: [(name: "lang", values: [])]).values(of: "lang"), [])
    }

    private func assertInvalid(_ pattern: String, offset: Int, mentions: String, line: UInt = #line) {
        do {
            let parsed = try PatternParser.parse(pattern)
            XCTFail("\(pattern) parsed as \(parsed.elements)", line: line)
        } catch {
            XCTAssertEqual(error.offset, offset, pattern, line: line)
            XCTAssertTrue(error.message.contains(mentions), "\(pattern): \(error.message)", line: line)
        }
    }
}

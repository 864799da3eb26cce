import Foundation
import LinkMatch

/// `json`: Core's JSON reader (`JSONParser`), which both engines read every document through, against
/// an independent reader, Foundation's `JSONSerialization` (`.fragmentsAllowed`):
/// - both accept or both reject, except for the differences `JSONReaderDifferences` lists (a
///   trailing comma is removed where Core names it and the text compared again);
/// - when both accept, the values are equal: the same types, arrays element by element, objects
///   key by key (last value of a repeated key), strings scalar for scalar, numbers as the decimal
///   they denote (exactly where Foundation keeps the digits, as `Double` where it rounds);
/// - every error's line and column are those `JSONErrorPosition` counts over the bytes before its
///   offset, the offset lies within the text, and `==` tells errors apart by kind, offset, line and
///   column;
/// - the tape the document parser reads (`JSONTape`, from the same tokenizer through another
///   builder) holds the tree's value, or fails with the tree's error (`==`: the same kind, offset, line and column).
public enum JSONReaderCheck {
    /// The reader under test; replaceable so the tests can plant a mistake.
    public typealias Reader = @Sendable ([UInt8]) throws(JSONParseError) -> JSONValue

    /// Core's `JSONParser.parse` with the default limits.
    public static let standardReader: Reader = { (text: [UInt8]) throws(JSONParseError) -> JSONValue in try JSONParser.parse(text) }

    /// nil when the case passed; else what broke, with the case as readable JSON.
    public static func check(_ c: JSONTextCase, reader: Reader = standardReader) -> CheckFailure? {
        guard let problem = problem(c.text, reader: reader) else { return nil }
        return CheckFailure(target: .json, summary: problem, readable: readable(c))
    }

    /// The tape's reading of a text, as a tree; replaceable so the tests can plant a mistake.
    public static let standardTapeReader: Reader = { (text: [UInt8]) throws(JSONParseError) -> JSONValue in try JSONTape.parse(text).tree }

    /// The first problem, in words, or nil.
    public static func problem(_ original: [UInt8], reader: Reader = standardReader, tapeReader: Reader = standardTapeReader) -> String? {
        if let problem = tapeProblem(original, reader: reader, tapeReader: tapeReader) { return problem }
        var text = original
        // Each round removes one trailing comma, so the loop ends.
        while true {
            let core: Result<JSONValue, JSONParseError>
            do throws(JSONParseError) {
                core = .success(try reader(text))
            } catch {
                core = .failure(error)
                if let problem = positionProblem(error, in: text) { return problem }
            }
            let foundation = foundationRead(text)
            switch (core, foundation) {
            case (.success(let value), .success(let other)):
                return valueDifference(value, other, at: "").map { "the readers disagree at \($0)" }
            case (.failure, .failure):
                return nil
            case (.failure(let error), .success):
                if JSONReaderDifferences.isTrailingComma(error, in: text) {
                    text.remove(at: error.offset)
                    continue
                }
                if JSONReaderDifferences.mayBeReadAsUTF16Or32(text) { return nil }
                return "Core rejects what Foundation accepts: \(error.kind) at \(error.offset) (\(error))"
            case (.success(let value), .failure(let error)):
                if JSONReaderDifferences.hasNumberBeyondDouble(value) { return nil }
                return "Core accepts what Foundation rejects: \(foundationMessage(error))"
            }
        }
    }

    /// The tape against the tree of the same text: the same value, or the same error.
    static func tapeProblem(_ text: [UInt8], reader: Reader, tapeReader: Reader) -> String? {
        let tree: Result<JSONValue, JSONParseError>
        do throws(JSONParseError) { tree = .success(try reader(text)) } catch { tree = .failure(error) }
        let tape: Result<JSONValue, JSONParseError>
        do throws(JSONParseError) { tape = .success(try tapeReader(text)) } catch { tape = .failure(error) }
        switch (tree, tape) {
        case (.success(let a), .success(let b)):
            return a == b ? nil : "the tape reads \(b.serialized()) where the tree reads \(a.serialized())"
        case (.failure(let a), .failure(let b)):
            return a == b ? nil : "the tape fails with \(b) where the tree fails with \(a)"
        case (.success, .failure(let error)):
            return "the tape rejects what the tree reads: \(error)"
        case (.failure(let error), .success):
            return "the tape reads what the tree rejects (\(error))"
        }
    }

    /// The error's position against the plain count, its offset within the text, and `==`.
    static func positionProblem(_ error: JSONParseError, in text: [UInt8]) -> String? {
        guard error.offset >= 0, error.offset <= text.count else {
            return "error offset \(error.offset) outside the text of \(text.count) bytes"
        }
        let (line, column) = JSONErrorPosition.lineAndColumn(of: error.offset, in: text)
        if error.line != line || error.column != column {
            return "\(error.kind) at offset \(error.offset) is reported at line \(error.line), column \(error.column); the plain count says line \(line), column \(column)"
        }
        let same = JSONParseError(kind: error.kind, offset: error.offset, line: error.line, column: error.column)
        let others = [
            JSONParseError(kind: error.kind == .empty ? .trailingContent : .empty, offset: error.offset, line: error.line, column: error.column),
            JSONParseError(kind: error.kind, offset: error.offset + 1, line: error.line, column: error.column),
            JSONParseError(kind: error.kind, offset: error.offset, line: error.line + 1, column: error.column),
            JSONParseError(kind: error.kind, offset: error.offset, line: error.line, column: error.column + 1),
        ]
        if error != same || others.contains(where: { $0 == error }) {
            return "JSONParseError's == does not compare exactly kind, offset, line and column"
        }
        return nil
    }

    static func foundationRead(_ text: [UInt8]) -> Result<Any, Error> {
        Result { try JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed]) }
    }

    static func foundationMessage(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }

    /// Where the two values differ (a JSON path and what), or nil.
    static func valueDifference(_ value: JSONValue, _ other: Any, at path: String) -> String? {
        let shown = path.isEmpty ? "the top" : path
        switch value {
        case .null:
            return other is NSNull ? nil : "\(shown): null against \(type(of: other))"
        case .bool(let flag):
            guard let number = other as? NSNumber, isBoolean(number), number.boolValue == flag else {
                return "\(shown): \(flag) against \(other)"
            }
            return nil
        case .number(let text):
            guard let number = other as? NSNumber, !isBoolean(number) else { return "\(shown): number \(text) against \(other)" }
            return sameNumber(text, number) ? nil : "\(shown): number \(text) against \(number.stringValue)"
        case .string(let string):
            guard let s = other as? String, sameScalars(s, string) || JSONReaderDifferences.isCoreStringWithoutSomeBOMs(s, string) else {
                return "\(shown): string \(string.debugDescription) against \(other)"
            }
            return nil
        case .array(let items):
            guard let list = other as? [Any], list.count == items.count else { return "\(shown): array of \(items.count) against \(other)" }
            for (i, (a, b)) in zip(items, list).enumerated() {
                if let d = valueDifference(a, b, at: JSONPath.index(path, i)) { return d }
            }
            return nil
        case .object(let object):
            guard let dictionary = other as? [String: Any] else { return "\(shown): object against \(type(of: other))" }
            // As Foundation builds its dictionary: keys compared as Swift strings, the last value wins.
            let blind = object.members.contains { JSONReaderDifferences.hasBOM($0.key) } || dictionary.keys.contains(where: JSONReaderDifferences.hasBOM)
            if blind { return bomBlindDifference(object, dictionary, at: path) }
            var expected: [String: JSONValue] = [:]
            for member in object.members { expected[member.key] = member.value }
            guard expected.count == dictionary.count else {
                return "\(shown): \(expected.count) distinct keys against \(dictionary.count)"
            }
            for (key, v) in expected {
                guard let w = dictionary[key] else { return "\(shown): key \(key.debugDescription) missing in Foundation's value" }
                if let d = valueDifference(v, w, at: JSONPath.member(path, key)) { return d }
            }
            return nil
        }
    }

    /// Objects whose keys hold U+FEFF, compared with every U+FEFF left out of the keys
    /// (`JSONReaderDifferences.bomless`): the same keys, and the same value under each key, except
    /// where two of Foundation's keys become one (then which value is which cannot be told).
    static func bomBlindDifference(_ object: JSONObject, _ dictionary: [String: Any], at path: String) -> String? {
        let shown = path.isEmpty ? "the top" : path
        var expected: [String: JSONValue] = [:]
        for member in object.members { expected[JSONReaderDifferences.bomless(member.key)] = member.value }
        var theirs: [String: Any] = [:]
        var ambiguous = Set<String>()
        for (key, value) in dictionary {
            let k = JSONReaderDifferences.bomless(key)
            if theirs[k] != nil { ambiguous.insert(k) }
            theirs[k] = value
        }
        guard Set(expected.keys) == Set(theirs.keys) else {
            return "\(shown): keys \(expected.keys.sorted()) against \(theirs.keys.sorted()) (U+FEFF left out)"
        }
        for (key, v) in expected where !ambiguous.contains(key) {
            if let w = theirs[key], let d = valueDifference(v, w, at: JSONPath.member(path, key)) { return d }
        }
        return nil
    }

    static func sameScalars(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

    /// Foundation reads `true` and `false` as its boolean NSNumber, whose type code is `c`.
    static func isBoolean(_ number: NSNumber) -> Bool { number.objCType.pointee == CChar(UInt8(ascii: "c")) }

    /// Foundation keeps an integer's digits (Int64, UInt64 or NSDecimalNumber beyond) and rounds
    /// anything with a fraction or an exponent to a Double: compared exactly, or as Doubles.
    static func sameNumber(_ text: String, _ number: NSNumber) -> Bool {
        let code = UInt8(bitPattern: number.objCType.pointee)
        if JSONReaderDifferences.isBeyondDecimalMantissa(text), let double = Double(text) {
            // NSDecimalNumber's doubleValue is not correctly rounded either: near is equal here.
            return abs(double - number.doubleValue) <= abs(double) * 1e-12
        }
        if number is NSDecimalNumber || code != UInt8(ascii: "d") && code != UInt8(ascii: "f") {
            return DecimalText(text) == DecimalText(number.stringValue)
        }
        guard let double = Double(text) else { return false }
        return double == number.doubleValue
    }
}

/// A decimal number as sign, significant digits and exponent (`-12.50e1` is -, 125, 0), so that two
/// spellings of one number are equal; zero has no sign. Nil for text that is no decimal number.
struct DecimalText: Equatable {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponentText: Substring.UTF8View.SubSequence?
        for (i, b) in zip(bytes.indices, bytes) {
            if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                mantissa.append(b)
                if inFraction { fractionDigits += 1 }
            } else if b == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if b | 0x20 == UInt8(ascii: "e") {
                exponentText = bytes[bytes.index(after: i)...]
                break
            } else {
                return nil
            }
        }
        guard !mantissa.isEmpty else { return nil }
        var e = 0
        if let exponentText {
            // Exponents past six digits do not occur in the texts compared exactly (Foundation keeps
            // only integers' digits); such a text is simply not equal to anything.
            guard let parsed = Int(String(decoding: exponentText, as: UTF8.self)), abs(parsed) < 1_000_000 else { return nil }
            e = parsed
        }
        while mantissa.first == UInt8(ascii: "0") { mantissa.removeFirst() }
        e -= fractionDigits
        while mantissa.last == UInt8(ascii: "0") {
            mantissa.removeLast()
            e += 1
        }
        if mantissa.isEmpty {
            negative = false
            e = 0
        }
        digits = mantissa
        exponent = e
    }
}

extension JSONReaderCheck {
    /// The case as JSON: the text (or its bytes in hex), each reader's answer, and the problem if any.
    public static func readableJSON(_ c: JSONTextCase) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let text = String(validating: c.text, as: UTF8.self) {
            pairs.append(("text", .string(text)))
        } else {
            pairs.append(("textHex", .string(c.text.map { PercentEncodingCheck.hex($0) }.joined())))
        }
        do {
            // As text: a value nested 512 deep cannot sit inside the twin's own object.
            pairs.append(("core", .string(try JSONParser.parse(c.text).serialized())))
        } catch {
            pairs.append(("coreError", .string("\(error) (offset \(error.offset))")))
        }
        switch foundationRead(c.text) {
        case .success(let value):
            pairs.append(("foundation", .string(shown(value))))
        case .failure(let error):
            pairs.append(("foundationError", .string(foundationMessage(error))))
        }
        if let problem = problem(c.text) { pairs.append(("problem", .string(problem))) }
        return ReadableJSON.object(pairs)
    }

    /// `readableJSON`, pretty-printed (the twin's text).
    public static func readable(_ c: JSONTextCase) -> String { readableJSON(c).serialized(pretty: true) }

    /// Foundation's value as compact JSON, keys sorted (its dictionaries have no order of their own).
    static func shown(_ value: Any) -> String {
        switch value {
        case let number as NSNumber:
            return isBoolean(number) ? (number.boolValue ? "true" : "false") : number.stringValue
        case let string as String:
            return JSONValue.string(string).serialized()
        case let list as [Any]:
            return "[" + list.map(shown).joined(separator: ",") + "]"
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { JSONValue.string($0).serialized() + ":" + shown(dictionary[$0] ?? NSNull()) }.joined(separator: ",") + "}"
        default:
            return "null"
        }
    }

    /// `{"text": "..."}` (UTF-8 text) or `{"textHex": "..."}` (any bytes); the readers' answers are ignored.
    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> JSONTextCase {
        let obj = try ReadableJSON.parse(text, what: "the json case")
        if case .string(let s)? = obj["text"] { return JSONTextCase(text: Array(s.utf8)) }
        if case .string(let h)? = obj["textHex"] { return JSONTextCase(text: try ParserCheck.bytes(hex: h, key: "textHex")) }
        throw SeedEncodingError("a json case needs \"text\" or \"textHex\"")
    }
}

extension JSONReaderCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> JSONTextCase { JSONTextCase(bytes: bytes) }
    /// No engines: the check is about the JSON reader alone.
    public static func run(_ c: JSONTextCase, engines: Engines) -> CheckFailure? { check(c) }
    public static func readable(_ c: JSONTextCase, engines: Engines) -> String { readable(c) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}

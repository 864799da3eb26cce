import LinkMatch

/// Generates AASA files as JSON, guided by the schema (D3–D12, C1, C5, V1, Q1–Q5) so random bytes
/// reach deep into the document parser and the engines: several entries, `appID`/`appIDs`, defaults
/// at all three levels, legacy `paths` with `NOT `, query dictionaries, substitution variables. At
/// every position a few byte values instead produce an arbitrary JSON value (a wrong type, D10), and
/// object keys are sometimes unknown or a case-variant of a known key (D9).
///
/// The format is invertible: `write` encodes ANY JSON value (the schema only decides which shapes are
/// cheap), so every conformance case's `aasa` can become a seed.
public enum AASAGenerator {
    /// Where a value sits in the file: decides the likely shapes and the keys of objects.
    enum Slot: Sendable, Equatable {
        case top, applinks, details, entry, appIDList, appID, components, component, paths, legacyPath
        case pattern, query, queryItems, flag, comment, variables, valueList, value, any
    }

    /// `template`: an object whose known keys come in a fixed order, each present or not (dense,
    /// well-formed structure from few bytes); `expected`: any keys in any order (duplicates, unknown
    /// keys); `alternate`: the slot's second shape (details keyed by app ID, `?` as a dictionary).
    enum Shape: Sendable, Equatable { case template, expected, alternate, generic }

    enum Key: Sendable, Equatable { case known(String), written }

    /// Names `$(…)` may use inside generated documents: the names the variable generator likes,
    /// predefined ones, and one never defined (P4).
    /// `v` is listed several times: it is also the variable documents most often define.
    static let referenceNames = ["v", "v", "v", "v", "v", "v", "v", "v", "w", "w", "id", "digit", "alpha", "upper", "nope", "lang"]

    static let appIDs = ChoiceTable<Key>([
        (.known("ABCDE12345.com.example.app"), 90), (.known("ABCDE12345.com.example.app2"), 50),
        (.known("FGHIJ67890.org.other.app"), 40), (.known("abcde12345.com.example.app"), 20),
        (.known("com.example.noteam"), 12), (.known(""), 8), (.written, 36),
    ])

    static func shapes(_ slot: Slot) -> ChoiceTable<Shape> {
        switch slot {
        case .details: return detailsShapes
        case .query: return queryShapes
        case .any: return alwaysGeneric
        case .top, .applinks, .entry: return templatedOuter
        case .component, .variables: return templated
        default: return mostlyExpected
        }
    }

    static let templated = ChoiceTable<Shape>([(.template, 224), (.expected, 26), (.generic, 6)])
    /// The outer objects deviate less: a broken `applinks` hides every rule below it.
    static let templatedOuter = ChoiceTable<Shape>([(.template, 242), (.expected, 10), (.generic, 4)])

    /// The keys of a template object in order, each with the chance (out of 256) that it is present.
    static func template(_ slot: Slot) -> [(key: String, presence: ChoiceTable<Bool>)] {
        switch slot {
        case .top: return topTemplate
        case .applinks: return applinksTemplate
        case .entry: return entryTemplate
        case .variables: return variablesTemplate
        default: return componentTemplate
        }
    }

    static func presence(_ pairs: [(String, Int)]) -> [(key: String, presence: ChoiceTable<Bool>)] {
        pairs.map { ($0.0, ChoiceTable<Bool>([(false, 256 - $0.1), (true, $0.1)])) }
    }

    static let topTemplate = presence([("applinks", 248), ("webcredentials", 12)])
    static let applinksTemplate = presence([("apps", 8), ("defaults", 64), ("substitutionVariables", 140), ("details", 248)])
    static let entryTemplate = presence([("appID", 56), ("appIDs", 236), ("defaults", 56), ("components", 200), ("paths", 64)])
    static let variablesTemplate = presence([("v", 220), ("w", 90), ("id", 50), ("lang", 12), ("region", 8)])
    static let componentTemplate = presence([
        ("/", 200), ("?", 90), ("#", 64), ("exclude", 64), ("caseSensitive", 48), ("percentEncoded", 48), ("comment", 10),
    ])

    static let mostlyExpected = ChoiceTable<Shape>([(.expected, 248), (.generic, 8)])
    static let detailsShapes = ChoiceTable<Shape>([(.expected, 240), (.alternate, 12), (.generic, 4)])
    static let queryShapes = ChoiceTable<Shape>([(.expected, 100), (.alternate, 148), (.generic, 8)])
    static let alwaysGeneric = ChoiceTable<Shape>([(.generic, 256)])

    static func keys(_ slot: Slot) -> ChoiceTable<Key> {
        switch slot {
        case .top: return topKeys
        case .applinks: return applinksKeys
        case .entry: return entryKeys
        default: return componentKeys
        }
    }

    static let topKeys = ChoiceTable<Key>([
        (.known("applinks"), 220), (.known("webcredentials"), 12), (.known("appclips"), 8), (.written, 16),
    ])
    static let applinksKeys = ChoiceTable<Key>([
        (.known("details"), 130), (.known("defaults"), 40), (.known("substitutionVariables"), 50),
        (.known("apps"), 12), (.known("Details"), 4), (.written, 20),
    ])
    static let entryKeys = ChoiceTable<Key>([
        (.known("appIDs"), 60), (.known("appID"), 30), (.known("components"), 80), (.known("paths"), 36),
        (.known("defaults"), 34), (.known("appIds"), 4), (.written, 12),
    ])
    static let componentKeys = ChoiceTable<Key>([
        (.known("/"), 80), (.known("?"), 40), (.known("#"), 30), (.known("exclude"), 30),
        (.known("caseSensitive"), 24), (.known("percentEncoded"), 24), (.known("comment"), 8),
        (.known("casesensitive"), 6), (.written, 14),
    ])

    /// The slot of a member's value, by its parent's slot and its key.
    static func slot(of key: String, in parent: Slot) -> Slot {
        switch (parent, key) {
        case (.top, "applinks"): return .applinks
        case (.applinks, "details"): return .details
        case (.applinks, "defaults"), (.entry, "defaults"): return .component
        case (.applinks, "substitutionVariables"): return .variables
        case (.applinks, "apps"): return .appIDList
        case (.entry, "appIDs"): return .appIDList
        case (.entry, "appID"): return .appID
        case (.entry, "components"): return .components
        case (.entry, "paths"): return .paths
        case (.component, "/"), (.component, "#"): return .pattern
        case (.component, "?"): return .query
        case (.component, "exclude"), (.component, "caseSensitive"), (.component, "percentEncoded"): return .flag
        case (.component, "comment"): return .comment
        case (.details, _): return .entry   // D5: details keyed by app ID
        case (.queryItems, _): return .pattern
        case (.variables, _): return .valueList
        default: return .any
        }
    }

    static func maxMembers(_ slot: Slot) -> Int {
        switch slot {
        case .top: return 3
        case .applinks: return 4
        case .entry: return 5
        case .component: return 6
        case .details: return 3
        case .queryItems: return 4
        case .variables: return 3
        default: return 4
        }
    }

    /// How many elements an array slot gets: mostly a few, rarely none (weights by slot).
    static func elementCounts(_ slot: Slot) -> ChoiceTable<Int> {
        switch slot {
        case .details: return detailsCounts
        case .components: return componentsCounts
        case .paths: return pathsCounts
        case .appIDList: return appIDCounts
        case .valueList: return valueCounts
        default: return genericCounts
        }
    }

    static func counts(_ weights: [Int]) -> ChoiceTable<Int> { ChoiceTable(weights.enumerated().map { ($0.offset, $0.element) }) }

    static let detailsCounts = counts([4, 150, 60, 24, 14])
    static let componentsCounts = counts([6, 40, 50, 44, 34, 24, 18, 12, 8, 6, 6, 4, 4])
    static let pathsCounts = counts([6, 60, 60, 40, 30, 20, 16, 12, 12])
    static let appIDCounts = counts([6, 170, 56, 20])
    static let valueCounts = counts([10, 40, 60, 60, 40, 26, 20])
    static let genericCounts = counts([40, 80, 60, 40, 36])

    static func elementSlot(_ slot: Slot) -> Slot {
        switch slot {
        case .details: return .entry
        case .components: return .component
        case .paths: return .legacyPath
        case .appIDList: return .appID
        case .valueList: return .value
        default: return .any
        }
    }

    /// What the expected shape of a slot is.
    enum Kind { case object, array, string, bool }

    static func expectedKind(_ slot: Slot) -> Kind {
        switch slot {
        case .top, .applinks, .entry, .component, .queryItems, .variables: return .object
        case .details, .components, .paths, .appIDList, .valueList: return .array
        case .flag: return .bool
        case .appID, .legacyPath, .pattern, .comment, .value: return .string
        case .query: return .string
        case .any: return .object
        }
    }

    /// The maximum nesting of arbitrary JSON values (deeper containers read as null).
    static let maxGenericDepth = 6

    // MARK: - Reading

    /// A whole generated AASA file.
    public static func read(_ r: inout ByteReader) -> JSONValue {
        read(.top, &r, depth: 0)
    }

    static func read(_ slot: Slot, _ r: inout ByteReader, depth: Int) -> JSONValue {
        switch r.pick(shapes(slot)) {
        case .generic:
            return readGeneric(&r, depth: 0)  // generic nesting counts from here
        case .template:
            var members: [JSONMember] = []
            for (key, presence) in template(slot) where r.pick(presence) {
                members.append(JSONMember(key: key, value: read(self.slot(of: key, in: slot), &r, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case .alternate where slot == .details:
            return readObject(.details, &r, depth: depth)      // D5: keyed by app ID
        case .alternate:
            return readObject(.queryItems, &r, depth: depth)   // Q2: `?` as a dictionary
        case .expected:
            switch expectedKind(slot) {
            case .object: return readObject(slot, &r, depth: depth)
            case .array:
                let n = r.pick(elementCounts(slot))
                var list: [JSONValue] = []
                for _ in 0..<n where !r.isAtEnd { list.append(read(elementSlot(slot), &r, depth: depth + 1)) }
                return .array(list)
            case .bool: return .bool(r.bool())
            case .string: return .string(readString(slot, &r))
            }
        }
    }

    static func readObject(_ slot: Slot, _ r: inout ByteReader, depth: Int) -> JSONValue {
        let n = r.count(max: maxMembers(slot))
        var members: [JSONMember] = []
        for _ in 0..<n where !r.isAtEnd {
            let key = readKey(slot, &r)
            members.append(JSONMember(key: key, value: read(self.slot(of: key, in: slot), &r, depth: depth + 1)))
        }
        return .object(JSONObject(members))
    }

    static func readKey(_ slot: Slot, _ r: inout ByteReader) -> String {
        switch slot {
        case .details: return readString(.appID, &r)
        case .queryItems: return TextCoding.read(&r, .name)
        case .variables:
            switch r.pick(VariableGenerator.names) {
            case .fixed(let n): return n
            case .written: return TextCoding.read(&r, .name)
            }
        default:
            switch r.pick(keys(slot)) {
            case .known(let k): return k
            case .written: return TextCoding.read(&r, .json)
            }
        }
    }

    static let legacyModes = ChoiceTable<String>([("", 196), ("NOT ", 54), ("not ", 6)])

    static func readString(_ slot: Slot, _ r: inout ByteReader) -> String {
        switch slot {
        case .appID:
            switch r.pick(appIDs) {
            case .known(let id): return id
            case .written: return TextCoding.read(&r, .json)
            }
        case .legacyPath:
            let prefix = r.pick(legacyModes)
            return prefix + PatternText.read(&r, names: referenceNames)
        case .pattern, .query: return PatternText.read(&r, names: referenceNames)
        case .value: return TextCoding.read(&r, .value)
        default: return TextCoding.read(&r, .json)
        }
    }

    enum GenericShape: Sendable, Equatable { case null, yes, no, number, string, array, object }

    static let genericShapes = ChoiceTable<GenericShape>([
        (.null, 30), (.yes, 30), (.no, 30), (.number, 40), (.string, 60), (.array, 36), (.object, 30),
    ])

    /// Number texts a generic value may be (plus any integer 0...65535).
    static let numbers = ChoiceTable<String?>([
        ("0", 40), ("1", 40), ("5", 20), ("-1", 20), ("1.5", 20), ("1e3", 16), ("-0", 8), ("0.0", 8),
        ("12345678901234567890", 8), (nil, 76),
    ])

    static func readGeneric(_ r: inout ByteReader, depth: Int) -> JSONValue {
        switch r.pick(genericShapes) {
        case .null: return .null
        case .yes: return .bool(true)
        case .no: return .bool(false)
        case .number:
            if let text = r.pick(numbers) { return .number(text) }
            return .number(String(r.uint16()))
        case .string: return .string(TextCoding.read(&r, .json))
        case .array:
            guard depth < maxGenericDepth else { return .null }
            let n = r.count(max: 4)
            var list: [JSONValue] = []
            for _ in 0..<n where !r.isAtEnd { list.append(readGeneric(&r, depth: depth + 1)) }
            return .array(list)
        case .object:
            guard depth < maxGenericDepth else { return .null }
            let n = r.count(max: 4)
            var members: [JSONMember] = []
            for _ in 0..<n where !r.isAtEnd {
                let key = TextCoding.read(&r, .json)
                members.append(JSONMember(key: key, value: readGeneric(&r, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        }
    }

    // MARK: - Writing (the inverse)

    /// Bytes that `read` turns into exactly `value`.
    public static func write(_ value: JSONValue, to w: inout ByteWriter) throws(SeedEncodingError) {
        try write(value, .top, &w, depth: 0, at: "$")
    }

    static func write(_ value: JSONValue, _ slot: Slot, _ w: inout ByteWriter, depth: Int, at path: String) throws(SeedEncodingError) {
        let table = shapes(slot)
        // Each shape the slot has, in order of preference; the first that can hold the value wins
        // (a string too long for the pattern alphabet, say, is written as a generic string instead).
        var firstError: SeedEncodingError?
        for shape in [Shape.template, .expected, .alternate, .generic] {
            guard let index = table.choices.firstIndex(of: shape) else { continue }
            var attempt = ByteWriter()
            attempt.pick(table, index: index)
            do {
                guard try write(value, slot, shape: shape, &attempt, depth: depth, at: path) else { continue }
                w.append(attempt.bytes)
                return
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? SeedEncodingError("\(path): no way to write this value")
    }

    /// Writes `value` in one shape; false when the value does not have that shape.
    static func write(_ value: JSONValue, _ slot: Slot, shape: Shape, _ w: inout ByteWriter, depth: Int, at path: String) throws(SeedEncodingError) -> Bool {
        switch (shape, expectedKind(slot), value) {
        case (.template, _, .object(let obj)):
            guard let keys = templateKeys(obj, slot) else { return false }
            for (k, (key, presence)) in template(slot).enumerated() {
                let member = keys.firstIndex(of: k).map { obj.members[$0] }
                w.pick(presence, index: member == nil ? 0 : 1)
                if let member { try write(member.value, self.slot(of: key, in: slot), &w, depth: depth + 1, at: JSONPath.member(path, key)) }
            }
            return true
        case (.expected, .object, .object(let obj)):
            try writeObject(obj, slot, &w, depth: depth, at: path)
            return true
        case (.expected, .array, .array(let list)):
            let counts = elementCounts(slot)
            guard let index = counts.choices.firstIndex(of: list.count) else {
                throw SeedEncodingError("\(path): \(list.count) elements are more than the seed format holds here (at most \(counts.choices.count - 1))")
            }
            w.pick(counts, index: index)
            for (k, v) in list.enumerated() { try write(v, elementSlot(slot), &w, depth: depth + 1, at: "\(path)[\(k)]") }
            return true
        case (.expected, .bool, .bool(let b)):
            w.bool(b)
            return true
        case (.expected, .string, .string(let s)):
            try writeString(s, slot, &w, at: path)
            return true
        case (.alternate, _, .object(let obj)):
            try writeObject(obj, slot == .details ? .details : .queryItems, &w, depth: depth, at: path)
            return true
        case (.generic, _, _):
            try writeGeneric(value, &w, depth: 0, at: path)
            return true
        default:
            return false
        }
    }

    /// For each member, its index in the slot's template, when the members follow the template
    /// (known keys, each once, in template order); else nil.
    static func templateKeys(_ obj: JSONObject, _ slot: Slot) -> [Int]? {
        let keys = template(slot).map(\.key)
        var out: [Int] = []
        for m in obj.members {
            guard let k = keys.firstIndex(where: { sameScalars($0, m.key) }), k > (out.last ?? -1) else { return nil }
            out.append(k)
        }
        return out
    }

    static func writeObject(_ obj: JSONObject, _ slot: Slot, _ w: inout ByteWriter, depth: Int, at path: String) throws(SeedEncodingError) {
        try w.count(obj.members.count, max: maxMembers(slot), what: "\(path): number of members")
        for m in obj.members {
            try writeKey(m.key, slot, &w, at: path)
            try write(m.value, self.slot(of: m.key, in: slot), &w, depth: depth + 1, at: JSONPath.member(path, m.key))
        }
    }

    static func writeKey(_ key: String, _ slot: Slot, _ w: inout ByteWriter, at path: String) throws(SeedEncodingError) {
        switch slot {
        case .details: try writeString(key, .appID, &w, at: path + " (key)")
        case .queryItems: try TextCoding.write(key, .name, to: &w, what: "\(path): query item name")
        case .variables:
            let names = VariableGenerator.names
            if let i = names.choices.firstIndex(where: { if case .fixed(let n) = $0 { return sameScalars(n, key) } else { return false } }) {
                w.pick(names, index: i)
            } else {
                w.pick(names, index: names.choices.firstIndex(of: .written) ?? 0)
                try TextCoding.write(key, .name, to: &w, what: "\(path): variable name")
            }
        default:
            let table = keys(slot)
            if let i = table.choices.firstIndex(where: { if case .known(let k) = $0 { return sameScalars(k, key) } else { return false } }) {
                w.pick(table, index: i)
            } else {
                w.pick(table, index: table.choices.firstIndex(of: .written) ?? 0)
                try TextCoding.write(key, .json, to: &w, what: "\(path): key")
            }
        }
    }

    static func writeString(_ s: String, _ slot: Slot, _ w: inout ByteWriter, at path: String) throws(SeedEncodingError) {
        switch slot {
        case .appID:
            if let i = appIDs.choices.firstIndex(where: { if case .known(let k) = $0 { return sameScalars(k, s) } else { return false } }) {
                w.pick(appIDs, index: i)
            } else {
                w.pick(appIDs, index: appIDs.choices.firstIndex(of: .written) ?? 0)
                try TextCoding.write(s, .json, to: &w, what: "\(path): app ID")
            }
        case .legacyPath:
            // The longest prefix that is a mode (so "NOT x" is written as mode "NOT " + "x").
            let modes = legacyModes.choices.enumerated().filter { s.unicodeScalars.starts(with: $0.element.unicodeScalars) }
            let best = modes.max { $0.element.unicodeScalars.count < $1.element.unicodeScalars.count }
            let (index, prefix) = best.map { ($0.offset, $0.element) } ?? (0, "")
            w.pick(legacyModes, index: index)
            let rest = String(String.UnicodeScalarView(s.unicodeScalars.dropFirst(prefix.unicodeScalars.count)))
            try PatternText.write(rest, names: referenceNames, to: &w, what: "\(path): legacy path")
        case .pattern, .query: try PatternText.write(s, names: referenceNames, to: &w, what: "\(path): pattern")
        case .value: try TextCoding.write(s, .value, to: &w, what: "\(path): value")
        default: try TextCoding.write(s, .json, to: &w, what: "\(path): string")
        }
    }

    static func writeGeneric(_ value: JSONValue, _ w: inout ByteWriter, depth: Int, at path: String) throws(SeedEncodingError) {
        func pick(_ s: GenericShape) { w.pick(genericShapes, index: genericShapes.choices.firstIndex(of: s) ?? 0) }
        switch value {
        case .null: pick(.null)
        case .bool(let b): pick(b ? .yes : .no)
        case .number(let text):
            pick(.number)
            if let i = numbers.choices.firstIndex(where: { $0 == text }) {
                w.pick(numbers, index: i)
            } else if let n = UInt16(text), String(n) == text {
                w.pick(numbers, index: numbers.choices.firstIndex(where: { $0 == nil }) ?? 0)
                w.uint16(n)
            } else {
                throw SeedEncodingError("\(path): the number \(text) is not one the seed format holds (integers 0...65535 and a few others)")
            }
        case .string(let s):
            pick(.string)
            try TextCoding.write(s, .json, to: &w, what: "\(path): string")
        case .array(let list):
            guard depth < maxGenericDepth else { throw SeedEncodingError("\(path): nested too deep for the seed format") }
            pick(.array)
            try w.count(list.count, max: 4, what: "\(path): array length")
            for (k, v) in list.enumerated() { try writeGeneric(v, &w, depth: depth + 1, at: "\(path)[\(k)]") }
        case .object(let obj):
            guard depth < maxGenericDepth else { throw SeedEncodingError("\(path): nested too deep for the seed format") }
            pick(.object)
            try w.count(obj.members.count, max: 4, what: "\(path): number of members")
            for m in obj.members {
                try TextCoding.write(m.key, .json, to: &w, what: "\(path): key")
                try writeGeneric(m.value, &w, depth: depth + 1, at: JSONPath.member(path, m.key))
            }
        }
    }
}

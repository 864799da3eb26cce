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

    enum Shape: Sendable, Equatable { case expected, alternate, generic }

    enum Key: Sendable, Equatable { case known(String), written }

    /// Names `$(…)` may use inside generated documents: the names the variable generator likes,
    /// predefined ones, and one never defined (P4).
    static let referenceNames = ["v", "w", "id", "x", "lang", "region", "digit", "alpha", "upper", "nope"]

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
        default: return mostlyExpected
        }
    }

    static let mostlyExpected = ChoiceTable<Shape>([(.expected, 248), (.generic, 8)])
    static let detailsShapes = ChoiceTable<Shape>([(.expected, 224), (.alternate, 24), (.generic, 8)])
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

    static func maxElements(_ slot: Slot) -> Int {
        switch slot {
        case .details: return 4
        case .components: return 12
        case .paths: return 8
        case .appIDList: return 3
        case .valueList: return 6
        default: return 4
        }
    }

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
            return readGeneric(&r, depth: depth)
        case .alternate where slot == .details:
            return readObject(.details, &r, depth: depth)      // D5: keyed by app ID
        case .alternate:
            return readObject(.queryItems, &r, depth: depth)   // Q2: `?` as a dictionary
        case .expected:
            switch expectedKind(slot) {
            case .object: return readObject(slot, &r, depth: depth)
            case .array:
                let n = r.count(max: maxElements(slot))
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
            return prefix + TextCoding.read(&r, .pattern, names: referenceNames)
        case .pattern, .query: return TextCoding.read(&r, .pattern, names: referenceNames)
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
        func shape(_ s: Shape) -> Int? { table.choices.firstIndex(of: s) }
        // The expected shape when the value has it, the alternate one, else a generic value.
        switch (expectedKind(slot), value) {
        case (.object, .object(let obj)) where slot != .any:
            if let i = shape(.expected) { w.pick(table, index: i); return try writeObject(obj, slot, &w, depth: depth, at: path) }
        case (.array, .array(let list)) where list.count <= maxElements(slot):
            if let i = shape(.expected) {
                w.pick(table, index: i)
                try w.count(list.count, max: maxElements(slot), what: "\(path): array length")
                for (k, v) in list.enumerated() { try write(v, elementSlot(slot), &w, depth: depth + 1, at: "\(path)[\(k)]") }
                return
            }
        case (.bool, .bool(let b)):
            if let i = shape(.expected) { w.pick(table, index: i); w.bool(b); return }
        case (.string, .string(let s)):
            if let i = shape(.expected) { w.pick(table, index: i); return try writeString(s, slot, &w, at: path) }
        default:
            break
        }
        if case .object(let obj) = value, let i = shape(.alternate) {
            w.pick(table, index: i)
            return try writeObject(obj, slot == .details ? .details : .queryItems, &w, depth: depth, at: path)
        }
        guard let i = shape(.generic) else { throw SeedEncodingError("\(path): no way to write this value") }
        w.pick(table, index: i)
        try writeGeneric(value, &w, depth: depth, at: path)
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
            try TextCoding.write(rest, .pattern, names: referenceNames, to: &w, what: "\(path): legacy path")
        case .pattern, .query: try TextCoding.write(s, .pattern, names: referenceNames, to: &w, what: "\(path): pattern")
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

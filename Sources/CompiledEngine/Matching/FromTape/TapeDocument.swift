import LinkMatchCore
import LinkMatchModel

/// The rules of an AASA file found on its JSON tape as `DocumentParser` finds them (D3-D6, D10,
/// C1, C5, Q5), but as entry numbers on the tape, with no model, no diagnostic and no string made but
/// the app IDs: what `CompiledDocument(parsing:)` compiles. Entries and rules are numbered as the
/// model numbers them (the same ones are left out), so a trace read from the model names the rule
/// that was compiled.
struct TapeDocument {
    /// `applinks.defaults`.
    private(set) var defaults = TapeFields()
    /// `applinks.substitutionVariables`, read by `DocumentParser.variableTable`.
    private(set) var variables = VariableTable()
    /// Per entry, its `defaults` and where its rules are in `rules`.
    private(set) var entries: [Entry] = []
    /// Every rule, entry after entry.
    private(set) var rules: [TapeFields] = []
    /// Every entry's app IDs (D4, D5, D12: repeats within an entry and empty IDs left out) as the
    /// entries of their strings on the tape (a value, or a D5 key), with their entry, entry after entry.
    private(set) var appIDs: [(entry: Int32, id: Int32)] = []
    /// What the patterns add up to with their variables' values (P5's document total), when it is counted.
    private var expansion: TapeExpansionTotal
    /// P5's document total, or 0 when it cannot be over the limit (`TapeExpansionTotal`).
    var expandedSize: Int { expansion.total }
    /// The rules of every entry, those of the entries that repeat the one before them counted again.
    private(set) var ruleCount = 0

    struct Entry {
        var defaults: TapeFields
        /// The entry's rules are `rules[firstRule..<endRule]` (none kept when it repeats the previous entry).
        var firstRule: Int32
        var endRule: Int32
        /// Its `defaults` object and its rules' array (`components`, or `paths` when there is none)
        /// on the tape, -1 when absent, and whether the array is `components`.
        var defaultsObject: Int32 = -1
        var rulesArray: Int32 = -1
        var rulesAreComponents = false
        /// Its defaults and its rules' array are the previous entry's, written the same way
        /// (`JSONTapeBuffers.sameValue`): its rules are that entry's again, so they are not read.
        /// Real files repeat one list of paths in an entry per app.
        var repeatsPrevious = false
        /// How many rules it has (a repeating entry: the previous entry's count).
        var ruleCount: Int32 = 0
    }

    /// Reads the document whose top-level object is entry 0 of `tape`, whose buffers are `buffers`.
    init(_ tape: JSONTape, _ buffers: JSONTapeBuffers) {
        let json = buffers
        expansion = TapeExpansionTotal(json)
        assert(json.kind(at: 0) == .object)
        guard let applinks = Self.lastMember(of: 0, named: "applinks", on: json), json.kind(at: applinks) == .object else { return }
        var details = -1, defaultsMember = -1, variablesMember = -1
        for (key, value) in json.memberIndices(at: applinks) {
            if Self.isKey(key, "details", on: json) {
                details = value
            } else if Self.isKey(key, "defaults", on: json) {
                defaultsMember = value
            } else if Self.isKey(key, "substitutionVariables", on: json) {
                variablesMember = value
            }
        }
        if variablesMember >= 0 {
            var reader = DocumentParser()
            variables = reader.variableTable(JSONTapeValue(tape: tape, index: variablesMember), at: "")
            expansion.variables = variables
        }
        if defaultsMember >= 0, json.kind(at: defaultsMember) == .object {
            defaults = TapeFields(object: defaultsMember, on: json, total: &expansion)
        }
        guard details >= 0 else { return }
        switch json.kind(at: details) {
        case .array:
            entries.reserveCapacity(json.count(at: details))
            for item in json.elementIndices(at: details) where json.kind(at: item) == .object {
                readEntry(item, keyedAppID: -1, on: json)
            }
        case .object:
            // D5: keyed by app ID, in document order; each distinct key once with its last value.
            let repeats = TapeFields.hasRepeatedKey(details, on: json)
            TapeFields.forEachItem(of: details, on: json, repeats: repeats) { key, value in
                guard json.kind(at: value) == .object else { return }
                readEntry(value, keyedAppID: key, on: json)
            }
        default:
            break
        }
    }

    /// Reads the entry object at `object` (`DocumentParser.detailEntry`'s choices); `keyedAppID` is
    /// the entry of its D5 key, -1 in a `details` array.
    private mutating func readEntry(_ object: Int, keyedAppID: Int, on tape: JSONTapeBuffers) {
        var members = (-1, -1, -1, -1, -1) // appID, appIDs, components, paths, defaults: the last of each
        for (key, value) in tape.memberIndices(at: object) {
            switch tape.withUTF8(at: key, DocumentParser.entryKeyIndex(utf8:)) {
            case 0?: members.0 = value
            case 1?: members.1 = value
            case 2?: members.2 = value
            case 3?: members.3 = value
            case 4?: members.4 = value
            default: break
            }
        }
        let e = Int32(entries.count)
        // D4: `appIDs` (an array) wins over `appID` and over a D5 key, even when empty.
        if members.1 >= 0, tape.kind(at: members.1) == .array {
            let first = appIDs.count
            for item in tape.elementIndices(at: members.1) where tape.kind(at: item) == .string {
                tape.withUTF8(at: item) { id in
                    guard !id.isEmpty else { return }
                    for earlier in appIDs[first...] {
                        if tape.withUTF8(at: Int(earlier.id), { $0.count == id.count && $0.elementsEqual(id) }) { return }
                    }
                    appIDs.append((e, Int32(item)))
                }
            }
        } else if keyedAppID >= 0 {
            if tape.withUTF8(at: keyedAppID, { !$0.isEmpty }) { appIDs.append((e, Int32(keyedAppID))) }
        } else if members.0 >= 0, tape.kind(at: members.0) == .string {
            if tape.withUTF8(at: members.0, { !$0.isEmpty }) { appIDs.append((e, Int32(members.0))) }
        }
        var entry = Entry(defaults: TapeFields(), firstRule: Int32(rules.count), endRule: 0)
        if members.4 >= 0, tape.kind(at: members.4) == .object { entry.defaultsObject = Int32(members.4) }
        // D6, D10: `components` when it is an array (then `paths` is ignored), else legacy `paths`.
        if members.2 >= 0, tape.kind(at: members.2) == .array {
            (entry.rulesArray, entry.rulesAreComponents) = (Int32(members.2), true)
        } else if members.3 >= 0, tape.kind(at: members.3) == .array {
            entry.rulesArray = Int32(members.3)
        }
        // (Not when P5's total is counted: it adds each entry's patterns.)
        if let previous = entries.last, !expansion.counts, entry.rulesArray >= 0,
           entry.rulesAreComponents == previous.rulesAreComponents, previous.rulesArray >= 0,
           Self.same(entry.defaultsObject, previous.defaultsObject, on: tape),
           tape.sameValue(at: Int(entry.rulesArray), Int(previous.rulesArray)) {
            entry.repeatsPrevious = true
            entry.endRule = entry.firstRule
            entry.ruleCount = previous.ruleCount
            ruleCount += Int(entry.ruleCount)
            entries.append(entry)
            return
        }
        if entry.defaultsObject >= 0 {
            entry.defaults = TapeFields(object: Int(entry.defaultsObject), on: tape, total: &expansion)
        }
        if entry.rulesArray >= 0 {
            let array = Int(entry.rulesArray)
            reserveRules(tape.count(at: array))
            if entry.rulesAreComponents {
                for item in tape.elementIndices(at: array) where tape.kind(at: item) == .object {
                    rules.append(TapeFields(object: item, on: tape, total: &expansion))
                }
            } else {
                for item in tape.elementIndices(at: array) where tape.kind(at: item) == .string {
                    rules.append(TapeFields(legacyPath: item, on: tape, total: &expansion))
                }
            }
        }
        entry.endRule = Int32(rules.count)
        entry.ruleCount = entry.endRule - entry.firstRule
        ruleCount += Int(entry.ruleCount)
        entries.append(entry)
    }

    /// Whether the values at entries `a` and `b` of `tape` are the same (`sameValue`), or both absent (-1).
    private static func same(_ a: Int32, _ b: Int32, on tape: JSONTapeBuffers) -> Bool {
        guard a >= 0, b >= 0 else { return a < 0 && b < 0 }
        return tape.sameValue(at: Int(a), Int(b))
    }

    /// Room for `more` rules, at least doubling the room when it grows (room for exactly the next
    /// entry's rules would copy the rules at every entry).
    private mutating func reserveRules(_ more: Int) {
        guard rules.count + more > rules.capacity else { return }
        rules.reserveCapacity(max(2 * rules.capacity, rules.count + more))
    }

    /// The value of the last member of the object at `object` whose key is exactly `name`.
    private static func lastMember(of object: Int, named name: StaticString, on tape: JSONTapeBuffers) -> Int? {
        var found: Int?
        for (key, value) in tape.memberIndices(at: object) where isKey(key, name, on: tape) { found = value }
        return found
    }

    /// Whether the key at entry `key` is exactly `name` (its bytes: equal bytes, equal scalars).
    private static func isKey(_ key: Int, _ name: StaticString, on tape: JSONTapeBuffers) -> Bool {
        tape.withUTF8(at: key) { b in
            // SAFETY: a StaticString's `utf8Start` points at its `utf8CodeUnitCount` bytes, for the program's life.
            assert(name.hasPointerRepresentation)
            return b.count == name.utf8CodeUnitCount
                && b.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
    }
}

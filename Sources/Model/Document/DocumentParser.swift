import LinkMatchCore

/// A parsed document and everything noticed while parsing it.
public struct ParsedDocument: Sendable {
    /// The document as the matchers see it; usable even when `diagnostics` holds errors (what was
    /// broken is left out, D10).
    public var document: AASADocument
    /// What the parser noticed (D1–D12, P3, P4, P5, V2, V5, V6, Q5), in the order it read them;
    /// `Lints.run` adds the whole-document lints and sorts by position in the file.
    public var diagnostics: [Diagnostic]
    /// The JSON the document was read from (after unwrapping a signed envelope), as a tree made
    /// from the tape when read (the parser reads the tape, not a tree).
    public var json: JSONValue {
        get { jsonSource.tree }
        set { jsonSource = .tree(newValue) }
    }
    /// The JSON the document was read from, in the form it was read in.
    var jsonSource: LazyJSONTree
    /// Size of the file in bytes, before unwrapping.
    public var byteCount: Int
}

extension AASADocument {
    /// Parses an AASA file (D1–D12). Throws only when no document can be read at all.
    ///
    /// - Returns: the document and the parser's diagnostics (D1–D12, P3–P5, V2, V5, V6, Q5). What is
    ///   broken is left out of the document and reported (D10), so a file with errors still decides URLs.
    /// - Throws: `DocumentLoadError` with code `file-too-large` (over `limits.maxBytes`), `too-deep`
    ///   (over `limits.maxDepth`), `invalid-json` (also a malformed signed envelope, D2),
    ///   `top-level-not-object` (D1) or `too-complex` (P5).
    public static func parse(_ bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits()) throws(DocumentLoadError) -> ParsedDocument {
        try parse(bytes, limits: limits, parser: DocumentParser())
    }

    /// `parse(_:limits:)` with a given (fresh) parser: the planted mistakes of LinkMatchMutants set
    /// the parser's hooks (`appIDFormat`, `caseVariant`) and load through here; nothing else does.
    package static func parse(_ bytes: [UInt8], limits: JSONParser.Limits, parser fresh: DocumentParser) throws(DocumentLoadError) -> ParsedDocument {
        let (tape, signed) = try readTape(bytes, limits: limits)
        var diagnostics: [Diagnostic] = []
        if signed {
            diagnostics.append(Diagnostic(.warning, "signed-envelope", at: "",
                "the file is a PKCS#7 signed envelope; its content was used, the signature was not verified (iOS 9+ reads plain JSON)"))
        }
        guard let top = tape.root.object else { throw topLevelNotObject(tape) }
        var parser = fresh
        var document = parser.document(from: top)
        document.setSource(tape)
        diagnostics += parser.diagnostics
        guard parser.totalExpandedSize <= PatternLimits.maxDocumentExpandedSize else { throw tooComplex(parser.totalExpandedSize) }
        if let overServingLimit = AppleSizeLimit.diagnostic(byteCount: bytes.count) {
            diagnostics.append(overServingLimit)
        }
        return ParsedDocument(document: document, diagnostics: diagnostics, jsonSource: .tape(tape), byteCount: bytes.count)
    }

    /// The JSON of an AASA file on a tape: the size limit, a signed envelope unwrapped (`signed`),
    /// then the JSON read. The first part of `parse`, shared with the compile straight from the
    /// bytes (`CompiledDocument(parsing:)`), so both refuse the same files with the same errors.
    package static func readTape(_ bytes: [UInt8], limits: JSONParser.Limits) throws(DocumentLoadError) -> (tape: JSONTape, signed: Bool) {
        guard bytes.count <= limits.maxBytes else {
            throw DocumentLoadError(code: "file-too-large",
                                    message: "the file is \(bytes.count) bytes; the limit is \(limits.maxBytes) bytes")
        }
        var jsonBytes = bytes
        var signed = false
        do {
            if let content = try SignedEnvelope.unwrap(bytes) {
                jsonBytes = content
                signed = true
            }
        } catch {
            throw DocumentLoadError(code: "invalid-json", message: "the file looks like a signed envelope but is malformed: \(error)")
        }
        do {
            return (try JSONTape.parse(jsonBytes, limits: limits), signed)
        } catch {
            let code: String
            switch error.kind {
            case .tooLarge: code = "file-too-large"
            case .tooDeep: code = "too-deep"
            default: code = "invalid-json"
            }
            throw DocumentLoadError(code: code, message: error.description)
        }
    }

    /// D1's error for a file whose top-level JSON value is not an object.
    package static func topLevelNotObject(_ tape: JSONTape) -> DocumentLoadError {
        DocumentLoadError(code: "top-level-not-object", message: "the top level is \(tape.root.typeName), expected an object")
    }

    /// P5's error for a document whose patterns expand to `total` elements in all (over the limit).
    package static func tooComplex(_ total: Int) -> DocumentLoadError {
        DocumentLoadError(code: "too-complex", message: "with their variables' values the patterns expand to \(total) elements in all, over the limit of \(PatternLimits.maxDocumentExpandedSize) (SPEC.md P5)")
    }

    /// Convenience for tests and tools: parse a JSON string.
    public static func parse(json: String) throws(DocumentLoadError) -> ParsedDocument {
        try parse(Array(json.utf8))
    }
}

extension DetailEntry {
    /// An entry with nothing in it, appended and then filled in place by the parser.
    static let blank = DetailEntry(appIDs: [], defaults: ComponentFields(), rules: [], location: LazyJSONPath(""))
}

extension DocumentRule {
    /// A rule with nothing in it, appended and then filled in place by the parser.
    static let blank = DocumentRule(fields: ComponentFields(), location: LazyJSONPath(""))
}

/// Walks the JSON tape once, building the model and collecting diagnostics.
/// (`package`: the harness's planted mistakes in the document-wide P5 total read a file with it.)
package struct DocumentParser {
    package var diagnostics: [Diagnostic] = []
    /// The sum of every pattern's expanded size (P5), to refuse documents too complex to compile.
    package var totalExpandedSize = 0
    /// P4 and P5 findings (`undefined-variable`, an over-size `invalid-pattern`). They are found
    /// while each pattern is read for P3, but reported after everything else, in document order.
    var expansionDiagnostics: [Diagnostic] = []
    /// `substitutionVariables`, once read: patterns read before it (`applinks.defaults`) are
    /// checked for P4 and P5 when it is known (`checkExpansion(of:at:)`).
    var variables: VariableTable?

    /// D12's team-ID check: true when an app ID starts with a 10-character team ID and a dot. A hook
    /// only so that a planted mistake (LinkMatchMutants) can replace it; `AASADocument.parse` never does.
    /// nil: `looksLikeAppID`, called directly.
    package var appIDFormat: (@Sendable (String) -> Bool)?
    /// D9's hint: the known key an unknown key is a case variant of, if any (then `unknown-key` is a
    /// warning naming it). A hook for the planted mistakes, like `appIDFormat`.
    package var caseVariant: @Sendable (_ key: String, _ known: [String]) -> String? = { DocumentParser.caseVariant($0, of: $1) }

    package init() {}

    /// In this order: `componentKeyIndex` and `componentFields` read them by position.
    static let componentKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    static let entryKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let applinksKeys = ["apps", "details", "defaults", "substitutionVariables"]

    mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ path: String, _ message: String) {
        diagnostics.append(Diagnostic(severity, code, at: path, message))
    }

    package mutating func document(from top: JSONTapeObject) -> AASADocument {
        reportDuplicates(top, at: "")
        guard let applinksValue = top["applinks"] else {
            report(.warning, "no-applinks", "", "no \"applinks\" key: this file opens no URLs in any app")
            return AASADocument(hasApplinks: false)
        }
        guard case .object(let applinks) = applinksValue.shape else {
            wrongType("applinks", applinksValue, expected: "an object")
            return AASADocument(hasApplinks: false)
        }
        reportDuplicates(applinks, at: "applinks")
        reportUnknownKeys(applinks, known: Self.applinksKeys, at: "applinks")

        if let apps = applinks["apps"] {
            if case .array(let list) = apps.shape, !list.isEmpty {
                report(.info, "legacy-apps-not-empty", "applinks.apps", "the legacy \"apps\" key must be an empty array when present")
            } else if case .array = apps.shape {} else {
                wrongType("applinks.apps", apps, expected: "an empty array")
            }
        }
        var defaults = ComponentFields()
        if let value = applinks["defaults"] { componentFields(value, at: LazyJSONPath("applinks.defaults"), into: &defaults) }
        let variables = applinks["substitutionVariables"].map { variableTable($0, at: "applinks.substitutionVariables") } ?? VariableTable()
        // From here on each pattern is checked against the table as it is read.
        self.variables = variables
        checkExpansion(of: defaults) { "applinks.defaults" }

        var entries: [DetailEntry] = []
        let details = applinks["details"]
        switch details?.shape {
        case nil:
            report(.warning, "no-details", "applinks", "no \"details\": no app is associated with this domain")
        case .array(let list)?:
            if list.isEmpty { report(.warning, "no-details", "applinks.details", "\"details\" is empty: no app is associated with this domain") }
            entries.reserveCapacity(list.count)
            for (i, item) in list.enumerated() {
                let path = LazyJSONPath.entry(index: i)
                guard case .object(let obj) = item.shape else { wrongType(path.text, item, expected: "an object"); continue }
                entries.append(DetailEntry.blank)
                detailEntry(obj, keyedAppID: nil, at: path, into: &entries[entries.count - 1])
            }
        case .object(let dict)?:
            // D5: the oldest form, keyed by app ID, evaluated in document order.
            let duplicates = dict.duplicateKeys
            reportDuplicates(duplicates, at: "applinks.details")
            if dict.isEmpty { report(.warning, "no-details", "applinks.details", "\"details\" is empty: no app is associated with this domain") }
            // Each distinct key once, in first-appearance order, with its last value (`dict[key]`);
            // without a repeated key that is every member in order, and no search per key.
            let keyed = duplicates.isEmpty ? dict.map { ($0.key.string, $0.value) } : dict.keys.compactMap { key in dict[key].map { (key, $0) } }
            entries.reserveCapacity(keyed.count)
            for (key, value) in keyed {
                let path = LazyJSONPath.entry(key: key)
                guard case .object(let obj) = value.shape else { wrongType(path.text, value, expected: "an object"); continue }
                entries.append(DetailEntry.blank)
                detailEntry(obj, keyedAppID: key, at: path, into: &entries[entries.count - 1])
            }
        case _?:
            if let details { wrongType("applinks.details", details, expected: "an array") }
        }
        diagnostics += expansionDiagnostics
        expansionDiagnostics = []
        return AASADocument(hasApplinks: true, defaults: defaults, variables: variables, entries: entries)
    }

    /// Reads one `details` entry into `entry`, a blank one already in place in the document's
    /// entries. (Filled in place, key by key: a whole `DetailEntry` or `DocumentRule` made as a
    /// value and then appended is copied and the original destroyed, because the compiler moves
    /// values this large through memory with a copy; a blank one is appended and then filled.)
    mutating func detailEntry(_ obj: JSONTapeObject, keyedAppID: String?, at path: LazyJSONPath, into entry: inout DetailEntry) {
        // One pass over the members, as in `componentFields`: each known key's last member, and
        // the duplicate and unknown-key searches only when a key is unknown or came twice.
        // (Entry indices while walking, as there.)
        let tape = obj.tape
        var members = (-1, -1, -1, -1, -1)
        var unknown = false
        var repeated = false
        for (key, value) in obj.memberIndices {
            switch tape.withUTF8(at: key, Self.entryKeyIndex(utf8:)) {
            case 0?: repeated = repeated || members.0 >= 0; members.0 = value
            case 1?: repeated = repeated || members.1 >= 0; members.1 = value
            case 2?: repeated = repeated || members.2 >= 0; members.2 = value
            case 3?: repeated = repeated || members.3 >= 0; members.3 = value
            case 4?: repeated = repeated || members.4 >= 0; members.4 = value
            default: unknown = true
            }
        }
        func member(_ index: Int) -> JSONTapeValue? { index >= 0 ? JSONTapeValue(tape: tape, index: index) : nil }
        let appIDMember = member(members.0), appIDsMember = member(members.1), componentsMember = member(members.2)
        let pathsMember = member(members.3), defaultsMember = member(members.4)
        if unknown || repeated { reportDuplicates(obj.duplicateKeys, at: path.text) }
        if unknown { reportUnknownKeys(obj, known: Self.entryKeys, at: path.text) }
        var fromAppID: String?
        var fromAppIDs: [String]?
        if let single = appIDMember {
            if case .string(let id) = single.shape { fromAppID = id } else { wrongType(JSONPath.member(path.text, "appID"), single, expected: "a string") }
        }
        if let many = appIDsMember {
            if case .array(let list) = many.shape {
                var ids: [String] = []
                ids.reserveCapacity(list.count)
                for (i, item) in list.enumerated() {
                    if case .string(let id) = item.shape { ids.append(id) } else { wrongType(path.member(.appIDs, item: i).text, item, expected: "a string") }
                }
                fromAppIDs = ids
            } else {
                wrongType(path.member(.appIDs).text, many, expected: "an array of strings")
            }
        }
        // D4: `appIDs` (when it is an array, D10) wins and `appID` is ignored, even when `appIDs` is
        // empty (observed with swcutil). D5: a dictionary key plays the part of `appID`, so an
        // `appID` inside its value is ignored and an `appIDs` there wins over the key (an open point).
        var unique: [String]
        if let fromAppIDs {
            unique = []
            unique.reserveCapacity(fromAppIDs.count)
            for id in fromAppIDs where !unique.contains(where: { $0.isExactly(id) }) { unique.append(id) }
            if keyedAppID != nil {
                report(.warning, "both-app-id-forms", path.text, "\"appIDs\" inside a \"details\" dictionary value: it names the apps and the key is ignored (SPEC.md D5, an open point); keep one")
            } else if appIDMember != nil {
                report(.warning, "both-app-id-forms", path.text, "both \"appID\" and \"appIDs\": \"appID\" is ignored, \"appIDs\" names the apps (SPEC.md D4); remove \"appID\"")
            }
        } else if let key = keyedAppID {
            unique = [key]
            if appIDMember != nil {
                report(.warning, "both-app-id-forms", path.text, "\"appID\" inside a \"details\" dictionary value is ignored: the key names the app (SPEC.md D5, an open point); keep one")
            }
        } else {
            unique = fromAppID.map { [$0] } ?? []
        }
        var anyEmpty = false
        for id in unique {
            if id.isEmpty {
                anyEmpty = true
                report(.error, "empty-app-id", path.text, "an app ID is the empty string")
            } else if !(appIDFormat?(id) ?? Self.looksLikeAppID(id)) {
                report(.error, "app-id-format", path.text, "app ID \"\(id)\" does not start with a 10-character team ID and a dot (TEAMID.bundle.id): "
                       + "a device asks for every app with its team ID, so this entry's rules never apply to it")
            }
        }
        if anyEmpty { unique.removeAll { $0.isEmpty } }
        if unique.isEmpty, keyedAppID == nil || fromAppIDs != nil {
            report(.error, "missing-app-id", path.text, fromAppIDs != nil
                   ? "the entry names no app: \"appIDs\" is empty (and any \"appID\" beside it is ignored, SPEC.md D4)"
                   : "the entry names no app (\"appIDs\" or \"appID\")")
        }
        entry.appIDs = unique
        if let defaultsMember { componentFields(defaultsMember, at: path.member(.defaults), into: &entry.defaults) }

        var rules: [DocumentRule] = []
        // D10: a wrong-typed `components` is ignored as if absent, so legacy `paths` then applies.
        var componentList: JSONTapeArray?
        if let componentsMember {
            if case .array(let list) = componentsMember.shape {
                componentList = list
            } else {
                wrongType(path.member(.components).text, componentsMember, expected: "an array of objects")
            }
        }
        if let list = componentList {
            if pathsMember != nil {
                report(.warning, "mixed-formats", path.text, "both \"components\" and legacy \"paths\": \"paths\" is ignored (SPEC.md D6)")
            }
            if list.isEmpty { report(.info, "empty-components", path.member(.components).text, "no components: nothing matches for these apps in this entry") }
            rules.reserveCapacity(list.count)
            for (i, item) in list.enumerated() {
                // The rule's path is formatted only when read (LazyJSONPath).
                let rp = path.member(.components, item: i)
                // D10: a component that is not an object is skipped; it must not become `{}`.
                guard case .object(let component) = item.shape else { wrongType(rp.text, item, expected: "an object"); continue }
                rules.append(DocumentRule.blank)
                let k = rules.count - 1
                rules[k].location = rp
                componentFields(component, at: rp, into: &rules[k].fields)
            }
        } else if let pathsMember {
            if case .array(let list) = pathsMember.shape {
                rules.reserveCapacity(list.count)
                for (i, item) in list.enumerated() {
                    let rp = path.member(.paths, item: i)
                    guard case .string(let s) = item.shape else { wrongType(rp.text, item, expected: "a string"); continue }
                    // D6: the scalars N, O, T, space; `hasPrefix` compares Characters, and "NOT " followed
                    // by a combining mark would not count. (ASCII bytes are whole scalars in UTF-8, so
                    // comparing the bytes compares the scalars.)
                    let isExclusion = Self.startsWithNOT(s)
                    // Without `NOT ` the `/` pattern is the legacy string itself (the same storage).
                    let pattern = isExclusion ? Self.droppingNOT(s) : s
                    // P4 and P5 name the rule's `/` key, as for a component.
                    checkPattern(pattern, at: rp.text, expansionAt: JSONPath.member(rp.text, "/"))
                    rules.append(DocumentRule.blank)
                    let k = rules.count - 1
                    rules[k].fields.path = pattern
                    if isExclusion { rules[k].fields.exclude = true }
                    rules[k].location = rp
                    rules[k].legacyPath = s
                }
            } else {
                wrongType(path.member(.paths).text, pathsMember, expected: "an array of strings")
            }
        }
        entry.rules = rules
        entry.location = path
    }

    /// A `defaults` dictionary (C5, D10, Q5) into `fields` (which are not given yet); a value that
    /// is not an object is reported and leaves them so.
    mutating func componentFields(_ value: JSONTapeValue, at path: LazyJSONPath, into fields: inout ComponentFields) {
        guard let obj = value.object else {
            wrongType(path.text, value, expected: "an object")
            return
        }
        componentFields(obj, at: path, into: &fields)
    }

    /// A component or `defaults` dictionary (C1, D10, Q5) into `fields`, which are not given yet
    /// (filled key by key in place: see `detailEntry`). A wrong-typed key is left out.
    /// `path` is formatted only when a diagnostic names it.
    mutating func componentFields(_ obj: JSONTapeObject, at path: LazyJSONPath, into fields: inout ComponentFields) {
        // One pass over the members instead of a search per key: each known key's member (the
        // last one wins, as `obj[key]` reads it), whether some key is unknown, and whether a known
        // key came twice. When every key is known and none came twice there is no duplicate key,
        // so the duplicate search runs only otherwise. (Entry indices of the values, not views or
        // strings: no allocation, retain or release per member; a view is made for a key given.)
        let tape = obj.tape
        var members = (-1, -1, -1, -1, -1, -1, -1)
        var unknown = false
        var repeated = false
        for (key, value) in obj.memberIndices {
            switch tape.withUTF8(at: key, Self.componentKeyIndex(utf8:)) {
            case 0?: repeated = repeated || members.0 >= 0; members.0 = value
            case 1?: repeated = repeated || members.1 >= 0; members.1 = value
            case 2?: repeated = repeated || members.2 >= 0; members.2 = value
            case 3?: repeated = repeated || members.3 >= 0; members.3 = value
            case 4?: repeated = repeated || members.4 >= 0; members.4 = value
            case 5?: repeated = repeated || members.5 >= 0; members.5 = value
            case 6?: repeated = repeated || members.6 >= 0; members.6 = value
            default: unknown = true
            }
        }
        if unknown || repeated { reportDuplicates(obj, at: path.text) }
        if unknown { reportUnknownKeys(obj, known: Self.componentKeys, at: path.text) }
        /// The view of a member found above, if it was there.
        func member(_ index: Int) -> JSONTapeValue? { index >= 0 ? JSONTapeValue(tape: tape, index: index) : nil }
        // Only the keys given are set (in this order, which is the order of their diagnostics).
        if let slash = member(members.0) { fields.path = patternString(slash, "/", at: path) }
        if let hash = member(members.2) { fields.fragment = patternString(hash, "#", at: path) }
        if let q = member(members.1) {
            func qp() -> String { JSONPath.member(path.text, "?") }
            switch q.shape {
            case .string(let s):
                checkPattern(s, at: qp())
                fields.query = .whole(s)
            case .object(let items):
                let duplicates = items.duplicateKeys
                reportDuplicates(duplicates, at: qp())
                var list: [(name: String, pattern: String)] = []
                list.reserveCapacity(items.count)
                var nonString: String?
                // P4 and P5 apply only to a dictionary that is kept: what its items found is
                // taken back when one of them is not a string.
                let expansionMark = (expansionDiagnostics.count, totalExpandedSize)
                // Each distinct key once, in first-appearance order, with its last value; without a
                // repeated key that is every member in order, with no key list made and no search.
                let keyed = duplicates.isEmpty ? items.map { ($0.key.string, $0.value) } : items.keys.compactMap { key in items[key].map { (key, $0) } }
                for (key, v) in keyed {
                    if case .string(let s) = v.shape {
                        checkPattern(s, at: JSONPath.member(qp(), key))
                        list.append((key, s))
                    } else if nonString == nil {
                        nonString = key
                    }
                }
                if let bad = nonString {
                    expansionDiagnostics.removeSubrange(expansionMark.0...)
                    totalExpandedSize = expansionMark.1
                    report(.warning, "non-string-query-value", JSONPath.member(qp(), bad),
                           "query item \"\(bad)\" is not a string, so Apple ignores this whole \"?\" dictionary (every query matches)")
                } else {
                    fields.query = .items(list)
                }
            default:
                wrongType(qp(), q, expected: "a string or an object of strings")
            }
        }
        if let exclude = member(members.3) { fields.exclude = bool(exclude, "exclude", at: path) }
        if let caseSensitive = member(members.4) { fields.caseSensitive = bool(caseSensitive, "caseSensitive", at: path) }
        if let percentEncoded = member(members.5) { fields.percentEncoded = bool(percentEncoded, "percentEncoded", at: path) }
        // `comment` is free text for people; never type-checked (SPEC.md D10).
        if let comment = member(members.6), case .string(let s) = comment.shape { fields.comment = s }
    }

    /// The index of the key whose UTF-8 is `b` in `componentKeys` (exact scalar equality, like JSON
    /// keys), or nil. Compared as UTF-8 bytes in place: equal bytes are equal scalars. (No `String`
    /// is made of a key that is not reported.)
    package static func componentKeyIndex(utf8 b: UnsafeBufferPointer<UInt8>) -> Int? {
        let candidate: Int
        switch b.count {
        case 1:
            switch b[0] {
            case UInt8(ascii: "/"): return 0
            case UInt8(ascii: "?"): return 1
            case UInt8(ascii: "#"): return 2
            default: return nil
            }
        case 7: candidate = b[0] == UInt8(ascii: "e") ? 3 : 6
        case 13: candidate = 4
        case 14: candidate = 5
        default: return nil
        }
        // `b[0]` above is read only when the count is 1 or 7.
        return isExactly(b, componentKeyBytes[candidate]) ? candidate : nil
    }

    /// The index of the key whose UTF-8 is `b` in `entryKeys` (exact scalar equality, like JSON
    /// keys), or nil: the length (and for five bytes the first one) picks the
    /// one candidate, then the bytes. (Equal bytes are equal scalars; and no other spelling of
    /// these ASCII keys is canonically equal to them, so this also agrees with the String `==` of
    /// `reportUnknownKeys`.)
    package static func entryKeyIndex(utf8 b: UnsafeBufferPointer<UInt8>) -> Int? {
        let candidate: Int
        switch b.count {
        case 5: candidate = b[0] == UInt8(ascii: "a") ? 0 : 3
        case 6: candidate = 1
        case 10: candidate = 2
        case 8: candidate = 4
        default: return nil
        }
        // `b[0]` above is read only when the count is 5.
        return isExactly(b, entryKeyBytes[candidate]) ? candidate : nil
    }

    /// Whether `b` is exactly `known`, the candidate a classifier picked by `b`'s length (so the two
    /// are as long).
    @inline(__always)
    private static func isExactly(_ b: UnsafeBufferPointer<UInt8>, _ known: [UInt8]) -> Bool {
        // SAFETY: `b` is read below `b.count` only, and its count picked `known`, so `known` is as long.
        assert(known.count == b.count)
        for i in 0..<b.count where b[i] != known[i] { return false }
        return true
    }

    /// `entryKeys` as UTF-8, in the same order.
    static let entryKeyBytes: [[UInt8]] = entryKeys.map { Array($0.utf8) }

    /// `componentKeys` as UTF-8, in the same order.
    static let componentKeyBytes: [[UInt8]] = componentKeys.map { Array($0.utf8) }

    mutating func patternString(_ v: JSONTapeValue, _ key: String, at path: LazyJSONPath) -> String? {
        guard case .string(let s) = v.shape else { wrongType(JSONPath.member(path.text, key), v, expected: "a string"); return nil }
        checkPattern(s, at: JSONPath.member(path.text, key))
        return s
    }

    mutating func bool(_ v: JSONTapeValue, _ key: String, at path: LazyJSONPath) -> Bool? {
        guard case .bool(let b) = v.shape else { wrongType(JSONPath.member(path.text, key), v, expected: "true or false"); return nil }
        return b
    }

    /// Reads a pattern once for P3 (an invalid one is reported now, at `path`) and, once the
    /// variables are known, for P4 and P5 (`expansionDiagnostics`, at `expansionPath`, which is
    /// `path` unless given). The paths are formatted only for a diagnostic.
    mutating func checkPattern(_ s: String, at path: @autoclosure () -> String, expansionAt expansionPath: @autoclosure () -> String? = nil) {
        // Only a `$(` reference can make a pattern invalid (P3): without a `$` there is nothing to
        // parse, and its size is its scalar count.
        if let plain = Self.plainSize(s) {
            if variables != nil { countExpansion(plain) { expansionPath() ?? path() } }
            return
        }
        let parsed: Pattern
        do {
            parsed = try PatternParser.parse(s)
        } catch {
            report(.error, "invalid-pattern", path(), "pattern \(JSONValue.string(s).serialized()) is invalid (\(error)); this rule never matches")
            return
        }
        if let table = variables { checkExpansion(parsed, table) { expansionPath() ?? path() } }
    }

    /// P4: every `$(name)` of a valid pattern must be defined. Then P5 on its expanded size.
    mutating func checkExpansion(_ parsed: Pattern, _ table: VariableTable, at path: () -> String) {
        for name in parsed.variableNames where table.values(of: name) == nil {
            expansionDiagnostics.append(Diagnostic(.error, "undefined-variable", at: path(),
                "$(\(name)) is not defined in substitutionVariables nor predefined; the pattern can never match"))
        }
        countExpansion(PatternLimits.expandedSize(of: parsed, variables: table), at: path)
    }

    /// P5: adds a pattern's expanded size to the document's total and reports it over the limit.
    mutating func countExpansion(_ size: Int, at path: () -> String) {
        totalExpandedSize += size
        if size > PatternLimits.maxExpandedSize {
            expansionDiagnostics.append(Diagnostic(.error, "invalid-pattern", at: path(),
                "with its variables' values the pattern expands to \(size) elements, over the limit of \(PatternLimits.maxExpandedSize) (SPEC.md P5); this rule never matches"))
        }
    }

    /// P4 and P5 for the patterns of `applinks.defaults`, which is read before the variables.
    mutating func checkExpansion(of f: ComponentFields, at path: () -> String) {
        guard let table = variables else { return }
        func check(_ pattern: String?, at path: () -> String) {
            guard let pattern else { return }
            if let plain = Self.plainSize(pattern) {
                countExpansion(plain, at: path)
            } else if let parsed = try? PatternParser.parse(pattern) {
                checkExpansion(parsed, table, at: path)
            }
        }
        check(f.path) { JSONPath.member(path(), "/") }
        check(f.fragment) { JSONPath.member(path(), "#") }
        switch f.query {
        case .whole(let s)?: check(s) { JSONPath.member(path(), "?") }
        case .items(let items)?: for item in items { check(item.pattern) { JSONPath.member(JSONPath.member(path(), "?"), item.name) } }
        case nil: break
        }
    }

    /// `substitutionVariables` (V1, V2, V5, V6).
    package mutating func variableTable(_ value: JSONTapeValue, at path: String) -> VariableTable {
        guard let obj = value.object else { wrongType(path, value, expected: "an object of string arrays"); return VariableTable() }
        reportDuplicates(obj, at: path)
        var custom: [(name: String, values: [String])] = []
        for name in obj.keys {
            guard let v = obj[name] else { continue }
            let p = JSONPath.member(path, name)
            if name.isEmpty || name.unicodeScalars.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) {
                report(.error, "invalid-pattern", p, "a variable name must be non-empty and cannot contain '$', '(' or ')'; it can never be referenced")
            }
            guard case .array(let list) = v.shape else { wrongType(p, v, expected: "an array of strings"); continue }
            var values: [String] = []
            for (i, item) in list.enumerated() {
                guard case .string(let s) = item.shape else { wrongType(JSONPath.index(p, i), item, expected: "a string"); continue }
                if s.contains("$(") {
                    report(.warning, "variable-in-value", JSONPath.index(p, i),
                           "value \(JSONValue.string(s).serialized()) contains '$(': variables do not nest, so it is matched literally")
                }
                values.append(s)
            }
            if VariableTable.predefinedNames.contains(name) {
                report(.warning, "predefined-variable-overridden", p, "\"\(name)\" is predefined; this list replaces it for the whole file (SPEC.md V5)")
            }
            custom.append((name, values))
        }
        return VariableTable(custom: custom)
    }

    /// Whether `s`'s UTF-8 starts with the bytes of "NOT " (D6), read in place.
    static func startsWithNOT(_ s: String) -> Bool {
        let inPlace = s.utf8.withContiguousStorageIfAvailable { b in
            b.count >= 4 && b[0] == UInt8(ascii: "N") && b[1] == UInt8(ascii: "O") && b[2] == UInt8(ascii: "T") && b[3] == UInt8(ascii: " ")
        }
        return inPlace ?? s.utf8.starts(with: "NOT ".utf8)
    }

    /// `s` without its leading `NOT ` (`startsWithNOT(s)` is true). Sliced by UTF-8 after the four
    /// ASCII bytes (a scalar boundary), not by Characters (a Character slice would round the start
    /// down to the space when a combining mark follows it); the bytes are copied once.
    static func droppingNOT(_ s: String) -> String {
        assert(startsWithNOT(s))
        let inPlace = s.utf8.withContiguousStorageIfAvailable { bytes in
            // SAFETY: `startsWithNOT(s)`, so the buffer holds at least four bytes and `4...` is in bounds.
            assert(bytes.count >= 4)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[4...]), as: UTF8.self)
        }
        return inPlace ?? String(Substring(s.utf8.dropFirst(4)))
    }

    /// A pattern's element count (P5) when it has no `$` (one element per scalar), else nil: one
    /// pass over its UTF-8, counting the bytes that start a scalar.
    static func plainSize(_ pattern: String) -> Int? {
        if let inPlace = pattern.utf8.withContiguousStorageIfAvailable({ plainSize(utf8: $0) }) { return inPlace }
        return PatternParser.mayHaveVariables(pattern) ? nil : pattern.unicodeScalars.count
    }

    /// `plainSize` of a pattern whose UTF-8 is `bytes`.
    package static func plainSize(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scalars = 0
        var index = 0
        // Eight bytes at a time while they are ASCII without a `$` (then each is a scalar): the
        // usual exact "has a zero byte" word test on the bytes xor `$`.
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                // SAFETY: `index + 8 <= bytes.count`, so the eight bytes loaded lie inside the buffer.
                assert(index >= 0 && index + 8 <= bytes.count)
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let dollars = word ^ (ones &* UInt64(UInt8(ascii: "$")))
                if (word | ((dollars &- ones) & ~dollars)) & highs != 0 { break }
                index += 8
                scalars += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$") { return nil }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            index += 1
        }
        return scalars
    }

    /// What a pattern whose UTF-8 is `bytes` adds to the document's P5 total, as `checkPattern`
    /// counts it: its scalars without a `$`, else its expanded size with `variables`, and nothing
    /// when it is invalid (P3).
    package static func expandedSize(utf8 bytes: UnsafeBufferPointer<UInt8>, variables: VariableTable) -> Int {
        if let plain = plainSize(utf8: bytes) { return plain }
        guard let parsed = try? PatternParser.parse(String(decoding: bytes, as: UTF8.self)) else { return 0 }
        return PatternLimits.expandedSize(of: parsed, variables: variables)
    }

    mutating func wrongType(_ path: String, _ value: JSONTapeValue, expected: String) {
        report(.error, "wrong-type", path, "expected \(expected), found \(value.typeName); ignored")
    }

    /// `path` is evaluated only when there is something to report.
    mutating func reportDuplicates(_ obj: JSONTapeObject, at path: @autoclosure () -> String) {
        reportDuplicates(obj.duplicateKeys, at: path())
    }

    /// `reportDuplicates` with the object's `duplicateKeys` already found.
    mutating func reportDuplicates(_ duplicates: [String], at path: @autoclosure () -> String) {
        for key in duplicates {
            report(.warning, "duplicate-key", JSONPath.member(path(), key), "key \(JSONValue.string(key).serialized()) appears more than once; the last one is used")
        }
    }

    /// `path` is evaluated only when there is something to report.
    mutating func reportUnknownKeys(_ obj: JSONTapeObject, known: [String], at path: @autoclosure () -> String) {
        // Bytes first: when every key is exactly a known one there is nothing to report.
        if obj.allSatisfy({ member in known.contains { member.key.isExactly($0) } }) { return }
        for key in obj.keys where !known.contains(where: { $0 == key }) {
            if let near = caseVariant(key, known) {
                report(.warning, "unknown-key", JSONPath.member(path(), key), "unknown key \"\(key)\": keys are case-sensitive, did you mean \"\(near)\"? It is ignored")
            } else {
                report(.info, "unknown-key", JSONPath.member(path(), key), "unknown key \"\(key)\" is ignored")
            }
        }
    }

    /// The known key that `key` equals but for case, if any.
    @Sendable static func caseVariant(_ key: String, of known: [String]) -> String? {
        known.first { $0.lowercased() == key.lowercased() }
    }

    /// D12's team-ID check: ten ASCII letters or digits, a dot, then something other than dots.
    /// One pass over the UTF-8, in place.
    @Sendable static func looksLikeAppID(_ id: String) -> Bool {
        if let inPlace = id.utf8.withContiguousStorageIfAvailable({ looksLikeAppID(utf8: $0) }) { return inPlace }
        return looksLikeAppID(utf8: id.utf8)
    }

    /// `looksLikeAppID` on the ID's UTF-8.
    private static func looksLikeAppID(utf8: some Sequence<UInt8>) -> Bool {
        var position = 0
        for byte in utf8 {
            if position < 10 {
                guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) else { return false }
            } else if position == 10 {
                guard byte == UInt8(ascii: ".") else { return false }
            } else if byte != UInt8(ascii: ".") {
                return true
            }
            position += 1
        }
        return false
    }
}

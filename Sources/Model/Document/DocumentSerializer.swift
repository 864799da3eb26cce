import LinkMatchCore

/// Writes an `AASADocument` back as AASA JSON, so that parsing the result gives an equal document
/// (up to source paths: a rule's position may change when the original skipped a broken sibling, and
/// the D5 dictionary form of `details` comes back as an array with `appIDs`). The `parser` fuzz
/// target checks that round trip.
///
/// What the model no longer has is not written: unknown keys, wrong-typed values, ignored query
/// dictionaries (Q5), other services.
public enum DocumentSerializer {
    /// The AASA JSON of `document`: `applinks` with `defaults`, `substitutionVariables` and `details`
    /// (each entry with `appIDs`, its `defaults`, and `components`, or `paths` when every rule came from
    /// legacy `paths`, D6), or `{}` when the document has no `applinks`.
    /// Never throws.
    public static func json(_ document: AASADocument) -> JSONValue {
        guard document.hasApplinks else { return .object(JSONObject()) }
        var applinks: [JSONMember] = []
        if !document.defaults.isEmpty {
            applinks.append(JSONMember(key: "defaults", value: fields(document.defaults)))
        }
        if !document.variables.custom.isEmpty {
            applinks.append(JSONMember(key: "substitutionVariables", value: .object(JSONObject(document.variables.custom.map {
                JSONMember(key: $0.name, value: .array($0.values.map { .string($0) }))
            }))))
        }
        applinks.append(JSONMember(key: "details", value: .array(document.entries.map(entry))))
        return .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject(applinks)))]))
    }

    static func entry(_ entry: DetailEntry) -> JSONValue {
        var members = [JSONMember(key: "appIDs", value: .array(entry.appIDs.map { .string($0) }))]
        if !entry.defaults.isEmpty {
            members.append(JSONMember(key: "defaults", value: fields(entry.defaults)))
        }
        // D6: an entry's rules all come from `components` or all from legacy `paths`.
        if !entry.rules.isEmpty, entry.rules.allSatisfy({ $0.legacyPath != nil }) {
            members.append(JSONMember(key: "paths", value: .array(entry.rules.map { .string($0.legacyPath ?? "") })))
        } else if !entry.rules.isEmpty {
            members.append(JSONMember(key: "components", value: .array(entry.rules.map { fields($0.fields) })))
        }
        return .object(JSONObject(members))
    }

    /// A component or `defaults` dictionary (C1): only the keys that are set.
    public static func fields(_ f: ComponentFields) -> JSONValue {
        var members: [JSONMember] = []
        if let path = f.path { members.append(JSONMember(key: "/", value: .string(path))) }
        switch f.query {
        case .whole(let pattern)?:
            members.append(JSONMember(key: "?", value: .string(pattern)))
        case .items(let items)?:
            members.append(JSONMember(key: "?", value: .object(JSONObject(items.map {
                JSONMember(key: $0.name, value: .string($0.pattern))
            }))))
        case nil:
            break
        }
        if let fragment = f.fragment { members.append(JSONMember(key: "#", value: .string(fragment))) }
        if let exclude = f.exclude { members.append(JSONMember(key: "exclude", value: .bool(exclude))) }
        if let cs = f.caseSensitive { members.append(JSONMember(key: "caseSensitive", value: .bool(cs))) }
        if let pe = f.percentEncoded { members.append(JSONMember(key: "percentEncoded", value: .bool(pe))) }
        if let comment = f.comment { members.append(JSONMember(key: "comment", value: .string(comment))) }
        return .object(JSONObject(members))
    }
}

extension AASADocument {
    /// The document as the bytes of an AASA file (UTF-8 JSON; `pretty`: indented, one key a line),
    /// for writing a document built or edited in code. Parsing them with `parse(_:limits:)` gives an
    /// equal document, except that the source paths of rules may change and what the model does not
    /// keep (unknown keys, wrong-typed values, other services) is not written. The stable way to write
    /// a file; `DocumentSerializer`, which it uses, is not stable.
    public func serialized(pretty: Bool = true) -> [UInt8] {
        Array(DocumentSerializer.json(self).serialized(pretty: pretty).utf8)
    }
}

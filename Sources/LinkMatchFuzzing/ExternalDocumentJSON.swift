import LinkMatch

/// An `AASADocument` as AASA JSON, to send to an external program.
// TODO(cli): use DocumentSerializer.json once it lands on main (branch fuzzlib adds it).
enum ExternalDocumentJSON {
    static func json(_ document: AASADocument) -> JSONValue {
        guard document.hasApplinks else { return .object(JSONObject()) }
        var applinks: [JSONMember] = []
        if !document.defaults.isEmpty { applinks.append(JSONMember(key: "defaults", value: fields(document.defaults))) }
        if !document.variables.custom.isEmpty {
            applinks.append(JSONMember(key: "substitutionVariables", value: .object(JSONObject(document.variables.custom.map {
                JSONMember(key: $0.name, value: .array($0.values.map(JSONValue.string)))
            }))))
        }
        applinks.append(JSONMember(key: "details", value: .array(document.entries.map { entry in
            var members = [JSONMember(key: "appIDs", value: .array(entry.appIDs.map(JSONValue.string)))]
            if !entry.defaults.isEmpty { members.append(JSONMember(key: "defaults", value: fields(entry.defaults))) }
            // A legacy path is the component {"/": rest, "exclude": true?} (D6), so components say it all.
            members.append(JSONMember(key: "components", value: .array(entry.rules.map { fields($0.fields) })))
            return .object(JSONObject(members))
        })))
        return .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject(applinks)))]))
    }

    static func fields(_ f: ComponentFields) -> JSONValue {
        var m: [JSONMember] = []
        if let p = f.path { m.append(JSONMember(key: "/", value: .string(p))) }
        switch f.query {
        case .whole(let q)?: m.append(JSONMember(key: "?", value: .string(q)))
        case .items(let items)?: m.append(JSONMember(key: "?", value: .object(JSONObject(items.map { JSONMember(key: $0.name, value: .string($0.pattern)) }))))
        case nil: break
        }
        if let h = f.fragment { m.append(JSONMember(key: "#", value: .string(h))) }
        if let e = f.exclude { m.append(JSONMember(key: "exclude", value: .bool(e))) }
        if let c = f.caseSensitive { m.append(JSONMember(key: "caseSensitive", value: .bool(c))) }
        if let p = f.percentEncoded { m.append(JSONMember(key: "percentEncoded", value: .bool(p))) }
        return .object(JSONObject(m))
    }
}

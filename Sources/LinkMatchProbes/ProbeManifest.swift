/// The kit's files, as `linkmatch probes export DIR` writes them and `probes import` reads them back:
///
///     DIR/manifest.json        every probe (with its AASA text and predictions) and every skipped rule
///     DIR/probes.tsv           one swcutil command per line for scripts/oracle.sh: id, mode, domain, file, url
///     DIR/<id>/aasa.json       the AASA file, byte for byte
///     DIR/<id>/component.json  the single component, for `swcutil match` (one-rule files only)
///     DIR/<id>/probe.json      the probe's manifest entry on its own
///
/// Paths inside the kit are relative to DIR, so the folder can be copied to a Mac as it is.
import LinkMatch
public enum ProbeManifest {
    public static let format = 1

    public struct Command: Sendable, Equatable {
        /// "verify" (the whole file) or "match" (one component).
        public var mode: String
        /// The arguments after the swcutil program name; file arguments are relative to the kit folder.
        public var arguments: [String]
        /// The file `-j` names.
        public var file: String

        /// As a person would type it in the kit folder on a Mac.
        public var line: String { (["sudo", "swcutil"] + arguments).map(shellQuoted).joined(separator: " ") }
    }

    public static func aasaFile(_ probe: Probe) -> String { "\(probe.id)/aasa.json" }
    public static func componentFile(_ probe: Probe) -> String { "\(probe.id)/component.json" }
    public static func probeFile(_ probe: Probe) -> String { "\(probe.id)/probe.json" }

    /// `swcutil verify -d DOMAIN -j FILE -u URL`, then `swcutil match -u URL -j DICT` when the file is one
    /// component (TN3155's forms).
    public static func commands(_ probe: Probe) -> [Command] {
        var list = [Command(mode: "verify", arguments: ["verify", "-d", probe.domain, "-j", aasaFile(probe), "-u", probe.url],
                            file: aasaFile(probe))]
        if probe.component != nil {
            list.append(Command(mode: "match", arguments: ["match", "-u", probe.url, "-j", componentFile(probe)],
                                file: componentFile(probe)))
        }
        return list
    }

    /// probes.tsv: `id TAB mode TAB domain TAB file TAB url`, one line per command (the kit refuses
    /// probes whose URL or domain hold a tab or newline). Plain text so oracle.sh needs no JSON tool.
    public static func tsv(_ probes: [Probe]) -> String {
        probes.flatMap { probe in
            commands(probe).map { [probe.id, $0.mode, probe.domain, $0.file, probe.url].joined(separator: "\t") + "\n" }
        }.joined()
    }

    /// One manifest entry. `engines` holds what each of our engines decides, as a check on the registry.
    public static func entry(_ probe: Probe, engines: [(name: String, outcome: String)]) -> JSONValue {
        object([
            ("id", .string(probe.id)), ("kind", .string(probe.kind.rawValue)), ("point", probe.point.map(JSONValue.string) ?? .null),
            ("rules", .array(probe.rules.map(JSONValue.string))), ("title", .string(probe.title)), ("source", .string(probe.source)),
            ("domain", .string(probe.domain)), ("appId", .string(probe.appID)), ("url", .string(probe.url)),
            ("predictions", object(probe.predictions.map { ($0.reading, .string($0.outcome)) })),
            ("engines", object(engines.map { ($0.name, .string($0.outcome)) })),
            ("commands", .array(commands(probe).map { c in
                object([("mode", .string(c.mode)), ("arguments", .array(c.arguments.map(JSONValue.string))), ("line", .string(c.line))])
            })),
            ("aasaFile", .string(aasaFile(probe))), ("component", probe.component.map(JSONValue.string) ?? .null),
            ("aasa", .string(probe.aasa)),
        ])
    }

    public static func manifest(entries: [JSONValue], skipped: [SkippedProbe]) -> JSONValue {
        object([
            ("kit", .string("linkmatch swcutil probes")), ("format", .number(String(format))),
            ("howToRun", .string("On a Mac, in the repository: sudo scripts/oracle.sh --kit DIR; then linkmatch probes import DIR/observations.jsonl")),
            ("probes", .array(entries)),
            ("skipped", .array(skipped.map { object([("subject", .string($0.subject)), ("why", .string($0.why))]) })),
        ])
    }

    /// Reads the probes back from manifest.json.
    public static func probes(fromManifest value: JSONValue) throws(ProbeKitError) -> [Probe] {
        guard case .object(let top) = value, case .array(let entries)? = top["probes"] else {
            throw ProbeKitError("manifest: no \"probes\" array")
        }
        guard top["format"] == .number(String(format)) else {
            throw ProbeKitError("manifest: format \(top["format"]?.serialized() ?? "missing"), this linkmatch reads format \(format)")
        }
        var probes: [Probe] = []
        for (n, value) in entries.enumerated() {
            let at = "manifest: probes[\(n)]"
            guard case .object(let e) = value else { throw ProbeKitError("\(at) is not an object") }
            func string(_ key: String) throws(ProbeKitError) -> String {
                guard case .string(let s)? = e[key] else { throw ProbeKitError("\(at): \"\(key)\" is missing or not a string") }
                return s
            }
            guard case .array(let rules)? = e["rules"], case .object(let predictions)? = e["predictions"] else {
                throw ProbeKitError("\(at): \"rules\" or \"predictions\" is missing")
            }
            var ordered: [(reading: String, outcome: String)] = []
            for m in predictions.members {
                guard case .string(let outcome) = m.value else { throw ProbeKitError("\(at): prediction \"\(m.key)\" is not a string") }
                ordered.append((reading: m.key, outcome: outcome))
            }
            let kindText = try string("kind")
            guard let kind = Probe.Kind(rawValue: kindText) else { throw ProbeKitError("\(at): unknown kind \"\(kindText)\"") }
            var point: String?
            if case .string(let s)? = e["point"] { point = s }
            var component: String?
            if case .string(let s)? = e["component"] { component = s }
            let probe = Probe(
                id: try string("id"), kind: kind, point: point,
                rules: rules.compactMap { if case .string(let s) = $0 { return s } else { return nil } },
                title: try string("title"), aasa: try string("aasa"), domain: try string("domain"), appID: try string("appId"),
                url: try string("url"), predictions: ordered, source: try string("source"), component: component)
            if probe.linkMatchPrediction.isEmpty { throw ProbeKitError("\(at): no \"linkmatch\" prediction") }
            probes.append(probe)
        }
        return probes
    }

    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    /// POSIX shell single quoting: `it's` -> `'it'\''s'`.
    static func shellQuoted(_ s: String) -> String {
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./:=@".unicodeScalars.contains($0)
        }
        return plain ? s : "'" + s.replacing("'", with: #"'\''"#) + "'"
    }
}

/// A kit or observations file that cannot be used: says what and where.
public struct ProbeKitError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

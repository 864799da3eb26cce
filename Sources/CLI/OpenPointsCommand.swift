import ArgumentParser
import LinkMatch

/// `linkmatch open-points`: the rules where Apple's behaviour is not known (SPEC.md "Open points"),
/// with LinkMatch's choice, the other readings and the requests that tell them apart.
struct OpenPointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-points",
        abstract: "List the open points of the spec: LinkMatch's choice, other readings, probe requests.",
        discussion: """
        --requests prints every probe as a conformance-protocol request line, so another matcher \
        (or `linkmatch conformance`) can answer them; the IDs are POINT-ID/N.
        """
    )

    @Flag(help: "Print every probe as a conformance-protocol request line.")
    var requests = false

    @Flag(help: "Print the points as the Markdown of SPEC.md's \"Open points\" section.")
    var markdown = false

    func validate() throws {
        if requests, markdown { throw ValidationError("choose one of --requests and --markdown") }
    }

    func run() {
        if requests {
            for point in OpenPoints.all {
                for (i, probe) in point.probes.enumerated() {
                    if let line = probe.requestLine(id: point.probeID(i)) { Output.json(line) }
                }
            }
        } else if markdown {
            Output.line(OpenPointsMarkdown.section())
        } else {
            for point in OpenPoints.all {
                Output.line("\(point.id) (\(point.rules.joined(separator: ", "))): \(point.title)")
                Output.line("  linkmatch: \(point.linkMatchChoice)")
                for alternative in point.alternatives { Output.line("  \(alternative)") }
            }
        }
    }
}

/// SPEC.md's "Open points" entries, rendered from the registry so the two cannot drift apart.
enum OpenPointsMarkdown {
    /// Strings longer than this are abridged in the Markdown (the full line: `--requests`).
    static let longString = 80

    static func section() -> String {
        OpenPoints.all.map(entry).joined(separator: "\n\n")
    }

    static func entry(_ point: OpenPoint) -> String {
        var out = ["#### \(point.id): \(point.title) (\(point.rules.joined(separator: ", ")))",
                   "- LinkMatch: \(point.linkMatchChoice)",
                   "- Other readings:"]
        out += point.alternatives.map { "  - \($0)" }
        out.append("- Settled by: \(point.settledBy)")
        out.append("- Requests, with each reading's outcome:")
        for (i, probe) in point.probes.enumerated() {
            let (line, abridged) = shownLine(probe, id: point.probeID(i))
            out.append("")
            out.append("  ```")
            out.append("  " + line)
            out.append("  ```")
            let outcomes = probe.readings.map { "\($0) → \(probe.predictions[$0] ?? "?")" }.joined(separator: "; ")
            out.append("  " + outcomes + (abridged ? " (line abridged; `linkmatch open-points --requests` prints it whole)" : ""))
        }
        return out.joined(separator: "\n")
    }

    static func shownLine(_ probe: OpenPointProbe, id: String) -> (String, abridged: Bool) {
        guard let line = probe.requestLine(id: id), let value = try? JSONParser.parse(Array(line.utf8)) else {
            return ("(not expressible as a request line: the document is not a JSON object)", false)
        }
        var abridged = false
        let shown = abridge(value, &abridged).serialized()
        return (abridged ? shown : line, abridged)
    }

    static func abridge(_ value: JSONValue, _ abridged: inout Bool) -> JSONValue {
        switch value {
        case .string(let s) where s.count > longString:
            abridged = true
            return .string(String(s.prefix(12)) + "…(\(s.count) characters)")
        case .array(let items):
            return .array(items.map { abridge($0, &abridged) })
        case .object(let obj):
            return .object(JSONObject(obj.members.map { JSONMember(key: $0.key, value: abridge($0.value, &abridged)) }))
        default:
            return value
        }
    }
}

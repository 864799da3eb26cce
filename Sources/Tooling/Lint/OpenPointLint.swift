import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// `open-point`: a rule whose decision on some plausible URL depends on an open point (SPEC.md
/// section 15). For each reading of the rule (`OpenPointReadings`) the URLs written out from the
/// rule are decided under LinkMatch's reading and under the other one; the first URL where they
/// differ is reported with both outcomes. Warning when one reading matches and the other excludes
/// (the author meant one of them), info otherwise.
enum OpenPointLint {
    static func findings(_ document: AASADocument, json: JSONValue? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let engine = ReferenceEngine()
        let original = engine.prepare(document)
        for (e, entry) in document.entries.enumerated() {
            var readings: [(path: String, reading: OpenPointReading)] = []
            for r in entry.rules.indices {
                for reading in OpenPointReadings.readings(entryIndex: e, ruleIndex: r, in: document) {
                    readings.append((entry.rules[r].sourcePath, reading))
                }
            }
            for key in dictionaryKeyWithInnerApps(entry, json: json) {
                for reading in OpenPointReadings.dictionaryKeyReadings(entryIndex: e, key: key, in: document) {
                    readings.append((entry.sourcePath, reading))
                }
            }
            for (path, reading) in readings {
                if let d = OpenPointDifference.first(reading, original: original, in: document, engine: engine) {
                    out.append(Diagnostic(d.flipsMatchAndExclude ? .warning : .info, "open-point", at: path, d.message))
                }
            }
        }
        return out
    }

    /// D5: the dictionary key of an entry of a dictionary `details` whose value has `appID`/`appIDs`.
    static func dictionaryKeyWithInnerApps(_ entry: DetailEntry, json: JSONValue?) -> [String] {
        guard case .object(let top)? = json, case .object(let applinks)? = top["applinks"],
              case .object(let details)? = applinks["details"] else { return [] }
        return details.keys.filter { key in
            guard JSONPath.member("applinks.details", key) == entry.sourcePath, case .object(let value)? = details[key] else { return false }
            return value["appID"] != nil || value["appIDs"] != nil
        }
    }
}

/// A URL on which an open point's readings decide differently.
public struct OpenPointDifference: Sendable {
    public let reading: OpenPointReading
    public let url: String
    public let linkMatch: Decision.Outcome
    public let other: Decision.Outcome

    public var flipsMatchAndExclude: Bool { Set([linkMatch, other]) == [.match, .exclude] }

    public var message: String {
        "depends on the open point \(reading.pointID) (SPEC.md section 15): for \(reading.appID) on \(url) "
            + "LinkMatch's reading gives \(linkMatch.rawValue), the reading \(reading.reading) gives \(other.rawValue)"
    }

    /// The first example URL of the reading on which the two readings differ, if any.
    static func first(_ reading: OpenPointReading, original: any PreparedDocument, in document: AASADocument,
                      engine: ReferenceEngine) -> OpenPointDifference? {
        let alternative = engine.prepare(reading.alternative)
        var candidates: [String] = []
        for rule in reading.exampleRules {
            candidates += ExampleURLs.urls(for: rule, variables: document.variables)
            candidates += ExampleURLs.urls(for: rule, variables: reading.alternative.variables)
        }
        var seen = Set<String>()
        for text in candidates where seen.insert(text).inserted {
            guard let difference = on(text, reading, original: original, alternative: alternative) else { continue }
            return difference
        }
        return nil
    }

    /// The two readings' outcomes on one URL, when they differ (and neither engine run gave up).
    public static func on(_ text: String, _ reading: OpenPointReading, original: any PreparedDocument,
                          alternative: any PreparedDocument) -> OpenPointDifference? {
        guard let url = try? ParsedURL(text) else { return nil }
        let a = original.decide(url, appID: reading.appID, domain: "").outcome
        let b = alternative.decide(url, appID: reading.appID, domain: "").outcome
        guard a != b, a != .undecided, b != .undecided else { return nil }
        return OpenPointDifference(reading: reading, url: text, linkMatch: a, other: b)
    }
}

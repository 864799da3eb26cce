import LinkMatch

/// What `linkmatch fuzz` groups disagreements by: the SPEC rules a minimized case turns on
/// (`DisagreementClassifier`) and the two answers, e.g. `N3 match/no_match`. Two disagreements in
/// the same class are taken to be the same difference; a maintainer accepts a class as a whole
/// (`--known`).
public struct DisagreementClass: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// SPEC rule IDs in SPEC order (`D3`, `C5`, `N3`...); empty for a program failure.
    public var rules: [String]
    /// Our answer: `match`, `exclude`, `no_match` or `error`.
    public var ours: String
    /// The program's: the same four, or `failure (crash|exit|timeout|protocol)`.
    public var theirs: String

    public init(rules: [String], ours: String, theirs: String) {
        self.rules = DisagreementClassifier.specOrder(rules)
        self.ours = ours
        self.theirs = theirs
    }

    /// The program crashed, hung or broke the protocol (such classes have no rules).
    public var isProgramFailure: Bool { theirs.hasPrefix("failure") }

    public var description: String {
        (rules.isEmpty ? "-" : rules.joined(separator: "+")) + " linkmatch \(ours) / program \(theirs)"
    }

    public static func < (a: DisagreementClass, b: DisagreementClass) -> Bool {
        (a.rules.joined(separator: "+"), a.ours, a.theirs) < (b.rules.joined(separator: "+"), b.ours, b.theirs)
    }

    public static func label(_ reply: ConformanceProtocol.Reply) -> String {
        switch reply {
        case .decision(_, let o): return o.rawValue
        case .error: return "error"
        }
    }

    public static func label(_ answer: ExternalEngine.Answer) -> String {
        switch answer {
        case .decision(let o): return o.rawValue
        case .error: return "error"
        case .failure(let message): return "failure (\(failureKind(message)))"
        }
    }

    /// A short, stable name for a failure message (the messages carry pids, stderr and ids).
    static func failureKind(_ message: String) -> String {
        if message.hasPrefix("no reply within") { return "timeout" }
        if message.contains("killed by signal") { return "crash" }
        if message.hasPrefix("the program exited") { return "exit" }
        if message.hasPrefix("cannot start") { return "launch" }
        return "protocol"
    }

    // MARK: - classes.jsonl

    /// One line of classes.jsonl: the class, how many disagreements fell in it, and the minimized
    /// request (a conformance-protocol line, id included, that both programs can replay).
    public static func jsonLine(_ c: DisagreementClass, count: Int, example: ConformanceProtocol.Request, known: Bool,
                                variantOf: DisagreementClass? = nil) -> String {
        JSONValue.object(JSONObject([
            JSONMember(key: "rules", value: .array(c.rules.map(JSONValue.string))),
            JSONMember(key: "linkmatch", value: .string(c.ours)),
            JSONMember(key: "program", value: .string(c.theirs)),
            JSONMember(key: "count", value: .number(String(count))),
            JSONMember(key: "known", value: .bool(known)),
            JSONMember(key: "variantOf", value: variantOf.map { .array($0.rules.map(JSONValue.string)) } ?? .null),
            JSONMember(key: "replay", value: .string(example.line)),
        ])).serialized()
    }

    /// The class a classes.jsonl line names; nil when the line is not such a line.
    public static func parse(jsonLine object: JSONObject) -> DisagreementClass? {
        guard case .array(let list)? = object["rules"], case .string(let ours)? = object["linkmatch"],
              case .string(let theirs)? = object["program"] else { return nil }
        var rules: [String] = []
        for value in list {
            guard case .string(let id) = value else { return nil }
            rules.append(id)
        }
        return DisagreementClass(rules: rules, ours: ours, theirs: theirs)
    }
}

import LinkMatch

/// What `linkmatch fuzz` groups disagreements by: what explains the minimized case
/// (`ReadingExplainer`) and the two answers. A class is either
/// - explained by readings: `reading no-parent-path (misreads N3)`, with LinkMatch's and the
///   program's answers;
/// - a rejection: LinkMatch refuses the request with an error code the program ignores (it
///   decides), one class per code;
/// - unexplained: no reading (or pair) gives the program's answer; the SPEC rules the case turns on
///   (`DisagreementClassifier`) name it instead;
/// - a program failure (crash, timeout, protocol), with no rules.
/// Two disagreements in the same class are taken to be the same difference; a maintainer accepts a
/// class as a whole (`--known`).
public struct DisagreementClass: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The readings that explain the class together (one, or two), most specific first; empty when
    /// no reading does.
    public var readings: [String]
    /// LinkMatch's error code, for a rejection (`invalid-json`); nil otherwise.
    public var rejected: String?
    /// For an unexplained class, the SPEC rule IDs of its features, in SPEC order; empty otherwise.
    public var rules: [String]
    /// Our answer: `match`, `exclude`, `no_match` or `error`; `any` for a class explained by
    /// readings (one cause, whichever way it turns the answers: the example shows them).
    public var ours: String
    /// The program's: the same four (`decision` for a rejection: any decision), or
    /// `failure (crash|exit|timeout|protocol)`.
    public var theirs: String

    /// An unexplained class (or a program failure, with no rules).
    public init(rules: [String], ours: String, theirs: String) {
        self.readings = []
        self.rejected = nil
        self.rules = DisagreementClassifier.specOrder(rules)
        self.ours = ours
        self.theirs = theirs
    }

    /// A class explained by `readings`.
    public init(readings: [String], ours: String, theirs: String) {
        self.readings = readings
        self.rejected = nil
        self.rules = []
        self.ours = ours
        self.theirs = theirs
    }

    /// The class of requests LinkMatch refuses with `code` while the program decides.
    public init(rejected code: String) {
        self.readings = []
        self.rejected = code
        self.rules = []
        self.ours = "error"
        self.theirs = "decision"
    }

    /// Neither explained by readings nor a rejection nor a program failure.
    public var isUnexplained: Bool { readings.isEmpty && rejected == nil && !isProgramFailure }

    /// The program crashed, hung or broke the protocol (such classes have no rules).
    public var isProgramFailure: Bool { theirs.hasPrefix("failure") }

    public var description: String {
        "\(cause): linkmatch \(ours) / program \(theirs)"
    }

    /// What the class is about, for a person: `reading no-parent-path (misreads N3)`,
    /// `reading a + reading b (...)`, `rejected [invalid-json]`, `unexplained (SPEC N3 P1)`,
    /// `program failure`.
    public var cause: String {
        if isProgramFailure { return "program failure" }
        if let rejected { return "LinkMatch rejects [\(rejected)], the program decides" }
        if readings.isEmpty { return "unexplained (SPEC \(rules.isEmpty ? "-" : rules.joined(separator: " ")))" }
        return readings.map { name in
            guard let r = Readings.named(name) else { return "reading \(name)" }
            switch r.kind {
            case .openPoint(let id): return "reading \(name) (open point \(id): Apple's behaviour unobserved)"
            case .misreading(let rule): return "reading \(name) (misreads \(rule))"
            }
        }.joined(separator: " + ")
    }

    /// The key that orders classes (stable text).
    var sortKey: String { readings.joined(separator: "+") + "|" + (rejected ?? "") + "|" + rules.joined(separator: "+") }

    public static func < (a: DisagreementClass, b: DisagreementClass) -> Bool {
        (a.sortKey, a.ours, a.theirs) < (b.sortKey, b.ours, b.theirs)
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

    /// The classes.jsonl format written now. Version 1 (no `version`) named classes by rules only;
    /// `KnownClasses` converts its lines by replaying them.
    public static let formatVersion = 2

    /// One line of classes.jsonl: the format version, the class, how many disagreements fell in it,
    /// and the minimized request (a conformance-protocol line, id included, that both programs can
    /// replay).
    public static func jsonLine(_ c: DisagreementClass, count: Int, example: ConformanceProtocol.Request, known: Bool,
                                variantOf: DisagreementClass? = nil) -> String {
        JSONValue.object(JSONObject([
            JSONMember(key: "version", value: .number(String(formatVersion))),
            JSONMember(key: "readings", value: .array(c.readings.map(JSONValue.string))),
            JSONMember(key: "rejected", value: c.rejected.map(JSONValue.string) ?? .null),
            JSONMember(key: "rules", value: .array(c.rules.map(JSONValue.string))),
            JSONMember(key: "linkmatch", value: .string(c.ours)),
            JSONMember(key: "program", value: .string(c.theirs)),
            JSONMember(key: "count", value: .number(String(count))),
            JSONMember(key: "known", value: .bool(known)),
            // The base's rules (an unexplained base) or its readings (a reading's class).
            JSONMember(key: "variantOf", value: variantOf.map { .array(($0.rules.isEmpty ? $0.readings : $0.rules).map(JSONValue.string)) } ?? .null),
            JSONMember(key: "replay", value: .string(example.line)),
        ])).serialized()
    }

    /// What a classes.jsonl line is.
    public enum ParsedLine: Sendable, Equatable {
        /// A line of the current format: the class.
        case current(DisagreementClass)
        /// A version 1 line (no `version`): its class by rules, and its replay line when it has one.
        case version1(replay: String?)
        /// A later or unknown version.
        case unsupported(version: String)
        /// Not a class line.
        case notAClass
    }

    /// Reads a classes.jsonl line.
    public static func parseLine(_ object: JSONObject) -> ParsedLine {
        guard case .array(let list)? = object["rules"], case .string(let ours)? = object["linkmatch"],
              case .string(let theirs)? = object["program"] else { return .notAClass }
        guard let version = object["version"] else {
            if case .string(let replay)? = object["replay"] { return .version1(replay: replay) }
            return .version1(replay: nil)
        }
        guard case .number(let text) = version, text == String(formatVersion) else { return .unsupported(version: version.serialized()) }
        func strings(_ value: JSONValue?) -> [String]? {
            guard case .array(let list)? = value else { return nil }
            var out: [String] = []
            for v in list {
                guard case .string(let s) = v else { return nil }
                out.append(s)
            }
            return out
        }
        guard let rules = strings(.array(list)), let readings = strings(object["readings"]) else { return .notAClass }
        var c = DisagreementClass(rules: rules, ours: ours, theirs: theirs)
        c.readings = readings
        if case .string(let code)? = object["rejected"] { c.rejected = code }
        return .current(c)
    }

    /// The class a current classes.jsonl line names; nil when the line is not such a line.
    public static func parse(jsonLine object: JSONObject) -> DisagreementClass? {
        if case .current(let c) = parseLine(object) { return c }
        return nil
    }
}

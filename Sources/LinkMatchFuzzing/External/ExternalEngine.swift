import LinkMatch

/// An external matcher, driven through the conformance protocol (`ConformanceProtocol`) by a
/// long-running child process: `linkmatch fuzz` compares it with our engines.
///
/// The protocol only has whole decisions, so `matchPart` is asked as a one-rule document, and a
/// failure of the program (crash, timeout, protocol violation, an `error` reply) reads as
/// `.undecided` through the `MatchEngine` API. `ask` gives the full answer.
public struct ExternalEngine: MatchEngine {
    public let process: ExternalProcess
    public var name: String { "external(\(process.command))" }

    public init(process: ExternalProcess) {
        self.process = process
    }

    public init(command: String, timeout: Double = 10) {
        self.init(process: ExternalProcess(command: command, timeout: timeout))
    }

    /// What the program answered for one request.
    public enum Answer: Sendable, Equatable, CustomStringConvertible {
        case decision(Decision.Outcome)
        /// The program replied `{"error": ...}`.
        case error(String)
        /// The program crashed, timed out, or broke the protocol.
        case failure(String)

        public var description: String {
            switch self {
            case .decision(let o): return o.rawValue
            case .error(let m): return "error: \(m)"
            case .failure(let m): return "failure: \(m)"
            }
        }
    }

    /// Sends one request and reads its reply; the reply's id must be the request's.
    public func ask(_ request: ConformanceProtocol.Request) -> Answer {
        switch process.exchange(request.line) {
        case .failure(let failure):
            return .failure(failure.description)
        case .success(let line):
            switch ConformanceProtocol.parseReply(line) {
            case .failure(let violation):
                process.noteUnusableReplies(violation.description)
                return .failure(violation.description)
            case .success(let reply):
                guard reply.id == request.id else {
                    let why = "reply id \(reply.id.serialized()) is not the request id \(request.id.serialized()): \(line)"
                    process.noteUnusableReplies(why)
                    return .failure(why)
                }
                process.noteAnswered()
                switch reply {
                case .decision(_, let outcome): return .decision(outcome)
                case .error(_, let message): return .error(message)
                }
            }
        }
    }

    /// Pipelined `ask`: every request is written without waiting, and replies are matched to
    /// requests by `id` (so the ids must differ). When the program fails part-way, the first request
    /// still unanswered gets the failure (the program answers in order, so it is the one it was
    /// working on) and the rest are sent again to the restarted program.
    public func ask(all requests: [ConformanceProtocol.Request]) -> [Answer] {
        var answers = [Answer?](repeating: nil, count: requests.count)
        var index: [String: Int] = [:]
        for (i, r) in requests.enumerated() { index[r.id.serialized()] = i }
        var lines: [String] = []
        lines.reserveCapacity(requests.count)
        var last: (aasa: JSONValue, text: String)?
        for r in requests {
            if last?.aasa != r.aasa { last = (r.aasa, r.aasa.serialized()) }
            lines.append(r.line(aasaText: last!.text))
        }
        var pending = Array(requests.indices)
        while !pending.isEmpty {
            let (replies, failure) = process.exchange(batch: pending.map { lines[$0] })
            var violation: String?
            for line in replies {
                switch ConformanceProtocol.parseReply(line) {
                case .failure(let v):
                    violation = violation ?? v.description
                case .success(let reply):
                    guard let i = index[reply.id.serialized()], answers[i] == nil else {
                        violation = violation ?? "reply id \(reply.id.serialized()) is not the id of a request waiting for its reply: \(line)"
                        continue
                    }
                    switch reply {
                    case .decision(_, let outcome): answers[i] = .decision(outcome)
                    case .error(_, let message): answers[i] = .error(message)
                    }
                }
            }
            let before = pending.count
            pending.removeAll { answers[$0] != nil }
            if pending.count < before { process.noteAnswered() }
            if let violation { process.noteUnusableReplies(violation) }
            if let givenUp = process.givenUp {
                // The program cannot be run: every request left gets the reason, none restarts it.
                for i in pending { answers[i] = .failure(givenUp.description) }
                break
            }
            guard let blamed = pending.first else { break }
            answers[blamed] = .failure(violation ?? failure?.description ?? "no reply")
            pending.removeFirst()
            if violation != nil { process.stop() } // a confused program starts afresh
        }
        return answers.map { $0 ?? .failure("no reply") }
    }

    /// A document given as AASA JSON (what the generators produce).
    public func prepare(json: JSONValue) -> ExternalPreparedDocument {
        ExternalPreparedDocument(engine: self, aasa: json)
    }

    public func prepare(_ document: AASADocument) -> any PreparedDocument {
        prepare(json: DocumentSerializer.json(document))
    }

    /// One pattern against one URL part, asked as a one-rule document (`partRequest`); `.undecided`
    /// when the text cannot be carried by a URL or the program gives no decision.
    public func matchPart(_ request: PartRequest) -> PartVerdict {
        guard let asked = Self.partRequest(request, id: .number("0")) else { return .undecided }
        switch ask(asked) {
        case .decision(.match): return .matched
        case .decision(.noMatch): return .notMatched
        default: return .undecided
        }
    }

    /// A part-level question as a conformance request: a one-rule document for one app whose
    /// component holds the pattern under `/` (a path) or `#` (any other part: the fragment is
    /// compared as is, like a plain part), and a URL that carries the text there. nil when a URL
    /// cannot carry the text: an invalid escape, `?`/`#` in a path, or characters U4 would encode
    /// while percentEncoded is true (with percentEncoded false the text is decoded before comparing,
    /// and U4's UTF-8 encoding decodes back to the same scalars, E3).
    public static func partRequest(_ request: PartRequest, id: JSONValue) -> ConformanceProtocol.Request? {
        guard !request.percentEncoded || ParsedURL.encodeUnsafeCharacters(request.text) == request.text else { return nil }
        let url: String
        if request.kind == .path {
            guard !request.text.contains("?"), !request.text.contains("#") else { return nil }
            // N1: leading slashes never count, so one is added when the text has none.
            url = "https://part.example" + (request.text.hasPrefix("/") ? "" : "/") + request.text
        } else {
            url = "https://part.example/#" + request.text
        }
        guard (try? ParsedURL(url)) != nil else { return nil }
        var component = [JSONMember(key: request.kind == .path ? "/" : "#", value: .string(request.pattern))]
        if !request.caseSensitive { component.append(JSONMember(key: "caseSensitive", value: .bool(false))) }
        if !request.percentEncoded { component.append(JSONMember(key: "percentEncoded", value: .bool(false))) }
        let app = "ABCDE12345.part.request"
        var applinks: [JSONMember] = []
        if !request.variables.custom.isEmpty {
            applinks.append(JSONMember(key: "substitutionVariables", value: .object(JSONObject(request.variables.custom.map {
                JSONMember(key: $0.name, value: .array($0.values.map(JSONValue.string)))
            }))))
        }
        applinks.append(JSONMember(key: "details", value: .array([.object(JSONObject([
            JSONMember(key: "appIDs", value: .array([.string(app)])),
            JSONMember(key: "components", value: .array([.object(JSONObject(component))])),
        ]))])))
        let aasa = JSONValue.object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject(applinks)))]))
        return ConformanceProtocol.Request(id: id, aasa: aasa, domain: "", appID: app, url: url)
    }
}

public struct ExternalPreparedDocument: PreparedDocument {
    public let engine: ExternalEngine
    public let aasa: JSONValue

    public func ask(url: String, appID: String, domain: String, id: JSONValue = .number("1")) -> ExternalEngine.Answer {
        engine.ask(ConformanceProtocol.Request(id: id, aasa: aasa, domain: domain, appID: appID, url: url))
    }

    public func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
        switch ask(url: url.text, appID: appID, domain: domain) {
        case .decision(let outcome): return Decision(outcome: outcome)
        case .error, .failure: return Decision(outcome: .undecided)
        }
    }
}

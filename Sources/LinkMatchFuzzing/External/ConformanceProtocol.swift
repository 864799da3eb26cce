import LinkMatch

/// The conformance protocol (docs/PROTOCOL.md) that `linkmatch conformance` speaks and that
/// `linkmatch fuzz` uses to drive an external matcher: one JSON object per line each way,
/// `{"id":..,"aasa":{..},"domain":"..","appId":"..","url":".."}` in, and
/// `{"id":..,"decision":"match"|"exclude"|"no_match"}` or `{"id":..,"error":".."}` out.
/// JSON goes through LinkMatch's own parser and serializer, so key order and escaping are fixed.
public enum ConformanceProtocol {
    public struct Request: Sendable, Equatable {
        /// Echoed in the reply as given: any JSON value.
        public var id: JSONValue
        public var aasa: JSONValue
        public var domain: String
        public var appID: String
        public var url: String

        public init(id: JSONValue, aasa: JSONValue, domain: String, appID: String, url: String) {
            self.id = id
            self.aasa = aasa
            self.domain = domain
            self.appID = appID
            self.url = url
        }

        /// The request as one line, with the document already serialized (many requests share one).
        /// The same text as `line`.
        public func line(aasaText: String) -> String {
            "{\"id\":" + id.serialized() + ",\"aasa\":" + aasaText + ",\"domain\":" + JSONValue.string(domain).serialized()
                + ",\"appId\":" + JSONValue.string(appID).serialized() + ",\"url\":" + JSONValue.string(url).serialized() + "}"
        }

        /// The request as one line (no newline): keys in the protocol's order.
        public var line: String {
            JSONValue.object(JSONObject([
                JSONMember(key: "id", value: id), JSONMember(key: "aasa", value: aasa),
                JSONMember(key: "domain", value: .string(domain)), JSONMember(key: "appId", value: .string(appID)),
                JSONMember(key: "url", value: .string(url)),
            ])).serialized()
        }
    }

    public enum Reply: Sendable, Equatable {
        /// `match`, `exclude` or `noMatch` (never `undecided`: that is sent as an error).
        case decision(id: JSONValue, Decision.Outcome)
        case error(id: JSONValue, String)

        public var id: JSONValue {
            switch self {
            case .decision(let id, _), .error(let id, _): return id
            }
        }

        public var line: String {
            switch self {
            case .decision(let id, let outcome):
                return JSONValue.object(JSONObject([JSONMember(key: "id", value: id),
                                                    JSONMember(key: "decision", value: .string(outcome.rawValue))])).serialized()
            case .error(let id, let message):
                return JSONValue.object(JSONObject([JSONMember(key: "id", value: id),
                                                    JSONMember(key: "error", value: .string(message))])).serialized()
            }
        }
    }

    /// Reads a request line. On failure, the error reply to send (with the id when one was readable).
    public static func parseRequest(_ line: String) -> Result<Request, ReplyError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line.utf8))
        } catch {
            return .failure(ReplyError(.error(id: .null, "bad JSON line: \(error)")))
        }
        guard case .object(let obj) = value else {
            return .failure(ReplyError(.error(id: .null, "a request must be a JSON object, found \(value.typeName)")))
        }
        let id = obj["id"] ?? .null
        func string(_ key: String) -> Result<String, ReplyError> {
            switch obj[key] {
            case .string(let s)?: return .success(s)
            case nil: return .failure(ReplyError(.error(id: id, "missing field \"\(key)\"")))
            case let other?: return .failure(ReplyError(.error(id: id, "field \"\(key)\" must be a string, found \(other.typeName)")))
            }
        }
        guard let aasa = obj["aasa"] else { return .failure(ReplyError(.error(id: id, "missing field \"aasa\""))) }
        let domain: String, appID: String, url: String
        switch (string("domain"), string("appId"), string("url")) {
        case (.success(let d), .success(let a), .success(let u)): (domain, appID, url) = (d, a, u)
        case (.failure(let e), _, _), (_, .failure(let e), _), (_, _, .failure(let e)): return .failure(e)
        }
        return .success(Request(id: id, aasa: aasa, domain: domain, appID: appID, url: url))
    }

    /// Reads a reply line from an external program. On failure, what is wrong with it.
    public static func parseReply(_ line: String) -> Result<Reply, ProtocolViolation> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line.utf8))
        } catch {
            return .failure(ProtocolViolation("reply is not JSON (\(error)): \(line)"))
        }
        guard case .object(let obj) = value else { return .failure(ProtocolViolation("reply is not a JSON object: \(line)")) }
        let id = obj["id"] ?? .null
        switch (obj["decision"], obj["error"]) {
        case (.string(let d)?, nil):
            guard let outcome = Decision.Outcome(rawValue: d), outcome != .undecided else {
                return .failure(ProtocolViolation("unknown decision \"\(d)\" (expected match, exclude or no_match): \(line)"))
            }
            return .success(.decision(id: id, outcome))
        case (nil, .string(let message)?):
            return .success(.error(id: id, message))
        default:
            return .failure(ProtocolViolation("reply needs exactly one of a string \"decision\" or \"error\": \(line)"))
        }
    }

    /// Answers one request with one of our engines (`linkmatch conformance`, per line).
    public static func answer(_ request: Request, engine: any MatchEngine) -> Reply {
        answer(request, document: prepare(request.aasa, engine: engine))
    }

    /// The document half of `answer`: the prepared document, or why the `aasa` cannot be read. Many
    /// requests about one document (`linkmatch fuzz`) prepare it once.
    public static func prepare(_ aasa: JSONValue, engine: any MatchEngine) -> Result<any PreparedDocument, DocumentFailure> {
        prepareDocument(aasa).map { engine.prepare($0) }
    }

    /// The parsed `aasa`, or why it cannot be read (the failure `answer` replies with), for
    /// requests about one document asked of several engines.
    public static func prepareDocument(_ aasa: JSONValue) -> Result<AASADocument, DocumentFailure> {
        // A request's `aasa` is JSON, never a signed envelope (D2): a number written `0...` would
        // start like DER (0x30), so a value that is not an object is read after a space, as JSON
        // (D1: a top level that is not an object, like `7`, `null` or `true`).
        var text = aasa.serialized()
        if case .object = aasa {} else { text = " " + text }
        do {
            return .success(try AASADocument.parse(Array(text.utf8)).document)
        } catch {
            return .failure(DocumentFailure(message: "cannot read \"aasa\": \(error.message) [\(error.code)]"))
        }
    }

    public struct DocumentFailure: Error, Sendable {
        public var message: String
    }

    /// The URL half of `answer`, with the document already prepared.
    public static func answer(_ request: Request, document: Result<any PreparedDocument, DocumentFailure>) -> Reply {
        let prepared: any PreparedDocument
        switch document {
        case .failure(let failure): return .error(id: request.id, failure.message)
        case .success(let p): prepared = p
        }
        // A reading of U3 or U4 splits the URL as sent its own way.
        let read = (prepared as? any URLReadingDocument)?.readURL(request.url)
            ?? Result { () throws(URLParseError) in try ParsedURL(request.url) }
        let url: ParsedURL
        switch read {
        case .success(let u): url = u
        case .failure(let error): return .error(id: request.id, "bad URL: \(error) [\(error.kind.rawValue)]")
        }
        let decision = prepared.decide(url, appID: request.appID, domain: request.domain)
        if decision.outcome == .undecided {
            return .error(id: request.id, "undecided: the matcher's step budget ran out")
        }
        return .decision(id: request.id, decision.outcome)
    }

    /// One request line in, one reply line out.
    public static func answer(line: String, engine: any MatchEngine) -> String {
        switch parseRequest(line) {
        case .success(let request): return answer(request, engine: engine).line
        case .failure(let failure): return failure.reply.line
        }
    }

    /// A request that cannot be answered, as the error reply that says why.
    public struct ReplyError: Error, Sendable {
        public var reply: Reply
        init(_ reply: Reply) { self.reply = reply }
    }

    /// An external program broke the protocol (not JSON, wrong shape, wrong id...).
    public struct ProtocolViolation: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }
}

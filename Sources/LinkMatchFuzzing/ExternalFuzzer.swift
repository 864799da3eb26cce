import Foundation
import LinkMatch

/// `linkmatch fuzz`: generated cases are sent to an external program and decided by one of our
/// engines; every disagreement is shrunk and reported as a readable case plus a one-line request
/// both programs can replay. Each round draws a whole document with URLs and app IDs (the
/// `document` target's generator) and a single pattern against a single URL part (the
/// `differential` target's), the latter asked as a one-rule document.
public struct ExternalFuzzer {
    public struct Options: Sendable {
        public var seed: UInt64
        public var cases: Int
        /// Stop after this long even if `cases` is not reached (nil: no time limit).
        public var seconds: Double?
        /// Stop after this many disagreements or program failures.
        public var maxProblems: Int
        /// External requests one shrink may spend.
        public var shrinkAttempts: Int

        public init(seed: UInt64 = 1, cases: Int = 1_000, seconds: Double? = nil, maxProblems: Int = 5, shrinkAttempts: Int = 2_000) {
            self.seed = seed
            self.cases = cases
            self.seconds = seconds
            self.maxProblems = maxProblems
            self.shrinkAttempts = shrinkAttempts
        }
    }

    /// One request on which the two programs differ, before and after shrinking.
    public struct Disagreement: Sendable {
        public var caseIndex: Int
        public var original: ConformanceProtocol.Request
        public var shrunk: ConformanceProtocol.Request
        public var ours: ConformanceProtocol.Reply
        public var theirs: ExternalEngine.Answer
        public var shrinkAttempts: Int

        /// The shrunk case as pretty JSON: the request plus both answers.
        public var readable: String {
            var members = [
                JSONMember(key: "id", value: shrunk.id), JSONMember(key: "aasa", value: shrunk.aasa),
                JSONMember(key: "domain", value: .string(shrunk.domain)), JSONMember(key: "appId", value: .string(shrunk.appID)),
                JSONMember(key: "url", value: .string(shrunk.url)),
            ]
            members.append(JSONMember(key: "linkmatch", value: ExternalFuzzer.json(ours)))
            members.append(JSONMember(key: "program", value: ExternalFuzzer.json(theirs)))
            return JSONValue.object(JSONObject(members)).serialized(pretty: true)
        }

        /// The shrunk request as one conformance-protocol line.
        public var jsonl: String { shrunk.line }
    }

    /// The program crashed, hung or broke the protocol on this request.
    public struct ProgramFailure: Sendable {
        public var caseIndex: Int
        public var request: ConformanceProtocol.Request
        public var message: String
    }

    public struct Report: Sendable {
        public var cases = 0
        public var requests = 0
        public var disagreements: [Disagreement] = []
        public var failures: [ProgramFailure] = []
        public var elapsed: Double = 0
    }

    public enum Event {
        case disagreement(Disagreement)
        case failure(ProgramFailure)
    }

    public let external: ExternalEngine
    public let ours: any MatchEngine
    public let options: Options

    public init(external: ExternalEngine, ours: any MatchEngine, options: Options) {
        self.external = external
        self.ours = ours
        self.options = options
    }

    /// How the two answers compare.
    enum Comparison: Equatable {
        case agree
        case disagree
        case programFailure(String)
    }

    static func compare(_ ours: ConformanceProtocol.Reply, _ theirs: ExternalEngine.Answer) -> Comparison {
        switch (ours, theirs) {
        case (_, .failure(let message)): return .programFailure(message)
        case (.decision(_, let a), .decision(let b)): return a == b ? .agree : .disagree
        case (.error(_, let message), _) where message.hasPrefix("undecided"): return .agree // our budget, not a verdict
        case (.error, .error): return .agree // both refuse the input (messages are free text)
        default: return .disagree
        }
    }

    func ask(_ request: ConformanceProtocol.Request) -> (ConformanceProtocol.Reply, ExternalEngine.Answer) {
        (ConformanceProtocol.answer(request, engine: ours), external.ask(request))
    }

    public func run(onEvent: (Event) -> Void = { _ in }) -> Report {
        var report = Report()
        let start = Date()
        var bytes = SeededBytes(seed: options.seed)
        var seen = Set<String>()
        caseLoop: for index in 0..<max(0, options.cases) {
            if let limit = options.seconds, Date().timeIntervalSince(start) >= limit { break }
            let generated = DocumentCase(bytes: bytes.next(maxCount: 1024))
            var requests: [ConformanceProtocol.Request] = []
            for (u, url) in generated.urls.enumerated() {
                for (a, app) in generated.appIDs.enumerated() {
                    requests.append(ConformanceProtocol.Request(id: .string("\(index).\(u).\(a)"), aasa: generated.aasa,
                                                                domain: generated.domain, appID: app, url: url))
                }
            }
            let part = PartCase(bytes: bytes.next(maxCount: 256))
            if let asked = ExternalEngine.partRequest(part.request, id: .string("\(index).part")) { requests.append(asked) }
            report.cases += 1
            for request in requests {
                    report.requests += 1
                    let (mine, theirs) = ask(request)
                    switch Self.compare(mine, theirs) {
                    case .agree:
                        continue
                    case .programFailure(let message):
                        let failure = ProgramFailure(caseIndex: index, request: request, message: message)
                        report.failures.append(failure)
                        onEvent(.failure(failure))
                    case .disagree:
                        let d = shrink(request, caseIndex: index, mine: mine, theirs: theirs)
                        // The same shrunk case (whatever its id) found again adds nothing.
                        var key = d.shrunk
                        key.id = .null
                        guard seen.insert(key.line).inserted else { continue }
                        report.disagreements.append(d)
                        onEvent(.disagreement(d))
                    }
                    if report.disagreements.count + report.failures.count >= options.maxProblems { break caseLoop }
            }
        }
        report.elapsed = Date().timeIntervalSince(start)
        return report
    }

    /// Shrinks while the answers still disagree (the program failing instead does not count).
    func shrink(_ request: ConformanceProtocol.Request, caseIndex: Int, mine: ConformanceProtocol.Reply,
                theirs: ExternalEngine.Answer) -> Disagreement {
        var attempts = 0
        let small = Shrinker.shrink(request, maxSteps: options.shrinkAttempts) { candidate in
            attempts += 1
            let (a, b) = ask(candidate)
            return Self.compare(a, b) == .disagree
        }
        let (finalMine, finalTheirs) = ask(small)
        return Disagreement(caseIndex: caseIndex, original: request, shrunk: small, ours: finalMine, theirs: finalTheirs,
                            shrinkAttempts: attempts)
    }

    static func json(_ reply: ConformanceProtocol.Reply) -> JSONValue {
        switch reply {
        case .decision(_, let o): return .string(o.rawValue)
        case .error(_, let m): return .object(JSONObject([JSONMember(key: "error", value: .string(m))]))
        }
    }

    static func json(_ answer: ExternalEngine.Answer) -> JSONValue {
        switch answer {
        case .decision(let o): return .string(o.rawValue)
        case .error(let m): return .object(JSONObject([JSONMember(key: "error", value: .string(m))]))
        case .failure(let m): return .object(JSONObject([JSONMember(key: "failure", value: .string(m))]))
        }
    }
}

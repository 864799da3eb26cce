import Dispatch
import Foundation
import LinkMatch

/// `linkmatch fuzz`: generated cases are sent to an external program and decided by one of our
/// engines until `cases` or `seconds` run out. Every disagreement is put in a class
/// (`DisagreementClass`: the SPEC rules its minimized case turns on, and the two answers), so a
/// maintainer reads one shrunk example per class with its count instead of a list.
///
/// Each round draws a whole document with URLs and app IDs (the `document` target's generator) and
/// a single pattern against a single URL part (the `differential` target's), the latter asked as a
/// one-rule document. Requests are pipelined: a batch of cases goes to the program at once (from
/// another thread), answers are matched by id, and meanwhile this thread generates the next batch
/// and decides it with our engine.
///
/// Shrinking every disagreement would cost most of the run (a shrink is hundreds of requests), so
/// each disagreement is first classified as it was found (a cheap, noisier *signature*); the first
/// `shrinksPerSignature` disagreements of a signature are shrunk and classified, the later ones are
/// counted in the class their shrunk siblings fell in most often.
public struct ExternalFuzzer {
    public struct Options: Sendable {
        public var seed: UInt64
        /// Stop after this many generated cases (`Int.max`: only `seconds` stops the run).
        public var cases: Int
        /// Stop after this long even if `cases` is not reached (nil: no time limit).
        public var seconds: Double?
        /// External requests one shrink may spend.
        public var shrinkAttempts: Int
        /// Disagreements shrunk per signature before the rest are only counted.
        public var shrinksPerSignature: Int
        /// Requests per pipelined batch (rounded up to whole cases).
        public var batchRequests: Int
        /// Classes accepted by the maintainer: still counted, reported as known.
        public var known: Set<DisagreementClass>
        /// The most of a run's requests that shrinking may take (the rest go to new cases): a
        /// disagreement of a class not yet seen waits, unshrunk, until the share allows it.
        public var shrinkShare: Double
        /// Shrinks that never wait for the share: the first differences are named at once.
        public var freeShrinks: Int

        public init(seed: UInt64 = 1, cases: Int = 1_000, seconds: Double? = nil, shrinkAttempts: Int = 2_000,
                    shrinksPerSignature: Int = 3, batchRequests: Int = 256, known: Set<DisagreementClass> = [],
                    shrinkShare: Double = 0.15, freeShrinks: Int = 8) {
            self.seed = seed
            self.cases = cases
            self.seconds = seconds
            self.shrinkAttempts = shrinkAttempts
            self.shrinksPerSignature = shrinksPerSignature
            self.batchRequests = batchRequests
            self.known = known
            self.shrinkShare = shrinkShare
            self.freeShrinks = freeShrinks
        }
    }

    /// One request on which the two programs differ, after shrinking (or a program failure, not shrunk).
    public struct Example: Sendable {
        public var caseIndex: Int
        public var original: ConformanceProtocol.Request
        public var shrunk: ConformanceProtocol.Request
        public var ours: ConformanceProtocol.Reply
        public var theirs: ExternalEngine.Answer
        public var shrinkAttempts: Int

        /// The shrunk case as pretty JSON: the request plus both answers.
        public var readable: String {
            let members = [
                JSONMember(key: "id", value: shrunk.id), JSONMember(key: "aasa", value: shrunk.aasa),
                JSONMember(key: "domain", value: .string(shrunk.domain)), JSONMember(key: "appId", value: .string(shrunk.appID)),
                JSONMember(key: "url", value: .string(shrunk.url)),
                JSONMember(key: "linkmatch", value: ExternalFuzzer.json(ours)),
                JSONMember(key: "program", value: ExternalFuzzer.json(theirs)),
            ]
            return JSONValue.object(JSONObject(members)).serialized(pretty: true)
        }

        /// The shrunk request as one conformance-protocol line.
        public var jsonl: String { shrunk.line }
    }

    /// A class and what fell in it.
    public struct FoundClass: Sendable {
        public var key: DisagreementClass
        public var count: Int
        /// The first example found, minimized.
        public var example: Example
        /// Accepted: in `Options.known` (the same class exactly).
        public var known: Bool
        /// The class this one is a variant of (`ExternalFuzzer.groupVariants`): the same cause with
        /// a feature more (an unexplained class whose rules hold another's, a pair of readings that
        /// holds a reading found alone). A variant is counted under its base, not as a cause.
        public var variantOf: DisagreementClass?
        /// The run's seconds when the class was first seen.
        public var foundAfter: Double = 0
    }

    public struct Report: Sendable {
        public var cases = 0
        /// Requests compared (not counting the ones spent shrinking).
        public var requests = 0
        /// Requests sent while shrinking.
        public var shrinkRequests = 0
        public var disagreements = 0
        public var shrunk = 0
        /// Requests the program answered (a decision or an error): 0 means it could not be run.
        public var answered = 0
        public var programFailures = 0
        /// Set when the run stopped early because the program cannot be run: it failed before ever
        /// answering (not found, exited or crashed at once, never replied, never spoke the protocol).
        public var programUnusable: ExternalProcess.Failure?
        /// Classes in the order they were found.
        public var classes: [FoundClass] = []
        public var elapsed: Double = 0
        /// What ended the run.
        public var stoppedBy: StopReason = .cases

        public enum StopReason: String, Sendable {
            /// `Options.cases` were generated.
            case cases
            /// `Options.seconds` ran out.
            case seconds
            /// The program cannot be run (`programUnusable`).
            case program
        }

        public var newClasses: [FoundClass] { classes.filter { !$0.known } }
        /// The causes: classes that are not a variant of another.
        public var causes: [FoundClass] { classes.filter { $0.variantOf == nil } }
        /// Disagreements counted in a class already seen, without shrinking (`ExternalFuzzer.seenClass`).
        public var countedUnshrunk = 0
        /// All requests the program answered per second of the run, shrinking included.
        public var requestsPerSecond: Double { elapsed > 0 ? Double(requests + shrinkRequests) / elapsed : 0 }
    }

    public enum Event {
        /// A class seen for the first time (known or not).
        case classFound(FoundClass)
    }

    public let external: ExternalEngine
    public let ours: any MatchEngine
    public let options: Options
    /// Names the cause of each minimized difference.
    public let explainer: ReadingExplainer
    /// Requests the explainer has asked the program since last taken (counted as shrinking).
    let lastExplainRequests = RequestCounter()

    public init(external: ExternalEngine, ours: any MatchEngine, options: Options, explainer: ReadingExplainer = ReadingExplainer()) {
        self.external = external
        self.ours = ours
        self.options = options
        self.explainer = explainer
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

    /// Our replies and the program's answers for requests; ours are computed on another thread while
    /// the program works. Consecutive requests about the same document share one prepared document.
    func ask(_ requests: [ConformanceProtocol.Request]) -> ([ConformanceProtocol.Reply], [ExternalEngine.Answer]) {
        let theirs = askProgram(requests)
        let mine = Self.answers(requests, engine: ours)
        return (mine, theirs.wait())
    }

    /// Our replies; consecutive requests about the same document share one prepared document.
    static func answers(_ requests: [ConformanceProtocol.Request], engine: any MatchEngine) -> [ConformanceProtocol.Reply] {
        var replies: [ConformanceProtocol.Reply] = []
        replies.reserveCapacity(requests.count)
        var last: (aasa: JSONValue, document: Result<any PreparedDocument, ConformanceProtocol.DocumentFailure>)?
        for request in requests {
            if last?.aasa != request.aasa { last = (request.aasa, ConformanceProtocol.prepare(request.aasa, engine: engine)) }
            replies.append(ConformanceProtocol.answer(request, document: last!.document))
        }
        return replies
    }

    /// The program's answers, asked on another thread: `wait()` returns them.
    func askProgram(_ requests: [ConformanceProtocol.Request]) -> Pending<[ExternalEngine.Answer]> {
        let pending = Pending<[ExternalEngine.Answer]>()
        let external = self.external
        DispatchQueue.global().async(group: pending.group) { pending.value = external.ask(all: requests) }
        return pending
    }

    /// The requests of one generated case: every URL for every app of the document case, then the
    /// part case as a one-rule document (when a URL can carry its text), then a feature case.
    static func requests(caseIndex index: Int, bytes: inout SeededBytes) -> [ConformanceProtocol.Request] {
        var requests = requests(for: DocumentCase(bytes: bytes.next(maxCount: 1024)), caseIndex: index)
        let part = PartCase(bytes: bytes.next(maxCount: 256))
        if let asked = ExternalEngine.partRequest(part.request, id: .string("\(index).part")) { requests.append(asked) }
        // A rule or open point the two cases above rarely exercise (`FeatureCase`, `RuleReach`); the
        // first cases go through every feature (`scheduledFeatures`).
        for (k, scheduled) in ([nil] + scheduledFeatures(caseIndex: index)).enumerated() {
            let feature = FeatureCase(bytes: (0..<5).map { _ in UInt8(truncatingIfNeeded: bytes.nextUInt64()) }, feature: scheduled)
            requests.append(ConformanceProtocol.Request(id: .string("\(index).feature" + (k == 0 ? "" : ".\(k)")), aasa: feature.aasa,
                                                        domain: "example.com", appID: feature.appID, url: feature.url))
        }
        return requests
    }

    /// Features tried early, beside the random one: every feature of `FeatureCase` in each of the
    /// first rounds (`featuresPerCase` a case), so that a program that deviates on any one of them
    /// meets it within the first few cases, then again with other words and URLs.
    static func scheduledFeatures(caseIndex index: Int) -> [FeatureCase.Feature] {
        let all = FeatureCase.Feature.allCases
        guard index * featuresPerCase < all.count * scheduledRounds else { return [] }
        return (0..<featuresPerCase).map { all[(index * featuresPerCase + $0) % all.count] }
    }

    /// Scheduled features per case, and how many times each is scheduled.
    static let featuresPerCase = 4
    static let scheduledRounds = 12

    /// Every URL of a document case for every app, ids `case.url.app`.
    public static func requests(for generated: DocumentCase, caseIndex index: Int) -> [ConformanceProtocol.Request] {
        var requests: [ConformanceProtocol.Request] = []
        for (u, url) in generated.urls.enumerated() {
            for (a, app) in generated.appIDs.enumerated() {
                requests.append(ConformanceProtocol.Request(id: .string("\(index).\(u).\(a)"), aasa: generated.aasa,
                                                            domain: generated.domain, appID: app, url: url))
            }
        }
        return requests
    }

    public func run(onEvent: (Event) -> Void = { _ in }) -> Report {
        var tally = Tally()
        let start = Date()
        var bytes = SeededBytes(seed: options.seed)
        var next = 0
        func timeIsUp() -> Bool { options.seconds.map { Date().timeIntervalSince(start) >= $0 } ?? false }
        typealias Batch = [(caseIndex: Int, request: ConformanceProtocol.Request)]
        func nextBatch() -> Batch? {
            guard next < options.cases, !timeIsUp() else { return nil }
            var batch: Batch = []
            while next < options.cases, batch.count < options.batchRequests {
                batch += Self.requests(caseIndex: next, bytes: &bytes).map { (next, $0) }
                next += 1
                tally.report.cases += 1
            }
            return batch
        }
        // Two stages at once: while the program answers batch k, this thread generates batch k+1
        // and decides it with our engine; then it compares batch k (shrinking uses the program
        // alone, before batch k+1 is sent).
        guard var current = nextBatch() else {
            tally.report.stoppedBy = .seconds
            return tally.report
        }
        var theirs = askProgram(current.map(\.request))
        var mine = Self.answers(current.map(\.request), engine: ours)
        while true {
            let following = nextBatch()
            let followingMine = following.map { Self.answers($0.map(\.request), engine: ours) }
            absorb(current, mine: mine, theirs: theirs.wait(), into: &tally, stopShrinking: timeIsUp, onEvent: onEvent,
                   elapsed: { Date().timeIntervalSince(start) })
            if let givenUp = external.process.givenUp {
                tally.report.programUnusable = givenUp
                tally.report.stoppedBy = .program
                break
            }
            guard let following, let followingMine else {
                if next < options.cases, timeIsUp() { tally.report.stoppedBy = .seconds }
                break
            }
            theirs = askProgram(following.map(\.request))
            (current, mine) = (following, followingMine)
        }
        // Disagreements that waited for the shrinking share and never got it: classified as found.
        settlePending(into: &tally, onEvent: onEvent, elapsed: { Date().timeIntervalSince(start) })
        tally.report.elapsed = Date().timeIntervalSince(start)
        Self.groupVariants(&tally.report.classes, known: options.known)
        return tally.report
    }

    /// What a run has found so far.
    public struct Tally: Sendable {
        public var report = Report()
        var classIndex: [DisagreementClass: Int] = [:]
        /// Signature (classified before shrinking) -> the classes its shrunk disagreements fell in.
        var shrunkBySignature: [DisagreementClass: [DisagreementClass]] = [:]
        /// Disagreements of no class seen yet, waiting for the shrinking share: one per signature,
        /// with the number of others of that signature met meanwhile.
        var pending: [(signature: DisagreementClass, item: Pended, count: Int)] = []
        /// Shrinks of feature cases kept on a reading not seen that ended in another class
        /// (`ExternalFuzzer.look`): after `coincidenceTries` the reading is not tried so again.
        var coincidenceTries: [String: Int] = [:]
        /// Shrinks of such feature cases (they never count as free shrinks).
        var coincidenceShrinks = 0

        public init() {}
    }

    /// Asks both sides about a batch and counts every difference in its class: the first few of a
    /// signature are shrunk and classified, the rest counted (see the type's comment).
    public func absorb(_ batch: [(caseIndex: Int, request: ConformanceProtocol.Request)], into tally: inout Tally,
                       stopShrinking: () -> Bool = { false }, onEvent: (Event) -> Void = { _ in }) {
        let (mine, theirs) = ask(batch.map(\.request))
        absorb(batch, mine: mine, theirs: theirs, into: &tally, stopShrinking: stopShrinking, onEvent: onEvent)
    }

    func absorb(_ batch: [(caseIndex: Int, request: ConformanceProtocol.Request)], mine: [ConformanceProtocol.Reply],
                theirs: [ExternalEngine.Answer], into tally: inout Tally,
                stopShrinking: () -> Bool, onEvent: (Event) -> Void, elapsed: () -> Double = { 0 }) {
        tally.report.requests += batch.count
        var lookCache = LookCache()
        for (i, item) in batch.enumerated() {
            if case .failure = theirs[i] {} else { tally.report.answered += 1 }
            switch Self.compare(mine[i], theirs[i]) {
            case .agree:
                continue
            case .programFailure:
                // Not shrunk: a crash or hang costs a restart or a timeout per attempt.
                tally.report.programFailures += 1
                let key = DisagreementClass(rules: [], ours: "-", theirs: DisagreementClass.label(theirs[i]))
                record(key, Example(caseIndex: item.caseIndex, original: item.request, shrunk: item.request,
                                    ours: mine[i], theirs: theirs[i], shrinkAttempts: 0), into: &tally, onEvent: onEvent, at: elapsed())
            case .disagree:
                tally.report.disagreements += 1
                let unshrunk = Example(caseIndex: item.caseIndex, original: item.request, shrunk: item.request,
                                       ours: mine[i], theirs: theirs[i], shrinkAttempts: 0)
                // Look first: a difference of a class already seen is counted there, not shrunk.
                let signature: DisagreementClass
                switch self.look(item.request, ours: mine[i], theirs: theirs[i], tally: tally, cache: &lookCache) {
                case .seen(let seen):
                    tally.report.countedUnshrunk += 1
                    record(seen, unshrunk, into: &tally, onEvent: onEvent, at: elapsed())
                    continue
                case .newReadings(let names):
                    // Always shrunk in the end (now, or when the share allows): a reading not seen
                    // yet is most likely a new cause. Waits as one with the others it explains.
                    signature = DisagreementClass(readings: names, ours: "new", theirs: "new")
                case .coincidence(let names):
                    signature = DisagreementClass(readings: names, ours: "coincidence", theirs: "coincidence")
                case .unexplained:
                    // Unexplained as found: the first `--shrinks` of a signature (its features and
                    // answers) are shrunk, the rest counted where those went.
                    signature = DisagreementClass(rules: DisagreementClassifier.rules(of: item.request),
                                                  ours: DisagreementClass.label(mine[i]), theirs: DisagreementClass.label(theirs[i]))
                    let earlier = tally.shrunkBySignature[signature, default: []]
                    if earlier.count >= options.shrinksPerSignature || (!earlier.isEmpty && stopShrinking()) {
                        record(Self.mostCommon(earlier), unshrunk, into: &tally, onEvent: onEvent, at: elapsed())
                        continue
                    }
                }
                let pended = Pended(item: item, mine: mine[i], theirs: theirs[i],
                                    among: signature.readings.isEmpty ? nil : Set(signature.readings))
                guard mayShrink(tally, free: !Self.isCoincidence(signature)), !stopShrinking() else {
                    // A difference a new reading explains goes first, then one a seen reading may
                    // explain by coincidence, then the unexplained ones.
                    func rank(_ key: DisagreementClass) -> Int { key.readings.isEmpty ? 2 : Self.isCoincidence(key) ? 1 : 0 }
                    // One waiting difference per cause: the same signature, or a reading in common.
                    var count = 1
                    if let k = tally.pending.firstIndex(where: {
                        $0.signature == signature || !Set($0.signature.readings).isDisjoint(with: signature.readings)
                    }) {
                        // Kept as it waits, unless this one ranks before it (a coincidence case of a
                        // reading that now explains a difference no seen class does): it takes its place.
                        guard rank(signature) < rank(tally.pending[k].signature) else {
                            tally.pending[k].count += 1
                            continue
                        }
                        count += tally.pending.remove(at: k).count
                    }
                    let at = tally.pending.firstIndex { rank($0.signature) > rank(signature) } ?? tally.pending.count
                    tally.pending.insert((signature, pended, count), at: at)
                    continue
                }
                shrinkAndRecord(pended, signature: signature, count: 1, into: &tally, onEvent: onEvent, elapsed: elapsed)
            }
        }
        // Waiting disagreements, as far as the share allows now.
        while !stopShrinking(), let first = tally.pending.first, mayShrink(tally, free: !Self.isCoincidence(first.signature)) {
            let next = tally.pending.removeFirst()
            var cache = LookCache()
            if let seen = seenClass(next.item.item.request, ours: next.item.mine, theirs: next.item.theirs, tally: tally, cache: &cache) {
                tally.report.countedUnshrunk += next.count
                for _ in 0..<next.count { record(seen, next.item.unshrunk, into: &tally, onEvent: onEvent, at: elapsed()) }
                continue
            }
            shrinkAndRecord(next.item, signature: next.signature, count: next.count, into: &tally, onEvent: onEvent, elapsed: elapsed)
        }
    }

    /// A disagreement kept for later: the request and both answers.
    struct Pended: Sendable {
        var item: (caseIndex: Int, request: ConformanceProtocol.Request)
        var mine: ConformanceProtocol.Reply
        var theirs: ExternalEngine.Answer
        /// The readings (none seen) that explained it as found: the shrink keeps one of them.
        var among: Set<String>? = nil

        var unshrunk: Example {
            Example(caseIndex: item.caseIndex, original: item.request, shrunk: item.request, ours: mine, theirs: theirs, shrinkAttempts: 0)
        }
    }

    /// Whether shrinking may spend more now: the first `freeShrinks` always (when `free`), then while
    /// shrinking has taken at most `shrinkShare` of the requests. A difference a seen reading may
    /// explain by coincidence is not free: the first shrinks go to differences no seen class
    /// explains, so that each new cause is named within seconds.
    func mayShrink(_ tally: Tally, free: Bool = true) -> Bool {
        if free, tally.report.shrunk - tally.coincidenceShrinks < options.freeShrinks { return true }
        let all = Double(tally.report.requests + tally.report.shrinkRequests)
        return Double(tally.report.shrinkRequests) <= options.shrinkShare * all
    }

    func shrinkAndRecord(_ p: Pended, signature: DisagreementClass, count: Int, into tally: inout Tally,
                         onEvent: (Event) -> Void, elapsed: () -> Double, budget: Int? = nil) {
        let example = shrink(p.item.request, caseIndex: p.item.caseIndex, mine: p.mine, theirs: p.theirs, budget: budget, among: p.among)
        tally.report.shrunk += 1
        if Self.isCoincidence(signature) { tally.coincidenceShrinks += 1 }
        tally.report.shrinkRequests += example.shrinkAttempts
        var key = classify(example, preferring: Set(tally.report.classes.flatMap(\.key.readings) + options.known.flatMap(\.readings)))
        tally.report.shrinkRequests += lastExplainRequests.take()
        // Explained again as a raw difference is: a minimized case no reading names that a class
        // already seen accounts for (a seen reading with another, a seen unexplained class whose
        // rules it holds) is counted there, not as a new class.
        if key.isUnexplained, tally.classIndex[key] == nil, !options.known.contains(key) {
            var cache = LookCache()
            if let seen = seenOrNil(example.shrunk, ours: example.ours, theirs: example.theirs, tally: tally, cache: &cache) { key = seen }
        }
        if let among = p.among, !among.contains(where: key.readings.contains) {
            for name in among { tally.coincidenceTries[name, default: 0] += 1 }
        }
        tally.shrunkBySignature[signature, default: []].append(key)
        record(key, example, into: &tally, onEvent: onEvent, at: elapsed())
        for _ in 1..<max(1, count) { record(key, p.unshrunk, into: &tally, onEvent: onEvent, at: elapsed()) }
    }

    /// The disagreements still waiting when the run ends: each is looked at again (a class found
    /// since may account for it), else shrunk with a quarter of the budget, since a big case is
    /// explained by coincidence too often to be classified as found.
    func settlePending(into tally: inout Tally, onEvent: (Event) -> Void, elapsed: () -> Double) {
        let pending = tally.pending
        tally.pending = []
        for p in pending {
            var cache = LookCache()
            if let seen = seenClass(p.item.item.request, ours: p.item.mine, theirs: p.item.theirs, tally: tally, cache: &cache) {
                tally.report.countedUnshrunk += p.count
                for _ in 0..<p.count { record(seen, p.item.unshrunk, into: &tally, onEvent: onEvent, at: elapsed()) }
                continue
            }
            shrinkAndRecord(p.item, signature: p.signature, count: p.count, into: &tally, onEvent: onEvent, elapsed: elapsed,
                            budget: options.shrinkAttempts / 4)
        }
    }

    /// Counts one disagreement in `key`, a class made the first time (its example is the first one).
    func record(_ key: DisagreementClass, _ example: Example, into tally: inout Tally, onEvent: (Event) -> Void, at seconds: Double) {
        if let i = tally.classIndex[key] {
            tally.report.classes[i].count += 1
            return
        }
        var found = FoundClass(key: key, count: 1, example: example, known: options.known.contains(key), variantOf: nil)
        found.foundAfter = seconds
        // A variant of a class seen or known is known with it (one cause, `groupVariants`).
        if let base = Self.base(of: key, among: tally.report.classes.map(\.key) + Array(options.known)) {
            found.variantOf = base
            if options.known.contains(base) || tally.report.classes.first(where: { $0.key == base })?.known == true { found.known = true }
        }
        tally.classIndex[key] = tally.report.classes.count
        tally.report.classes.append(found)
        onEvent(.classFound(found))
    }

    /// The class of a minimized difference: what explains it (`ReadingExplainer`), else its
    /// features (`DisagreementClassifier`). The explainer's sibling requests count as shrinking.
    func classify(_ example: Example, preferring: Set<String> = []) -> DisagreementClass {
        Self.classify(example.shrunk, ours: example.ours, theirs: example.theirs, explainer: explainer, preferring: preferring) { requests in
            lastExplainRequests.add(requests.count)
            return ask(requests).1
        }
    }

    /// The class of a difference between `ours` and `theirs` on `request` (see `classify(_:)`).
    public static func classify(_ request: ConformanceProtocol.Request, ours: ConformanceProtocol.Reply, theirs: ExternalEngine.Answer,
                                explainer: ReadingExplainer, preferring: Set<String> = [],
                                ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> DisagreementClass {
        if case .failure = theirs { return DisagreementClass(rules: [], ours: "-", theirs: DisagreementClass.label(theirs)) }
        switch explainer.explain(request, ours: ours, theirs: theirs, preferring: preferring, ask: ask) {
        case .rejected(let code):
            return DisagreementClass(rejected: code)
        case .readings(let names):
            // One cause, whichever way it turns the answers (a reading may turn a match into
            // no_match on one case and back on another): the answers are the examples'.
            return DisagreementClass(readings: names, ours: "any", theirs: "any")
        case .unexplained:
            return DisagreementClass(rules: DisagreementClassifier.rules(of: request), ours: DisagreementClass.label(ours),
                                     theirs: DisagreementClass.label(theirs))
        }
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

/// A count that several copies of one `ExternalFuzzer` share (the struct is copied into closures).
final class RequestCounter: Sendable {
    private let lock = NSLock()
    // Only read and written under `lock`.
    nonisolated(unsafe) private var value = 0

    func add(_ n: Int) {
        lock.lock()
        value += n
        lock.unlock()
    }

    /// The count so far, reset to 0.
    func take() -> Int {
        lock.lock()
        defer { value = 0; lock.unlock() }
        return value
    }
}

/// A value another thread fills; `wait()` returns it (the group's wait orders the write before the read).
final class Pending<T>: @unchecked Sendable {
    let group = DispatchGroup()
    var value: T?

    func wait() -> T {
        group.wait()
        return value!
    }
}

import LinkMatch

/// Explains a minimized difference by experiment: the reading(s) of the spec (`Readings.all`) under
/// which LinkMatch gives the other program's answer. A reading *explains* a case when its engine's
/// answer (match, exclude, no_match, or error) is the program's. The steps, in order:
///
/// 1. **Rejections.** When LinkMatch refuses the request (`cannot read "aasa"`, `bad URL`) and the
///    program decides, and no single reading decides it as the program does, the class is
///    LinkMatch's error code: one class per code the program ignores.
/// 2. **Single readings** that explain the case. None: **pairs** (two readings composed,
///    `Readings.composed`). None either: unexplained (the class falls back to the features,
///    `DisagreementClassifier`).
/// 3. **Siblings decide between candidates.** The case's siblings are its one-step shrinks
///    (`Shrinker.candidates`) plus a few targeted variants (`siblings`: a leading `/` added to the
///    URL path, its trailing `/` added or removed, an unrelated path, the document's literal paths and fragments,
///    `defaults` moved to the other level, an empty `appIDs` given another app, the app listed in
///    `appIDs` with another `appID`, a custom variable named like a predefined one renamed, the
///    URL without port and userinfo, the patterns' escapes decoded, the URL's escapes in the other
///    hex case). Every
///    sibling on which the candidates answer differently is asked of the program (at most
///    `maxSiblingRequests`); a candidate that contradicts the program on a sibling is dropped,
///    unless every candidate does (then the ones contradicted least stay).
/// 4. **Specificity.** Of the candidates left, a reading that generalizes another one left
///    (`Reading.generalizes`) is dropped; then the candidates whose rewrite changes the least of
///    this case stay (`ReadingEngine.changes`: rules whose fields change, plus one for the URL and
///    one for the query items); of those, the first in catalogue order is the choice.
/// 5. **The choice is checked** (`firstConfirmed`, ReadingExplainerCheck.swift): the program is
///    asked about siblings where the chosen reading answers otherwise than LinkMatch, and where its
///    feature is gone (it then predicts LinkMatch's answer). A reading the program contradicts there
///    is not the cause: the next candidate is checked (readings found before first, and within them
///    document-level readings, D, C and V rules, before the others); none left: unexplained (or
///    LinkMatch's error code when it refuses the request).
public struct ReadingExplainer: Sendable {
    /// The readings tried, in catalogue order.
    public var readings: [Reading]
    /// Sibling requests asked of the program per explanation.
    public var maxSiblingRequests: Int

    /// Sibling requests asked of the program to check one candidate (step 5).
    public var maxCheckRequests: Int
    /// Candidates checked before a difference is left unexplained (step 5).
    public var maxCandidatesChecked: Int

    public init(readings: [Reading] = Readings.all, maxSiblingRequests: Int = 24, maxCheckRequests: Int = 16,
                maxCandidatesChecked: Int = 4) {
        self.readings = readings
        self.maxSiblingRequests = maxSiblingRequests
        self.maxCheckRequests = maxCheckRequests
        self.maxCandidatesChecked = maxCandidatesChecked
    }

    /// What explains a difference.
    public enum Explanation: Sendable, Hashable {
        /// These readings together (one, or two composed).
        case readings([String])
        /// LinkMatch refuses the request with this error code; the program decides.
        case rejected(String)
        /// No reading (or pair) gives the program's answer.
        case unexplained
    }

    /// The readings (single ones) whose answer on `request` is `theirs`: cheap, in process, used to
    /// keep the explanation while shrinking.
    public func singles(_ request: ConformanceProtocol.Request, theirs: String, among: Set<String>? = nil) -> [String] {
        let prepared = ConformanceProtocol.prepareDocument(request.aasa)
        return readings.filter { among?.contains($0.name) ?? true }
            .filter { label(request, engine: $0.engine, parsed: prepared) == theirs }.map(\.name)
    }

    /// The explanation of a difference: `ours` and `theirs` are both answers on `request`, `ask` asks
    /// the program about sibling requests.
    /// `preferring`: readings already found to explain other differences of the program; where the
    /// siblings leave such a candidate, the ones not found are dropped (a cause known to be present
    /// explains the case as well as a new one).
    public func explain(_ request: ConformanceProtocol.Request, ours: ConformanceProtocol.Reply, theirs: ExternalEngine.Answer,
                        preferring: Set<String> = [],
                        ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> Explanation {
        let target = DisagreementClass.label(theirs)
        let parsed = ConformanceProtocol.prepareDocument(request.aasa)
        var candidates: [[Reading]] = readings.filter { label(request, engine: $0.engine, parsed: parsed) == target }.map { [$0] }
        // A request LinkMatch refuses that a reading decides as the program does (a bare `%` taken
        // literally) is that reading's; else the class is LinkMatch's error code.
        if case .error(_, let message) = ours, case .decision = theirs, candidates.isEmpty { return .rejected(Self.errorCode(message)) }
        if candidates.isEmpty {
            for (i, a) in readings.enumerated() {
                for b in readings[(i + 1)...] {
                    guard let both = Readings.composed([a, b]), label(request, engine: both.engine, parsed: parsed) == target else { continue }
                    candidates.append([a, b])
                }
            }
        }
        // Two causes already found can together give the program's answer where a new reading
        // alone gives it too: the pair is a candidate beside it (found ones are tried first), so
        // what two known deviations make together is counted under them, not as a new cause.
        if !candidates.isEmpty, !candidates.contains(where: { $0.allSatisfy { preferring.contains($0.name) } }) {
            let found = readings.filter { preferring.contains($0.name) }
            for (i, a) in found.enumerated() {
                for b in found[(i + 1)...] {
                    guard let both = Readings.composed([a, b]), label(request, engine: both.engine, parsed: parsed) == target else { continue }
                    candidates.append([a, b])
                }
            }
        }
        guard !candidates.isEmpty else { return .unexplained }
        let engines = candidates.map { Readings.composed($0)!.engine }
        if candidates.count > 1 {
            candidates = discriminated(request, candidates: candidates, engines: engines, ask: ask)
        }
        if let confirmed = firstConfirmed(candidates, request: request, target: target, preferring: preferring, ask: ask) {
            return .readings(confirmed.map(\.name))
        }
        if case .error(_, let message) = ours, case .decision = theirs { return .rejected(Self.errorCode(message)) }
        return .unexplained
    }

    /// The candidates the program's answers on siblings leave (step 3).
    func discriminated(_ request: ConformanceProtocol.Request, candidates: [[Reading]], engines: [any MatchEngine],
                       ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> [[Reading]] {
        var asked: [ConformanceProtocol.Request] = []
        var predictions: [[String]] = []
        for sibling in Self.siblings(of: request) where asked.count < maxSiblingRequests {
            let parsed = ConformanceProtocol.prepareDocument(sibling.aasa)
            let answers = engines.map { label(sibling, engine: $0, parsed: parsed) }
            guard Set(answers).count > 1 else { continue }
            var s = sibling
            s.id = .string("explain.\(asked.count)")
            asked.append(s)
            predictions.append(answers)
        }
        guard !asked.isEmpty else { return candidates }
        let answers = ask(asked)
        var contradictions = Array(repeating: 0, count: candidates.count)
        for (k, answer) in answers.enumerated() {
            if case .failure = answer { continue }
            let theirs = DisagreementClass.label(answer)
            for c in candidates.indices where predictions[k][c] != theirs { contradictions[c] += 1 }
        }
        let fewest = contradictions.min() ?? 0
        return candidates.indices.filter { contradictions[$0] == fewest }.map { candidates[$0] }
    }

    /// Step 4: generalizing readings dropped, then the fewest changes, then catalogue order.
    func mostSpecific(_ candidates: [[Reading]], request: ConformanceProtocol.Request) -> [Reading] {
        let kept = Self.notGeneralizing(candidates)
        let pool = kept.isEmpty ? candidates : kept
        let document = try? AASADocument.parse(Array(request.aasa.serialized().utf8)).document
        let url = try? ParsedURL(request.url)
        func changes(_ c: [Reading]) -> Int {
            guard let document, let url, let engine = Readings.composed(c)?.engine as? ReadingEngine else { return Int.max }
            return engine.changes(document, url: url, domain: request.domain)
        }
        func order(_ c: [Reading]) -> [Int] { c.map { r in readings.firstIndex { $0.name == r.name } ?? readings.count } }
        let ranked = pool.map { ($0, changes($0)) }
        let least = ranked.map(\.1).min() ?? 0
        return ranked.filter { $0.1 == least }.map(\.0).min { order($0).lexicographicallyPrecedes(order($1)) } ?? pool[0]
    }

    /// The candidates that generalize no other candidate: a candidate is left out when another one
    /// is it with a reading replaced by one that reading generalizes.
    static func notGeneralizing(_ candidates: [[Reading]]) -> [[Reading]] {
        let names = candidates.map { Set($0.map(\.name)) }
        return candidates.indices.filter { i in
            !candidates.indices.contains { j in
                j != i && names[j].count == names[i].count && candidates[i].contains { general in
                    general.generalizes.contains { names[j].contains($0) } && names[i].subtracting([general.name]) == names[j].subtracting(general.generalizes)
                }
            }
        }.map { candidates[$0] }
    }

    func label(_ request: ConformanceProtocol.Request, engine: any MatchEngine,
               parsed: Result<AASADocument, ConformanceProtocol.DocumentFailure>) -> String {
        DisagreementClass.label(ConformanceProtocol.answer(request, document: parsed.map { engine.prepare($0) }))
    }

    /// The code in brackets that ends LinkMatch's error messages (`... [invalid-json]`), or the
    /// whole message's first word when there is none.
    public static func errorCode(_ message: String) -> String {
        if message.hasSuffix("]"), let open = message.lastIndex(of: "[") {
            return String(message[message.index(after: open)..<message.index(before: message.endIndex)])
        }
        return String(message.prefix { $0 != ":" && $0 != " " })
    }
}

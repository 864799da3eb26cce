import LinkMatch

/// Looking before shrinking (issue 29): a raw disagreement is classified against the classes
/// already seen (found in this run or known), in process, before any request is spent on it. Only
/// a difference no seen class accounts for is shrunk.
extension ExternalFuzzer {
    /// The prepared documents of the readings for one document, reused while consecutive requests
    /// share it (a document case asks many URLs of one document).
    struct LookCache {
        var aasa: JSONValue?
        var parsed: Result<AASADocument, ConformanceProtocol.DocumentFailure>?
        var prepared: [String: Result<any PreparedDocument, ConformanceProtocol.DocumentFailure>] = [:]

        /// The answer of `engine` (named `name`) on `request`.
        mutating func label(_ request: ConformanceProtocol.Request, name: String, engine: any MatchEngine) -> String {
            if aasa != request.aasa {
                aasa = request.aasa
                parsed = ConformanceProtocol.prepareDocument(request.aasa)
                prepared = [:]
            }
            if prepared[name] == nil { prepared[name] = parsed!.map { engine.prepare($0) } }
            return DisagreementClass.label(ConformanceProtocol.answer(request, document: prepared[name]!))
        }
    }

    /// The class already seen (found or known) that accounts for a raw disagreement, or nil when
    /// none does and the difference may be new:
    /// - a seen single reading whose answer on the request is the program's (seen classes first,
    ///   so a difference of a known cause costs only the seen readings);
    /// - none, and no reading of the catalogue gives the program's answer either: LinkMatch's error
    ///   code when it rejects the request; a seen pair of readings that gives it; a seen unexplained
    ///   class (or program error) whose rules the request's features include.
    func seenClass(_ request: ConformanceProtocol.Request, ours: ConformanceProtocol.Reply, theirs: ExternalEngine.Answer,
                   tally: Tally, cache: inout LookCache) -> DisagreementClass? {
        if case .seen(let key) = look(request, ours: ours, theirs: theirs, tally: tally, cache: &cache) { return key }
        return nil
    }

    /// What looking at a raw disagreement tells (`look`).
    enum Look: Equatable {
        /// A class already seen accounts for it.
        case seen(DisagreementClass)
        /// No seen class does, but these readings of the catalogue (none seen) give the program's
        /// answer: most likely a new cause, to be shrunk.
        case newReadings([String])
        /// A seen reading explains this feature case, but so do these readings not seen yet: shrunk
        /// (after the `newReadings` ones) to tell a coincidence from a new cause.
        case coincidence([String])
        /// Nothing seen accounts for it and no single reading explains it.
        case unexplained
    }

    /// `seenClass`, telling a difference some unseen reading explains from one none does.
    func look(_ request: ConformanceProtocol.Request, ours: ConformanceProtocol.Reply, theirs: ExternalEngine.Answer,
              tally: Tally, cache: inout LookCache) -> Look {
        let target = DisagreementClass.label(theirs)
        if let key = seenOrNil(request, ours: ours, theirs: theirs, tally: tally, cache: &cache) {
            // A feature case (a small document built around one rule) that a seen reading explains
            // may still be a new cause the seen one explains by coincidence (`percent-encoded-ignored`
            // counts `İ` as six characters, as a full lowercase counts it as two): when readings not
            // seen explain it too, it is shrunk keeping one of them, a few times per reading.
            guard Self.isFeatureCase(request), key.readings.count == 1 else { return .seen(key) }
            let seenNames = Set(tally.report.classes.flatMap(\.key.readings) + options.known.flatMap(\.readings))
            // A reading that generalizes a seen one adds no cause (the specificity rule drops it).
            // Nor does one a seen reading generalizes (the seen one explains all its cases).
            let unseen = explainer.readings.filter { r in
                !seenNames.contains(r.name) && seenNames.isDisjoint(with: r.generalizes)
                    && !seenNames.contains(where: { Readings.named($0)?.generalizes.contains(r.name) ?? false })
                    && tally.coincidenceTries[r.name, default: 0] < Self.coincidenceTries
                    && cache.label(request, name: r.name, engine: r.engine) == target
            }.map(\.name)
            return unseen.isEmpty ? .seen(key) : .coincidence(unseen.sorted())
        }
        let names = explainer.readings.filter { cache.label(request, name: $0.name, engine: $0.engine) == target }.map(\.name)
        return names.isEmpty ? .unexplained : .newReadings(names.sorted())
    }

    /// Shrinks tried per reading for a feature case a seen reading also explains, before the
    /// reading is taken for a coincidence there.
    static let coincidenceTries = 2

    /// A signature of a feature case a seen reading explains and unseen ones too (`Look.coincidence`).
    static func isCoincidence(_ signature: DisagreementClass) -> Bool { signature.ours == "coincidence" }

    /// A request of a `FeatureCase` (ids `N.feature` and `N.feature.K`).
    static func isFeatureCase(_ request: ConformanceProtocol.Request) -> Bool {
        if case .string(let id) = request.id { return id.contains(".feature") }
        return false
    }

    func seenOrNil(_ request: ConformanceProtocol.Request, ours: ConformanceProtocol.Reply, theirs: ExternalEngine.Answer,
                   tally: Tally, cache: inout LookCache) -> DisagreementClass? {
        let target = DisagreementClass.label(theirs)
        let seen = tally.report.classes.map(\.key) + options.known.sorted()
        for key in seen where key.readings.count == 1 {
            guard let reading = Readings.named(key.readings[0]) else { continue }
            if cache.label(request, name: reading.name, engine: reading.engine) == target { return key }
        }
        let explaining = explainer.readings.contains { cache.label(request, name: $0.name, engine: $0.engine) == target }
        if explaining { return nil }
        // Two causes in one case (a big generated document meets several deviations): a seen
        // reading composed with another reading gives the program's answer. Counted under the
        // seen one; the other shows alone in another case.
        for key in seen where key.readings.count == 1 {
            guard let first = Readings.named(key.readings[0]) else { continue }
            for other in explainer.readings where other.name != first.name {
                guard let both = Readings.composed([first, other]) else { continue }
                if cache.label(request, name: both.name, engine: both.engine) == target { return key }
            }
        }
        if case .error(_, let message) = ours, case .decision = theirs {
            let key = DisagreementClass(rejected: ReadingExplainer.errorCode(message))
            return seen.contains(key) ? key : nil
        }
        for key in seen where key.readings.count > 1 {
            guard let pair = Readings.named(key.readings.joined(separator: "+")) else { continue }
            if cache.label(request, name: pair.name, engine: pair.engine) == target { return key }
        }
        let features = Set(DisagreementClassifier.rules(of: request))
        let kind = DisagreementClass(rules: [], ours: DisagreementClass.label(ours), theirs: target)
        return seen.filter { $0.isUnexplained && !$0.rules.isEmpty && Self.sameKind($0, kind) && Set($0.rules).isSubset(of: features) }
            .min { ($0.rules.count, $0) < ($1.rules.count, $1) }
    }

    /// Two unexplained classes may be one cause when the program errs in both or decides in both
    /// (a program error is classed by the smallest feature that triggers it, whatever LinkMatch says).
    static func sameKind(_ a: DisagreementClass, _ b: DisagreementClass) -> Bool {
        (a.theirs == "error") == (b.theirs == "error") && (a.ours == "error") == (b.ours == "error")
    }

    /// The class `key` is a variant of, among `classes`: for an unexplained class, the one of the
    /// same kind whose rules are a strict subset of its own (the fewest rules wins); for a pair of
    /// readings, a class of one of its readings alone. Nil for other classes.
    static func base(of key: DisagreementClass, among classes: [DisagreementClass]) -> DisagreementClass? {
        if key.readings.count > 1 {
            return classes.filter { $0.readings.count == 1 && key.readings.contains($0.readings[0]) }.min()
        }
        // A reading found beside one that generalizes it (`defaults-ignored` beside
        // `entry-defaults-ignored`): the general one is the cause, the special cases its variants.
        if key.readings.count == 1 {
            return classes.filter { c in
                c.readings.count == 1 && (Readings.named(c.readings[0])?.generalizes.contains(key.readings[0]) ?? false)
            }.min()
        }
        guard key.isUnexplained, !key.rules.isEmpty else { return nil }
        let mine = Set(key.rules)
        return classes.filter {
            $0 != key && $0.isUnexplained && !$0.rules.isEmpty && sameKind($0, key) && Set($0.rules).isStrictSubset(of: mine)
        }.min { ($0.rules.count, $0) < ($1.rules.count, $1) }
    }
}

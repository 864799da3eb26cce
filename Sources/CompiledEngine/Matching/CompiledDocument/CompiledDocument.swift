import LinkMatchCore
import LinkMatchModel

/// A document compiled for many decisions: every rule compiled once, and per app the rule list
/// with its rule index (literal prefixes, literal suffixes, a leading variable's values: RuleIndex;
/// D7, C3, M1). Flat: rules, patterns, query items and matchers are values in document-wide arrays
/// (`FlatRules`, one object per document) that name each other by index, so a decision reads them
/// through one view and counts no references. Immutable after `init`, so it is safe to share.
public struct CompiledDocument: Sendable {
    /// The rules and everything they index; also what builds a deciding rule's trace. Held by
    /// reference so that the document stays a few words (a large struct is copied with `memcpy`
    /// wherever it is passed through a protocol).
    let flat: FlatRules
    /// Every app's plan (an index into `plans`) when the document has more than `fewAppsLimit` apps
    /// (else nil: `fewApps` has them). Lookups only, never iterated (determinism).
    let manyApps: ManyAppPlans?
    let plans: [RuleIndex]
    /// Every plan's index tries, in shared arrays.
    let tries: IndexTries
    /// Every app's plan when the document has at most `fewAppsLimit` apps, in a list: scanned
    /// without hashing (then `manyApps` is nil).
    let fewApps: [(app: String, plan: Int)]?
    /// The most apps a document has for them to be scanned rather than hashed (also while compiling:
    /// at most this many app IDs listed, counted with repeats, are found by a scan).
    static let fewAppsLimit = 8

    /// Compiles every rule of `document` once (a rule with an invalid pattern, P3/P4/P5, is left out:
    /// it never matches) and builds per app its ordered rule list with its rule index. Never throws or
    /// traps, whatever the document holds. `CompiledEngine.prepare` calls this.
    public init(_ document: AASADocument) {
        var built = 0
        self.init(document, hashing: .perProcess, builtIndexes: &built)
    }

    /// `init(_:)` with the compile's hash tables (the pattern memo's, the app IDs') hashing as
    /// `hashing` says: tests make every key collide and check that nothing else changes.
    init(_ document: AASADocument, hashing: TableHashing) {
        var built = 0
        self.init(document, hashing: hashing, builtIndexes: &built)
    }

    /// `init(_:)`, also setting `builtIndexes` to how many plans built their own rule index (the
    /// others took an earlier plan's, `RuleIndexBuilder`), which the tests read. Counted here, not
    /// stored: the document is copied whenever it is passed through a protocol.
    init(_ document: AASADocument, builtIndexes: inout Int) {
        self.init(document, hashing: .perProcess, builtIndexes: &builtIndexes)
    }

    /// The compile from the model the others call: `hashing` for the compile's hash tables,
    /// `builtIndexes` set to how many plans built their own rule index.
    init(_ document: borrowing AASADocument, hashing: TableHashing, builtIndexes: inout Int) {
        let entryCount = document.entries.count
        var ruleCount = 0
        for e in 0..<entryCount { ruleCount += document.entries[e].rules.count }
        var compiled = CompiledRules(VariableResolver(document.variables), rules: ruleCount, entries: entryCount, hashing: hashing)
        // Each rule's keys are read in place through the buffers' addressors (no copy of a rule, its
        // fields or its entry, no effective rule made): an array's subscript would copy the fields.
        document.entries.withUnsafeBufferPointer { entries in
            for e in entries.indices {
                compiled.startEntry()
                entries[e].rules.withUnsafeBufferPointer { entryRules in
                    for r in entryRules.indices {
                        // SAFETY: `e` and `r` are the buffers' own indices (the subscripts check them in debug builds).
                        guard CompiledRule.compile(entryRules[r].fields, entryDefaults: entries[e].defaults,
                                                   domainDefaults: document.defaults, into: &compiled.rules,
                                                   patterns: &compiled.patterns, items: &compiled.items,
                                                   itemNames: &compiled.itemNames) else { continue }
                        compiled.origins.append(RuleOrigin(entry: Int32(e), rule: Int32(r)))
                    }
                }
            }
        }
        compiled.finishEntries()
        // The apps: most files list a few, found by a scan (no table built); past `fewAppsLimit`, by hashing.
        var listedApps = 0 // an upper bound on the apps
        for e in 0..<entryCount { listedApps += document.entries[e].appIDs.count }
        let apps = DocumentApps(of: document, listed: listedApps, hashing: listedApps > Self.fewAppsLimit ? hashing : nil)
        self.init(compiled, apps: apps, sources: .model(entries: document.entries, defaults: document.defaults),
                  builtIndexes: &builtIndexes)
    }

    /// The document of the rules `compiled` (entry by entry) and the apps `apps` that list the
    /// entries; `sources` rebuilds a deciding rule's trace. Both compiles end here.
    init(_ compiled: consuming CompiledRules, apps: borrowing DocumentApps, sources: RuleSources, builtIndexes: inout Int) {
        let firstRule = compiled.firstRule
        let entryCount = firstRule.count - 1
        let rules = compiled.rules
        let keyBytes = compiled.patterns.keyBytes
        // Apps listed in the same entries share one plan: an app in one entry (most files) finds it
        // by the entry's number, apps in the same several entries by `earlierAppWithSameEntries`.
        // Plans of other entries with the same shape share their index (`RuleIndexBuilder`).
        var plans: [RuleIndex] = []
        plans.reserveCapacity(apps.count)
        var planOfEntry = [Int32](repeating: -1, count: entryCount)
        let sameEntries = apps.earlierAppWithSameEntries()
        var indexes = RuleIndexBuilder()
        var appPlans: [Int32] = [] // per app
        appPlans.reserveCapacity(apps.count)
        for a in 0..<apps.count {
            if !apps.isInSeveralEntries(a) {
                let e = apps.firstEntry(of: a)
                if planOfEntry[e] < 0 {
                    planOfEntry[e] = Int32(plans.count)
                    let ordinals = Self.ordinals(firstRule[e]..<firstRule[e + 1])
                    plans.append(indexes.index(of: ordinals, all: rules, keyBytes: keyBytes))
                }
                appPlans.append(planOfEntry[e])
            } else if !sameEntries.isEmpty, sameEntries[a] >= 0 {
                appPlans.append(appPlans[Int(sameEntries[a])])
            } else {
                var ordinals: [Int32] = []
                for e in apps.entries(of: a) { ordinals.append(contentsOf: firstRule[Int(e)]..<firstRule[Int(e) + 1]) }
                appPlans.append(Int32(plans.count))
                plans.append(indexes.index(of: ordinals, all: rules, keyBytes: keyBytes))
            }
        }
        flat = FlatRules(rules: rules, patterns: compiled.patterns.programs, items: compiled.items, itemNames: compiled.itemNames,
                         matchers: compiled.patterns.store, sources: sources, origins: compiled.origins)
        self.plans = plans
        tries = indexes.finish()
        builtIndexes = indexes.builtCount
        if apps.count > Self.fewAppsLimit, var index = apps.index {
            index.setPlans(appPlans)
            manyApps = ManyAppPlans(index)
            fewApps = nil
        } else {
            manyApps = nil
            fewApps = (0..<apps.count).map { (apps.ids[$0], Int(appPlans[$0])) }
        }
    }

    /// The rule ordinals `range`, in an array of exactly that size (`Array(range)` copies a range of
    /// `Int32` one generic step at a time).
    private static func ordinals(_ range: Range<Int32>) -> [Int32] {
        Array(unsafeUninitializedCapacity: range.count) { buffer, count in
            for (k, ordinal) in range.enumerated() {
                // SAFETY: `range` has as many ordinals as the capacity asked for, so `k` is inside `buffer`.
                assert(k < buffer.count)
                buffer.initializeElement(at: k, to: ordinal)
            }
            count = range.count
        }
    }

    /// The decision for `url` and `appID` (M1), with the contract of `PreparedDocument.decide`; never
    /// `.undecided`.
    public func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
        var work = 0
        return decide(url, appID: appID, domain: domain, work: &work)
    }

    /// `decide`, also counting the work done (trie steps, unit comparisons, state-set words).
    public func decideCountingWork(_ url: ParsedURL, appID: String, domain: String) -> (decision: Decision, work: Int) {
        var work = 0
        let decision = decide(url, appID: appID, domain: domain, work: &work)
        return (decision, work)
    }

    func decide(_ url: ParsedURL, appID: String, domain: String, work: inout Int) -> Decision {
        // U2: https only (ASCII case-insensitive).
        guard HostComparison.equalIgnoringASCIICase(url.scheme, "https") else { return .noMatch(.scheme) }
        // U3: the file's domain; an empty domain skips the check.
        if !domain.isEmpty, !HostComparison.equalIgnoringASCIICase(url.host, domain) { return .noMatch(.host) }
        guard let p = plan(of: appID) else { return .noMatch(.appNotListed) }
        let plan = plans[p]
        var texts = URLTexts(url)
        // C3, D7: the first matching rule in app order decides; the index only skips rules that
        // cannot match the URL's path (their literal start or end is not the path's, RuleIndex).
        // The candidates go to a temporary buffer on the stack: room for all of them when the plan
        // lists few, else `stackCandidates` first (see `firstMatchingAmongMany`).
        let matched = plan.maxCandidates <= Self.stackCandidates
            ? withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, plan.maxCandidates)) { buffer -> Int? in
                firstMatching(plan, &texts, buffer, work: &work)
            }
            : firstMatchingAmongMany(plan, &texts, work: &work)
        guard let matched else { return .noMatch(.noRuleMatched) }
        // The trace is built when read (most callers read only the outcome).
        return Decision(outcome: flat.view.excludes(matched) ? .exclude : .match, deciding: flat, rule: matched,
                        path: url.path, query: url.query, fragment: url.fragment)
    }

    /// Candidate ordinals a decision holds on the stack: 1 KiB, what the standard library always
    /// places there (a larger temporary allocation went to `malloc`).
    static let stackCandidates = 256

    /// `firstMatching` for a plan that lists more ordinals than the stack buffer holds: a path of a
    /// large document has few candidates, so they go to `stackCandidates` on the stack first (no
    /// allocation); only when they do not fit is the walk done again into room for every ordinal
    /// the plan lists (on the heap).
    @inline(never)
    private func firstMatchingAmongMany(_ plan: RuleIndex, _ texts: inout URLTexts, work: inout Int) -> Int? {
        var fitted = true
        let matched = withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCandidates) { buffer -> Int? in
            let count = plan.candidates(&texts, in: tries, into: buffer, bounded: true, work: &work)
            fitted = count <= buffer.count
            return fitted ? firstMatching(plan, &texts, buffer, count: count, work: &work) : nil
        }
        if fitted { return matched }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: plan.maxCandidates) { buffer -> Int? in
            firstMatching(plan, &texts, buffer, work: &work)
        }
    }

    /// The first rule of `plan` (in rule order) among the index's candidates for `texts` that
    /// matches, the candidates written to `buffer`, which has room for all of them.
    @inline(__always)
    private func firstMatching(_ plan: RuleIndex, _ texts: inout URLTexts, _ buffer: UnsafeMutableBufferPointer<Int32>,
                               work: inout Int) -> Int? {
        let count = plan.candidates(&texts, in: tries, into: buffer, bounded: false, work: &work)
        return firstMatching(plan, &texts, buffer, count: count, work: &work)
    }

    /// The first rule of `plan` among the `count` candidates in `buffer` that matches `texts`.
    @inline(__always)
    private func firstMatching(_ plan: RuleIndex, _ texts: inout URLTexts, _ buffer: UnsafeMutableBufferPointer<Int32>,
                               count: Int, work: inout Int) -> Int? {
        // SAFETY: the candidates fitted (the callers give room for all, or check), so `candidates` wrote `buffer[0..<count]` with `count <= buffer.count`.
        assert(count >= 0 && count <= buffer.count)
        let document = flat.view
        for k in 0..<count {
            let r = Int(plan.rules[Int(buffer[k])])
            if document.ruleMatches(r, &texts, work: &work) { return r }
        }
        return nil
    }

    /// The plan of `appID`: a scan of the few apps most files list (no hashing), else the app index.
    @inline(__always)
    private func plan(of appID: String) -> Int? {
        if let apps = fewApps {
            for i in apps.indices where apps[i].app.isExactly(appID) { return apps[i].plan }
            return nil
        }
        return manyApps?.index.plan(of: appID)
    }

    /// Rules compiled (valid ones), for the benchmark.
    public var compiledRuleCount: Int { flat.ruleCount }
}

/// A dictionary key compared exactly, code point by code point (D12: Swift's `==` on strings is
/// canonical equivalence), hashed on its UTF-8 bytes: looking up an app ID copies nothing.
struct ExactKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (a: ExactKey, b: ExactKey) -> Bool { a.text.isExactly(b.text) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// U2/U3 comparisons: ASCII letters compared without case, everything else exactly as Swift
/// compares strings (a byte comparison when both sides are ASCII, which is the usual case).
enum HostComparison {
    static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        // The usual case first: both ASCII, compared in place.
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool? in
                for byte in x where byte >= 0x80 { return nil }
                for byte in y where byte >= 0x80 { return nil }
                guard x.count == y.count else { return false }
                for i in 0..<x.count where lower(x[i]) != lower(y[i]) { return false }
                return true
            }
        }
        if case .some(.some(.some(let fast))) = fast { return fast }
        guard a.utf8.allSatisfy({ $0 < 0x80 }), b.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered(a) == lowered(b) }
        return a.utf8.elementsEqual(b.utf8) { lower($0) == lower($1) }
    }

    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    static func lowered(_ s: String) -> String { String(decoding: s.utf8.map(lower), as: UTF8.self) }
}

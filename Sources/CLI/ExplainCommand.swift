import ArgumentParser
import LinkMatch

/// `linkmatch explain FILE URL --app ID`: the decision in words: the URL's parts, where the app is
/// listed, the effective defaults, and part by part the deciding rule (or, when nothing matched, the
/// rule that came closest and why it failed). The compiled engine decides, as in `check`, so the two
/// always agree; the reference engine's trace explains each rule, and where its step budget (M1) runs
/// out on a part, the compiled engine's verdict for that part is shown and marked as such.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain, part by part, how a URL is decided for one app.",
        discussion: """
        The compiled engine decides (as in 'check'); the reference engine's part-by-part evaluation \
        explains it. Exit 1 on a bad file or URL.
        """
    )

    @Argument(help: "The apple-app-site-association file (- for standard input; a pipe or FIFO is read too).")
    var file: String

    @Argument(help: "The URL to explain.")
    var url: String

    @Option(name: .customLong("app"), help: "The app ID to decide for.")
    var app: String

    @Option(help: "The domain the file is served from (default: no host check, SPEC.md U3).")
    var domain: String?

    func run() throws {
        do {
            try DomainOption.check(domain)
        } catch {
            throw error.report()
        }
        let parsed = try DocumentLoader.loadForDeciding(file)
        let parsedURL: ParsedURL
        switch URLReading.parse(url) {
        case .failure(let failure):
            Output.error(failure.message)
            throw ExitCode(1)
        case .success(let u):
            parsedURL = u
        }
        let explanation = Explanation(document: parsed.document, url: parsedURL, app: app, domain: domain)
        for line in explanation.lines() { Output.line(line) }
        for line in urlOpenPoints(parsedURL) { Output.line(line) }
        if explanation.decision.outcome == .undecided { throw ExitCode(1) }
    }
}

extension ExplainCommand {
    /// Open points the URL itself went through before any rule: raw characters encoded (U4), a
    /// userinfo or port dropped from the authority (U3).
    func urlOpenPoints(_ parsed: ParsedURL) -> [String] {
        var out: [String] = []
        if parsed.text != url {
            out.append("  open point U4-raw-characters (SPEC.md section 15): raw characters were percent-encoded (\(parsed.text)); other matchers may refuse the URL or compare them raw")
        }
        let afterScheme = parsed.text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        if afterScheme.count > 2, let authority = afterScheme[2].split(whereSeparator: { $0 == "?" || $0 == "#" }).first,
           authority != Substring(parsed.host) {
            out.append("  open point U3-authority (SPEC.md section 15): the authority \(authority) was read as the host \(parsed.host); other matchers may refuse a userinfo or port")
        }
        return out.isEmpty ? [] : [""] + out
    }
}

/// Builds the explanation text (kept apart from I/O so it reads top to bottom).
struct Explanation {
    let document: AASADocument
    let url: ParsedURL
    let app: String
    let domain: String?
    /// The decision, by the engine `check` uses by default.
    let decision: Decision
    /// The lints' findings on the document's rules (`lintNotes`).
    let lintFindings: [Diagnostic]

    init(document: AASADocument, url: ParsedURL, app: String, domain: String?) {
        self.document = document
        self.url = url
        self.app = app
        self.domain = domain
        decision = EngineChoice.defaultChoice.engine.prepare(document).decide(url, appID: app, domain: domain)
        lintFindings = Lints.patternFindings(document)
    }

    /// At most this many non-matching rules are listed one by one.
    static let listedRuleLimit = 10

    func lines() -> [String] {
        var out = urlSection(decision)
        switch decision.reason {
        case .scheme?:
            out.append("Decision: no_match: the scheme is \(quoted(url.scheme)); only https URLs open apps (U2)")
            out.append("  open point U2-http-scheme (SPEC.md section 15): other matchers may ignore the scheme and go on to the rules")
            return out
        case .host?:
            out.append("Decision: no_match: the host \(quoted(url.host)) is not the domain \(quoted(domain ?? "")) (U3)")
            return out
        default:
            break
        }
        out += appSection()
        guard decision.reason != .appNotListed else {
            out.append("")
            out.append("Decision: no_match: no entry lists \(app)")
            return out
        }
        let rules = document.effectiveRules(for: app)
        let traces = rules.map { ExplainedTrace.parts(of: $0, url: url, variables: document.variables) }
        switch decision.outcome {
        case .match, .exclude:
            guard let deciding = decision.rule,
                  let index = rules.firstIndex(where: { $0.sourcePath == deciding.sourcePath }) else {
                out.append("Decision: \(decision)")
                return out
            }
            out.append("")
            out.append("Decision: \(decision.outcome.rawValue) by \(deciding.sourcePath)"
                       + (decision.outcome == .exclude ? " (an exclude rule: the URL opens in the browser)" : ""))
            out += triedBefore(rules: rules, traces: traces, upTo: index)
            out += ruleSection(title: "Deciding rule", rules[index], traces[index])
            out += nearMisses(rules: rules, traces: traces, after: index)
            out += openPoints(rules[...index])
        case .noMatch:
            out.append("")
            out.append("Decision: no_match: none of the \(rules.count) rule\(rules.count == 1 ? "" : "s") for this app matched")
            // The closest rule: most parts matched before one failed; the first on ties.
            var best: Int?
            for i in rules.indices {
                let matched = traces[i].filter { $0.verdict == .matched }.count
                if best.map({ matched > traces[$0].filter { $0.verdict == .matched }.count }) ?? true { best = i }
            }
            out += triedBefore(rules: rules, traces: traces, upTo: rules.count)
            if let best {
                out += ruleSection(title: "Closest rule", rules[best], traces[best])
                if let failed = traces[best].first(where: { $0.verdict != .matched }) {
                    out.append("  -> it fails at the \(failed.part): \(why(failed, rules[best]))")
                }
                out += lintNotes(rules[best])
            }
            out += openPoints(rules[...])
        case .undecided:
            // The compiled engine never answers undecided; kept so a future engine that does is explained.
            out.append("")
            out.append("Decision: undecided: the \(EngineChoice.defaultChoice.rawValue) engine's step budget ran out (M1)")
        }
        if traces.contains(where: { $0.contains { $0.byCompiled } }) {
            out.append("")
            out.append("  note: the reference engine's step budget (\(ExplainedTrace.budgetWords), M1) ran out on the parts marked "
                       + "\"compiled engine\"; their verdicts are the compiled engine's, which decides (it never runs out)")
        }
        return out
    }

    /// The open points (SPEC.md section 15) the decision went through: for each rule tried, each
    /// other reading of it that would decide this URL differently.
    func openPoints(_ tried: ArraySlice<EffectiveRule>) -> [String] {
        let original = ReferenceEngine().prepare(document)
        var out: [String] = []
        for rule in tried {
            for reading in OpenPointReadings.readings(entryIndex: rule.entryIndex, ruleIndex: rule.ruleIndex,
                                                      in: document, appID: app) {
                let alternative = ReferenceEngine().prepare(reading.alternative)
                guard let d = OpenPointDifference.on(url.text, reading, original: original, alternative: alternative) else { continue }
                out.append("  open point \(reading.pointID) at \(rule.sourcePath) (SPEC.md section 15): "
                           + "under the reading \(reading.reading) this URL would be \(d.other.rawValue), not \(d.linkMatch.rawValue)")
            }
        }
        return out.isEmpty ? [] : [""] + out
    }

    /// The near misses: rules after the deciding one that also match this URL (every part), and why
    /// they did not decide (C3: the first matching rule decides; D7 across entries).
    func nearMisses(rules: [EffectiveRule], traces: [[ExplainedPart]], after index: Int) -> [String] {
        let later = rules.indices.filter { $0 > index && traces[$0].allSatisfy { $0.verdict == .matched } }
        guard !later.isEmpty else { return [] }
        let deciding = rules[index].sourcePath
        var out = ["", "Later rules that also match this URL but do not decide (the first matching rule decides, C3): \(later.count)"]
        for i in later.prefix(Self.listedRuleLimit) {
            let outcome = rules[i].exclude ? "exclude" : "match"
            let differs = rules[i].exclude != rules[index].exclude
            out.append("  \(rules[i].sourcePath): would \(outcome), but \(deciding) comes first"
                       + (differs ? " (move it before \(deciding) if it should decide)" : " with the same outcome"))
            out += lintNotes(rules[i])
        }
        if later.count > Self.listedRuleLimit { out.append("  ... \(later.count - Self.listedRuleLimit) more") }
        return out
    }

    /// ` (validate: not-in-component, ...)` when the lints found a mistake in the rule's patterns.
    func lintCodes(_ rule: EffectiveRule) -> String {
        let codes = findings(of: rule).map(\.code)
        return codes.isEmpty ? "" : " (validate: \(codes.joined(separator: ", ")))"
    }

    func findings(of rule: EffectiveRule) -> [Diagnostic] {
        lintFindings.filter { $0.path == rule.sourcePath || $0.path.hasPrefix(rule.sourcePath + ".")
                                  || $0.path.hasPrefix(rule.sourcePath + "[") }
    }

    /// What `validate` says about one rule's patterns (a component `NOT `, a `#` in the path...), so a
    /// pattern that fails for a reason its text hides says so here too.
    func lintNotes(_ rule: EffectiveRule) -> [String] {
        findings(of: rule).flatMap { d in ["  note: validate says \(d.severity) [\(d.code)]: \(d.message)"] + (d.fix.map { ["    fix: \($0)"] } ?? []) }
    }

    // MARK: - Sections

    /// The URL's parts; the host note comes from the engine's decision, not a comparison of its own.
    func urlSection(_ decision: Decision) -> [String] {
        var out = ["URL \(url.text)"]
        out.append("  scheme    \(url.scheme)")
        let hostNote: String
        if let domain {
            switch decision.reason {
            case .scheme?: hostNote = "(not compared: the scheme already decides)"
            case .host?: hostNote = "(is not the domain \(domain))"
            default: hostNote = "(is the domain \(domain))"
            }
        } else {
            hostNote = "(not checked: no --domain)"
        }
        out.append("  host      \(url.host) \(hostNote)")
        out.append("  path      \(quoted(url.path))")
        if let query = url.query {
            let items = ParsedURL.queryItems(query).map { "\($0.name)=\(quoted(String($0.value)))" }
            out.append("  query     \(quoted(query))" + (items.isEmpty ? "" : "  items: " + items.joined(separator: ", ")))
        } else {
            out.append("  query     none (reads as \"\", C4)")
        }
        out.append("  fragment  " + (url.fragment.map(quoted) ?? "none (reads as \"\", C4)"))
        return out
    }

    func appSection() -> [String] {
        let listing = document.entries.filter { $0.appIDs.contains(app) }
        guard !listing.isEmpty else {
            let known = document.appIDs.isEmpty ? "none" : document.appIDs.joined(separator: ", ")
            return ["", "App \(app) is not listed in any entry (apps in the file: \(known))"]
        }
        var out = ["", "App \(app) is listed in \(listing.count) entr\(listing.count == 1 ? "y" : "ies") (tried in order, D7):"]
        for entry in listing {
            out.append("  \(entry.sourcePath): \(entry.rules.count) rule\(entry.rules.count == 1 ? "" : "s")")
            out.append("    effective defaults: " + effectiveDefaults(entry))
        }
        return out
    }

    /// Each key the defaults chain can give (C5), with where its value comes from.
    func effectiveDefaults(_ entry: DetailEntry) -> String {
        let entryPath = entry.sourcePath + ".defaults"
        func source<T>(_ key: KeyPath<ComponentFields, T?>) -> (T, String)? {
            if let v = entry.defaults[keyPath: key] { return (v, entryPath) }
            if let v = document.defaults[keyPath: key] { return (v, "applinks.defaults") }
            return nil
        }
        func flag(_ name: String, _ key: KeyPath<ComponentFields, Bool?>, builtIn: Bool) -> String {
            if let (v, from) = source(key) { return "\(name) \(v) (\(from))" }
            return "\(name) \(builtIn)"
        }
        var parts = [flag("exclude", \.exclude, builtIn: false), flag("caseSensitive", \.caseSensitive, builtIn: true),
                     flag("percentEncoded", \.percentEncoded, builtIn: true)]
        if let (p, from) = source(\.path) { parts.append("\"/\" \(quoted(p)) (\(from))") }
        if let (q, from) = source(\.query) { parts.append("\"?\" \(describe(q)) (\(from))") }
        if let (f, from) = source(\.fragment) { parts.append("\"#\" \(quoted(f)) (\(from))") }
        return parts.joined(separator: ", ")
    }

    func triedBefore(rules: [EffectiveRule], traces: [[ExplainedPart]], upTo end: Int) -> [String] {
        guard end > 0 else { return [] }
        var out = ["  rules tried before it that did not match: \(end)"]
        if end == rules.count { out[0] = "  rules tried: \(end)" }
        for i in 0..<min(end, Self.listedRuleLimit) {
            let failed = traces[i].first { $0.verdict != .matched }
            out.append("    \(rules[i].sourcePath): " + (failed.map { "\($0.part) \($0.pattern.map(quoted) ?? "*") \(ExplainedTrace.verdictWords($0))" } ?? "matched")
                       + lintCodes(rules[i]))
        }
        if end > Self.listedRuleLimit { out.append("    ... \(end - Self.listedRuleLimit) more") }
        return out
    }

    func ruleSection(title: String, _ rule: EffectiveRule, _ parts: [ExplainedPart]) -> [String] {
        var out = ["", "\(title) \(rule.sourcePath): exclude \(rule.exclude), caseSensitive \(rule.caseSensitive), percentEncoded \(rule.percentEncoded)"]
        if !rule.caseSensitive { out.append("  caseSensitive false: pattern and text are compared folded to lower case (E1)") }
        if !rule.percentEncoded { out.append("  percentEncoded false: the text is percent-decoded before comparing (E3)") }
        let width = max(9, parts.map { String(describing: $0.part).count }.max() ?? 0)
        let pad = String(repeating: " ", count: width)
        for part in parts {
            let pattern = part.pattern.map { quoted($0) + folded($0, rule) } ?? "(none: any text, C2)"
            let texts = part.texts.map { quoted($0) + folded($0, rule) }.joined(separator: ", ")
            out.append("  \(String(describing: part.part).rightPadded(to: width)) pattern \(pattern)")
            out.append("  \(pad) text    \(texts)" + (part.texts.count > 1 ? " (every occurrence must match, Q4)" : ""))
            out.append("  \(pad) -> \(ExplainedTrace.verdictWords(part))"
                       + (part.part == .path ? " (leading and trailing slashes ignored, N1-N3)" : ""))
        }
        return out
    }

    func why(_ part: ExplainedPart, _ rule: EffectiveRule) -> String {
        switch part.verdict {
        case .invalidPattern:
            return "the pattern is invalid or uses an undefined variable, so this rule never matches (P3, P4)"
        case .undecided:
            return "the step budget ran out (M1)"
        case .notMatched, .matched:
            if part.byCompiled {
                return "pattern \(quoted(part.pattern ?? "*")) does not match \(part.texts.map(quoted).joined(separator: ", ")) "
                    + "(the compiled engine's verdict: the reference engine's step budget ran out here, M1)"
            }
            let pattern = part.pattern ?? "*"
            let texts = part.texts.map(quoted).joined(separator: ", ")
            return "pattern \(quoted(pattern)) does not match \(texts)"
        }
    }

    // MARK: - Formatting

    func quoted(_ s: String) -> String { JSONValue.string(s).serialized() }

    /// ` (folded "…")` when the rule is case-insensitive and folding changes the text.
    func folded(_ s: String, _ rule: EffectiveRule) -> String {
        guard !rule.caseSensitive else { return "" }
        let f = CaseFolding.fold(s)
        return f == s ? "" : " (folded \(quoted(f)))"
    }

    func describe(_ q: QueryPattern) -> String {
        switch q {
        case .whole(let s): return quoted(s)
        case .items(let items): return "{" + items.map { "\(quoted($0.name)): \(quoted($0.pattern))" }.joined(separator: ", ") + "}"
        }
    }
}

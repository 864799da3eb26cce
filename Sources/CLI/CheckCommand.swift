import ArgumentParser
import LinkMatch

/// `linkmatch check FILE URL...`: the decision for each URL, per app.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decide URLs against an AASA file: match, exclude or no_match per app.",
        discussion: """
        Without --app every app the file lists is decided. Without --domain the host is not checked \
        (SPEC.md U3). Parser errors are printed as warnings; what parsed is still used. Exit 0 when \
        every URL was decided, 1 on a bad file or URL.
        """
    )

    @Argument(help: "The apple-app-site-association file (- for standard input; a pipe or FIFO is read too).")
    var file: String

    @Argument(help: "The URLs to decide.")
    var urls: [String] = []

    @Option(name: .customLong("app"), help: "Decide for this app ID only.")
    var app: String?

    @Option(help: "The domain the file is served from; URLs on another host do not match.")
    var domain: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "The matcher that decides.")
    var engine: EngineChoice = .defaultChoice

    func validate() throws {
        if urls.isEmpty { throw ValidationError("Missing expected argument '<urls> ...': give at least one URL.") }
    }

    func run() throws {
        do {
            try DomainOption.check(domain)
        } catch {
            throw error.report(json: json)
        }
        let parsed = try DocumentLoader.loadForDeciding(file, json: json)
        let document = parsed.document
        let apps: [String]
        if let app {
            apps = [app]
            if !document.appIDs.contains(app) {
                let listed = document.appIDs.isEmpty ? "none" : document.appIDs.joined(separator: ", ")
                Output.error("warning [app-not-listed] \(file): no entry lists app \(app) (apps in the file: \(listed)); every URL is no_match for it")
            }
        } else {
            apps = document.appIDs
            if apps.isEmpty {
                throw CLIError("no-app", file, "the file lists no app, so there is nothing to decide (give --app to decide anyway)").report(json: json)
            }
        }

        let prepared = engine.engine.prepare(document)
        var results: [JSONValue] = []
        var allDecided = true
        let width = apps.map(\.count).max() ?? 0
        for text in urls {
            switch URLReading.parse(text) {
            case .failure(let failure):
                allDecided = false
                Output.error(failure.message)
                results.append(JSONBuild.object([("url", .string(text)), ("error", .string("\(failure.error)")),
                                                 ("code", .string(failure.error.kind.rawValue)),
                                                 ("offset", JSONBuild.number(failure.error.offset))]))
                if !json { Output.line("\(text)\n  error: bad URL (see above)") }
            case .success(let url):
                if !json { Output.line(text) }
                for app in apps {
                    let decision = prepared.decide(url, appID: app, domain: domain)
                    if decision.outcome == .undecided { allDecided = false }
                    results.append(JSONBuild.object([
                        ("url", .string(text)), ("appId", .string(app)), ("decision", .string(decision.outcome.rawValue)),
                        ("reason", JSONBuild.string(decision.reason?.name)), ("rule", JSONBuild.string(decision.rule?.sourcePath)),
                    ]))
                    if !json { Output.line("  " + Self.textLine(app: app, width: width, decision: decision, url: url, domain: domain)) }
                }
            }
        }
        if json {
            Output.json(JSONBuild.object([("file", .string(file)), ("domain", JSONBuild.string(domain)),
                                          ("results", .array(results))]).serialized(pretty: true))
        }
        if !allDecided { throw ExitCode(1) }
    }

    /// `APP  match     applinks.details[0].components[1]`, or the reason for no_match.
    static func textLine(app: String, width: Int, decision: Decision, url: ParsedURL, domain: String?) -> String {
        // At least one space after the outcome, also after the longest one ("undecided").
        let outcome = decision.outcome.rawValue.rightPadded(to: 8) + " "
        let detail: String
        if let rule = decision.rule {
            detail = rule.sourcePath
        } else if decision.reason == .host, let domain {
            detail = "(host \(url.host) is not \(domain)" + idnHint(url) + ")"
        } else if decision.reason == .scheme {
            detail = "(scheme \(url.scheme) is not https)"
        } else {
            detail = decision.reason.map { "(\($0.name))" } ?? ""
        }
        return app.rightPadded(to: width) + "  " + outcome + detail
    }

    /// For a host written in Unicode (U4 percent-encoded it): how to write the URL so it can match.
    static func idnHint(_ url: ParsedURL) -> String {
        let decoded = PercentCoding.decodeLenient(url.host)
        guard decoded.unicodeScalars.contains(where: { !$0.isASCII }), let ascii = DomainOption.asciiForm(decoded) else { return "" }
        return "; a Unicode host is not converted to punycode (SPEC.md U3, open point U3-idn-host): write it \(ascii)"
    }
}

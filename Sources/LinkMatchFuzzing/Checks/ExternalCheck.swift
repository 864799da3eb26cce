import Foundation
import LinkMatch

/// The `external` target: a whole document case (the `document` target's generator) sent to an
/// external matcher over the conformance protocol and compared with our compiled engine, so that
/// libFuzzer's coverage of OUR code steers the cases (into corners of SPEC the random generator of
/// `linkmatch fuzz` rarely reaches). The peer's coverage is not seen.
///
/// With `LINKMATCH_FUZZ_PROGRAM=CMD` the program is started once and kept alive. A difference is
/// a finding, not a crash: it is shrunk and classified like `linkmatch fuzz` does, each new class is
/// printed to stderr, and with `LINKMATCH_FUZZ_REPORT=DIR` DIR/classes.jsonl is rewritten after each
/// one (the format `--known` reads; `LINKMATCH_FUZZ_KNOWN=FILE` accepts classes). libFuzzer keeps
/// going until its own limit (-max_total_time, -runs).
///
/// Without a program (corpus replay, `swift test`) the peer is our reference engine behind the
/// protocol, in process: every request is written as a protocol line, read back and answered, and
/// a difference from the compiled engine fails the check.
public enum ExternalCheck {
    public static let programVariable = "LINKMATCH_FUZZ_PROGRAM"
    public static let knownVariable = "LINKMATCH_FUZZ_KNOWN"
    public static let reportVariable = "LINKMATCH_FUZZ_REPORT"

    public static func check(_ c: DocumentCase, engines: Engines) -> CheckFailure? {
        if let session = ExternalSession.shared {
            session.absorb(c)
            return nil
        }
        return throughTheProtocol(c, engines: engines)
    }

    /// Each request as a protocol line, read back and answered by the reference; compared with the
    /// candidate's own decision.
    static func throughTheProtocol(_ c: DocumentCase, engines: Engines) -> CheckFailure? {
        for request in ExternalFuzzer.requests(for: c, caseIndex: 0) {
            let answered = ConformanceProtocol.answer(line: request.line, engine: engines.reference)
            let theirs: ConformanceProtocol.Reply
            switch ConformanceProtocol.parseReply(answered) {
            case .success(let reply): theirs = reply
            case .failure(let violation):
                return CheckFailure(target: .external, summary: "the protocol reply does not read back: \(violation)",
                                    readable: request.line)
            }
            let ours = ConformanceProtocol.answer(request, engine: engines.candidate)
            guard theirs.id == request.id else {
                return CheckFailure(target: .external, summary: "reply id \(theirs.id.serialized()) for request \(request.id.serialized())",
                                    readable: request.line)
            }
            if DisagreementClass.label(theirs) != DisagreementClass.label(ours), !isBudget(theirs) {
                return CheckFailure(target: .external,
                                    summary: "\(engines.candidate.name) says \(DisagreementClass.label(ours)), "
                                        + "\(engines.reference.name) through the protocol says \(DisagreementClass.label(theirs))",
                                    readable: request.line)
            }
        }
        return nil
    }

    static func isBudget(_ reply: ConformanceProtocol.Reply) -> Bool {
        if case .error(_, let message) = reply { return message.hasPrefix("undecided") }
        return false
    }
}

/// The running program and what was found so far, for the life of the fuzz process.
final class ExternalSession: @unchecked Sendable {
    /// nil when `LINKMATCH_FUZZ_PROGRAM` is unset or empty. Read once.
    static let shared: ExternalSession? = {
        let environment = ProcessInfo.processInfo.environment
        guard let command = environment[ExternalCheck.programVariable], !command.allSatisfy(\.isWhitespace) else { return nil }
        return ExternalSession(command: command, knownFile: environment[ExternalCheck.knownVariable],
                               reportDirectory: environment[ExternalCheck.reportVariable])
    }()

    let fuzzer: ExternalFuzzer
    let reportDirectory: String?
    let command: String
    private let lock = NSLock()
    private var tally = ExternalFuzzer.Tally()
    private var cases = 0
    private let start = Date()

    init(command: String, knownFile: String?, reportDirectory: String?) {
        self.command = command
        self.reportDirectory = reportDirectory
        let external = ExternalEngine(command: command, timeout: 10)
        var options = ExternalFuzzer.Options(shrinksPerSignature: 1)
        if let knownFile {
            let probe = ExternalFuzzer(external: external, ours: CompiledEngine(), options: options)
            guard let text = try? String(contentsOfFile: knownFile, encoding: .utf8) else {
                Self.fail("cannot read \(ExternalCheck.knownVariable)=\(knownFile)")
            }
            switch KnownClasses.load(text: text, file: knownFile, fuzzer: probe) {
            case .success(let loaded): options.known = loaded.classes
            case .failure(let error): Self.fail("\(error)")
            }
        }
        fuzzer = ExternalFuzzer(external: external, ours: CompiledEngine(), options: options)
        FileHandle.standardError.write(Data("external: fuzzing \(command) against linkmatch (compiled engine), \(options.known.count) known classes\n".utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("linkmatch fuzz external: \(message)\n".utf8))
        exit(2)
    }

    func absorb(_ c: DocumentCase) {
        lock.lock()
        defer { lock.unlock() }
        cases += 1
        let batch = ExternalFuzzer.requests(for: c, caseIndex: cases).map { (caseIndex: cases, request: $0) }
        var found: [ExternalFuzzer.FoundClass] = []
        fuzzer.absorb(batch, into: &tally, onEvent: { event in
            if case .classFound(let f) = event { found.append(f) }
        })
        tally.report.cases = cases
        if let givenUp = fuzzer.external.process.givenUp {
            Self.fail("the program \(command) cannot be run: \(givenUp)")
        }
        guard !found.isEmpty else { return }
        var classes = tally.report.classes
        ExternalFuzzer.groupVariants(&classes, known: fuzzer.options.known)
        for f in found {
            let now = classes.first { $0.key == f.key } ?? f
            let status = now.known ? "known" : "NEW"
            FileHandle.standardError.write(Data(
                "external: \(status) class \(now.key)\(now.variantOf.map { " (a variant of \($0))" } ?? ""): \(now.example.jsonl)\n".utf8))
        }
        if let reportDirectory {
            var report = tally.report
            report.classes = classes
            report.elapsed = Date().timeIntervalSince(start)
            try? FuzzReportWriter.write(report, run: .init(program: command, engine: "compiled", seed: 0,
                                                          knownFile: ProcessInfo.processInfo.environment[ExternalCheck.knownVariable]),
                                        to: reportDirectory)
        }
    }
}

extension ExternalCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> DocumentCase { DocumentCase(bytes: bytes) }
    public static func run(_ c: DocumentCase, engines: Engines) -> CheckFailure? { check(c, engines: engines) }
    /// The `document` target's readable form and seed format.
    public static func readable(_ c: DocumentCase, engines: Engines) -> String { DocumentCheck.readable(c, engines: engines) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try DocumentCheck.parseReadable(readableJSON).encoded()
    }
}

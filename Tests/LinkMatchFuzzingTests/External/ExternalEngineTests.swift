import Foundation
import LinkMatch
import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// The external-program adapter used by `linkmatch fuzz`: the protocol codec, the child process
/// (restarts, timeouts, big lines, chatty stderr) and ExternalEngine against our own engines.
final class ExternalEngineTests: XCTestCase {
    /// The built `linkmatch` (LinkMatchTool says where it is taken from).
    var linkmatch: String { "'" + LinkMatchTool.executable.path + "'" }

    // MARK: - Protocol

    func testRequestLineAndParsing() throws {
        let request = ConformanceProtocol.Request(id: .array([.number("1"), .null]), aasa: .object(JSONObject()),
                                                  domain: "example.com", appID: "A.b", url: "https://example.com/é")
        XCTAssertEqual(request.line, #"{"id":[1,null],"aasa":{},"domain":"example.com","appId":"A.b","url":"https://example.com/é"}"#)
        XCTAssertEqual(try ConformanceProtocol.parseRequest(request.line).get(), request)

        guard case .failure(let missing) = ConformanceProtocol.parseRequest(#"{"id":5,"aasa":{},"domain":"","url":"https://h/"}"#) else {
            return XCTFail("a request without appId must fail")
        }
        XCTAssertEqual(missing.reply, .error(id: .number("5"), #"missing field "appId""#))
    }

    func testReplyParsing() throws {
        XCTAssertEqual(try ConformanceProtocol.parseReply(#"{"id":"a","decision":"no_match"}"#).get(), .decision(id: .string("a"), .noMatch))
        XCTAssertEqual(try ConformanceProtocol.parseReply(#"{"decision":"exclude","id":2}"#).get(), .decision(id: .number("2"), .exclude))
        XCTAssertEqual(try ConformanceProtocol.parseReply(#"{"id":1,"error":"nope"}"#).get(), .error(id: .number("1"), "nope"))
        for bad in ["", "[]", #"{"id":1}"#, #"{"id":1,"decision":"undecided"}"#, #"{"id":1,"decision":"match","error":"x"}"#,
                    #"{"id":1,"decision":true}"#] {
            XCTAssertThrowsError(try ConformanceProtocol.parseReply(bad).get(), bad)
        }
        let reply = ConformanceProtocol.Reply.decision(id: .object(JSONObject([JSONMember(key: "k", value: .number("1.50"))])), .match)
        XCTAssertEqual(reply.line, #"{"id":{"k":1.50},"decision":"match"}"#)
    }

    func testAnswerUsesTheEngine() {
        let doc = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.a.b"],"components":[{"/":"/x/*","exclude":true},{"/":"*"}]}]}}"#
        func line(_ url: String, _ app: String = "ABCDE12345.a.b") -> String {
            #"{"id":0,"aasa":\#(doc),"domain":"h.example","appId":"\#(app)","url":"\#(url)"}"#
        }
        for engine in EngineSuite.engines {
            XCTAssertEqual(ConformanceProtocol.answer(line: line("https://h.example/x/1"), engine: engine), #"{"id":0,"decision":"exclude"}"#, engine.name)
            XCTAssertEqual(ConformanceProtocol.answer(line: line("https://h.example/y"), engine: engine), #"{"id":0,"decision":"match"}"#, engine.name)
            XCTAssertEqual(ConformanceProtocol.answer(line: line("https://other.example/y"), engine: engine), #"{"id":0,"decision":"no_match"}"#, engine.name)
            XCTAssertEqual(ConformanceProtocol.answer(line: line("https://h.example/y", "ABCDE12345.other"), engine: engine),
                           #"{"id":0,"decision":"no_match"}"#, engine.name)
            XCTAssertTrue(ConformanceProtocol.answer(line: line("https://h.example/%"), engine: engine).contains(#""error":"bad URL"#), engine.name)
        }
        // M1: a reference that runs out of budget does not guess.
        XCTAssertEqual(ConformanceProtocol.answer(line: line("https://h.example/y"), engine: ReferenceEngine(budget: 1)),
                       #"{"id":0,"error":"undecided: the matcher's step budget ran out"}"#)
    }

    // MARK: - ExternalEngine against our engines

    func testDecisionsAndPartsMatchTheReference() throws {
        let external = ExternalEngine(command: "\(linkmatch) conformance --engine reference", timeout: 30)
        defer { external.process.stop() }
        let reference = ReferenceEngine()
        let doc = try AASADocument.parse(json: #"""
        {"applinks":{"defaults":{"caseSensitive":false},"substitutionVariables":{"food":["pizza","sushi"]},
         "details":[{"appIDs":["ABCDE12345.a.b"],"components":[{"/":"/$(food)/*"},{"/":"/buy/?*","?":{"k":"1"},"exclude":true},{"#":"x"}]}]}}
        """#).document
        let mine = reference.prepare(doc), theirs = external.prepare(doc)
        for url in ["https://h.example/PIZZA/1", "https://h.example/buy/a?k=1", "https://h.example/buy/a?k=2", "https://h.example/q#x",
                    "https://h.example/q", "http://h.example/pizza/1"] {
            let u = try ParsedURL(url)
            XCTAssertEqual(theirs.decide(u, appID: "ABCDE12345.a.b", domain: "h.example").outcome,
                           mine.decide(u, appID: "ABCDE12345.a.b", domain: "h.example").outcome, url)
        }
        let parts = [
            PartRequest(pattern: "/buy/*", kind: .path, text: "/buy"),
            PartRequest(pattern: "/a?c", kind: .path, text: "/abc/"),
            PartRequest(pattern: "?*", kind: .plain, text: ""),
            PartRequest(pattern: "A$(v)", kind: .plain, text: "axy", caseSensitive: false, variables: VariableTable(custom: [("v", ["x*"])])),
            PartRequest(pattern: "/哈哈/?*", kind: .path, text: "/哈哈/x", percentEncoded: false),   // carried as %E5%93%88...
            PartRequest(pattern: "é", kind: .plain, text: "%C3%A9", percentEncoded: false),
        ]
        for p in parts {
            XCTAssertEqual(external.matchPart(p), reference.matchPart(p), "\(p)")
        }
        // Texts a URL cannot carry as written are not asked.
        XCTAssertEqual(external.matchPart(PartRequest(pattern: "*", kind: .path, text: "/a?b")), .undecided)
        XCTAssertEqual(external.matchPart(PartRequest(pattern: "*", kind: .plain, text: "%zz")), .undecided)
        XCTAssertEqual(external.matchPart(PartRequest(pattern: "*", kind: .plain, text: "é")), .undecided)   // percentEncoded true
        XCTAssertEqual(external.process.launches, 1)
    }

    // MARK: - The child process

    func testRestartsAfterACrash() {
        // Answers one line, then dies on the next.
        let process = ExternalProcess(command: "read a; echo one; read b; kill -9 $$", timeout: 10)
        defer { process.stop() }
        XCTAssertEqual(try process.exchange("x").get(), "one")
        guard case .failure(.crashed(let signal, _)) = process.exchange("y") else { return XCTFail("expected a crash") }
        XCTAssertEqual(signal, 9)
        XCTAssertEqual(try process.exchange("z").get(), "one")
        XCTAssertEqual(process.launches, 2)
    }

    func testTimeoutKillsTheWholeProgram() {
        let process = ExternalProcess(command: "sleep 60; echo late", timeout: 0.3)
        defer { process.stop() }
        guard case .failure(.timeout(let seconds, _)) = process.exchange("x") else { return XCTFail("expected a timeout") }
        XCTAssertEqual(seconds, 0.3)
    }

    func testBigLinesAndAChattyStderrDoNotDeadlock() throws {
        // 1 MB each way through `cat` (more than a pipe holds), and 1 MB of stderr before a reply.
        let echo = ExternalProcess(command: "cat", timeout: 30)
        defer { echo.stop() }
        let big = String(repeating: "abcdefgh", count: 131_072)
        XCTAssertEqual(try echo.exchange(big).get(), big)
        XCTAssertEqual(try echo.exchange("small").get(), "small")

        let chatty = ExternalProcess(command: "head -c 1000000 /dev/zero >&2; read l; echo done", timeout: 30)
        defer { chatty.stop() }
        XCTAssertEqual(try chatty.exchange("go").get(), "done")
    }

    func testGivesUpOnAProgramThatFailsTwiceBeforeAnswering() {
        let process = ExternalProcess(command: "echo 'no such thing' >&2; exit 127", timeout: 10)
        XCTAssertNil(process.givenUp)
        guard case .failure(.exited(127, _)) = process.exchange("a") else { return XCTFail("expected an exit") }
        XCTAssertNil(process.givenUp, "one failure may be the request's fault")
        guard case .failure(.exited(127, _)) = process.exchange("b") else { return XCTFail("expected an exit") }
        XCTAssertEqual(process.givenUp, .exited(status: 127, stderr: "no such thing"))
        // Not started again: the same failure at once.
        guard case .failure(.exited(127, "no such thing")) = process.exchange("c") else { return XCTFail("expected the same failure") }
        XCTAssertEqual(process.launches, 2)
        // Through the engine, a whole batch gets the reason without a start per request.
        let engine = ExternalEngine(process: process)
        let requests = (0..<50).map { ConformanceProtocol.Request(id: .number(String($0)), aasa: .object(JSONObject([])), domain: "",
                                                                  appID: "A.b", url: "https://a.example/") }
        XCTAssertEqual(Set(engine.ask(all: requests).map(\.description)), ["failure: the program exited with status 127 before replying; its stderr ended with:\nno such thing"])
        XCTAssertEqual(process.launches, 2)
    }

    func testNeverGivesUpOnAProgramThatHasAnswered() {
        let process = ExternalProcess(command: "read a; echo one; exit 1", timeout: 10)
        defer { process.stop() }
        for _ in 0..<3 {
            XCTAssertEqual(try process.exchange("x").get(), "one")
            guard case .failure(.exited(1, _)) = process.exchange("y") else { return XCTFail("expected an exit") }
        }
        XCTAssertNil(process.givenUp)
        XCTAssertEqual(process.launches, 3) // one start per answer-then-exit
    }

    func testExitWithoutReplyKeepsTheEndOfStderr() {
        let process = ExternalProcess(command: "echo 'bad input' >&2; exit 3", timeout: 10)
        guard case .failure(.exited(let status, let stderr)) = process.exchange("x") else { return XCTFail("expected an exit") }
        XCTAssertEqual(status, 3)
        XCTAssertEqual(stderr, "bad input")
    }
}

import Foundation
import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchRandom
import LinkMatchTestData

/// `CompiledDocument(parsing:)` (the rules read straight from the JSON tape, no model) against
/// `CompiledDocument(AASADocument.parse(bytes).document)` (the rules read by `DocumentParser`): two
/// readings of the same bytes, which must refuse the same files with the same error and decide
/// every URL for every app the same way, traces included. The inputs: every file of TestData and
/// Corpus, and generated files full of what the readings must agree on (repeated keys, wrong
/// types, both app-ID forms, `components` beside `paths`, `NOT ` paths, query dictionaries with a
/// repeated key or a value that is not a string, defaults at both levels, variables, escapes).
final class CompiledFromTapeTests: XCTestCase {
    /// Compares the two readings of `bytes`; true when the file parsed.
    @discardableResult
    private func checkSame(_ bytes: [UInt8], _ name: @autoclosure () -> String, urls extra: [String] = [],
                           file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let model: ParsedDocument
        do {
            model = try AASADocument.parse(bytes)
        } catch {
            do {
                _ = try CompiledDocument(parsing: bytes)
                XCTFail("\(name()): the model path throws \(error), the tape path does not", file: file, line: line)
            } catch let direct {
                XCTAssertEqual(direct, error, name(), file: file, line: line)
            }
            return false
        }
        let direct: CompiledDocument
        do {
            direct = try CompiledDocument(parsing: bytes)
        } catch {
            XCTFail("\(name()): the tape path throws \(error), the model path does not", file: file, line: line)
            return true
        }
        let compiled = CompiledDocument(model.document)
        XCTAssertEqual(direct.compiledRuleCount, compiled.compiledRuleCount, name(), file: file, line: line)
        let urls = Array(CompiledRealWorld.urls(exercising: model.document).map(\.url).prefix(300)) + extra + Self.fixedURLs
        let apps = Array(model.document.appIDs.prefix(12)) + ["ABCDE12345.unlisted"]
        var differences = 0
        for text in urls {
            guard let url = try? ParsedURL(text) else { continue }
            for app in apps {
                let want = compiled.decide(url, appID: app, domain: "")
                let got = direct.decide(url, appID: app, domain: "")
                if got != want, differences < 3 {
                    differences += 1
                    XCTFail("\(name()): \(text) for \(app): tape \(got.outcome) rule \(String(describing: got.rule?.ruleIndex)) entry \(String(describing: got.rule?.entryIndex)), model \(want.outcome) rule \(String(describing: want.rule?.ruleIndex)) entry \(String(describing: want.rule?.entryIndex))",
                            file: file, line: line)
                }
            }
        }
        return true
    }

    static let fixedURLs = ["https://example.com/", "https://example.com/a", "https://example.com/a/b?q=1&Q=2#f",
                            "https://example.com/NOT%20a", "https://example.com/%C3%A9?%C3%89=x", "https://example.com/x/y/z?k=v#frag"]

    func testEveryTestDataAndCorpusFileReadsAndDecidesTheSameBothWays() throws {
        var parsed = 0, failed = 0
        for folder in ["TestData", "Corpus"] {
            for url in try TestDataFolder.files(under: folder) {
                let bytes = Array(try Data(contentsOf: url))
                if checkSame(bytes, url.path) { parsed += 1 } else { failed += 1 }
            }
        }
        // Both outcomes are exercised (the corpora hold fuzzer inputs, most of them not AASA files).
        XCTAssertGreaterThan(parsed, 100)
        XCTAssertGreaterThan(failed, 100)
    }

    func testRealWorldFilesDecideTheirSampleURLsTheSameBothWays() throws {
        let index = try RealWorldFiles.index()
        var parsed = 0
        for (name, bytes) in try RealWorldFiles.all() where checkSame(bytes, name, urls: RealWorldFiles.sampleURLs(in: index, file: name)) {
            parsed += 1
        }
        XCTAssertGreaterThan(parsed, 25) // all but the files that are not JSON

    }

    func testGeneratedFilesReadAndDecideTheSameBothWays() {
        var random = SplitMix64(seed: 0x7A9E_D1EC)
        var parsed = 0
        for k in 0..<400 {
            let text = Self.generatedFile(&random)
            if checkSame(Array(text.utf8), "generated file \(k): \(text)") { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 300)
    }

    func testHandWrittenCornersReadTheSameBothWays() {
        let corners = [
            // D4: `appIDs` wins over `appID`, even empty; repeats and empty IDs left out.
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.a","appIDs":[],"paths":["*"]},{"appIDs":["ABCDE12345.b","","ABCDE12345.b",7],"components":[{"/":"/b"}]}]}}"##,
            // D5: keyed details, a repeated key (its last value, at its first place), appIDs inside a value.
            ##"{"applinks":{"details":{"ABCDE12345.a":{"paths":["/one"]},"ABCDE12345.b":{"appIDs":["ABCDE12345.c"],"paths":["/two"]},"ABCDE12345.a":{"paths":["/three","NOT /four"]}}}}"##,
            // D6, D10: components beside paths; a wrong-typed components lets paths apply; non-objects skipped.
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.a","components":{"/":"/x"},"paths":["NOT /a*","/a/*",3]},{"appID":"ABCDE12345.a","components":[1,{"/":"/c","exclude":true},{"/":5},{"#":"f*"}],"paths":["/d"]}]}}"##,
            // C5: defaults at both levels, wrong-typed ones ignored; repeated keys in a component (the last wins).
            ##"{"applinks":{"defaults":{"caseSensitive":false,"?":{"Q":"1*"}},"details":[{"appID":"ABCDE12345.a","defaults":{"percentEncoded":false,"#":"x"},"components":[{"/":"/A","/":"/B"},{"/":"/%41","percentEncoded":true,"exclude":"yes"},{"?":"q=*"}]},{"appID":"ABCDE12345.a","defaults":7,"components":[{}]}]}}"##,
            // Q5: a query dictionary with a non-string value is ignored whole; a repeated item key; folded names.
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.a","components":[{"/":"/q","?":{"a":"1","b":2}},{"/":"/r","?":{"K":"1","k":"2","K":"3"},"caseSensitive":false},{"/":"/s","?":{"É":"x"},"caseSensitive":false}]}]}}"##,
            // V1-V6: variables, one undefined, one invalid pattern, escapes in keys and values.
            ##"{"applinks":{"substitutionVariables":{"v":["a","b*"],"w":"x"},"details":[{"appID":"ABCDE12345.a","components":[{"/":"/$(v)/*"},{"/":"/$(w)"},{"/":"/$(oops"},{"\/":"\/esc\u0061ped"},{"/":"/é/$(lang)"}]}]}}"##,
            // Entries that repeat the one before them (compiled once, copied), and ones that differ from it
            // in a single key: a NOT, a flag, a fragment, the defaults, a query dictionary.
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.a","paths":["/one","NOT /four"]},{"appID":"ABCDE12345.b","paths":["/one","NOT /four"]},{"appID":"ABCDE12345.c","paths":["/one","/four"]},{"appID":"ABCDE12345.d","components":[{"/":"/C","#":"x"}]},{"appID":"ABCDE12345.e","components":[{"/":"/C","#":"x"}]},{"appID":"ABCDE12345.g","components":[{"/":"/C","#":"y"}]},{"appID":"ABCDE12345.f","components":[{"/":"/C","#":"y","caseSensitive":false}]},{"appID":"ABCDE12345.h","defaults":{"caseSensitive":false},"components":[{"/":"/C","#":"y"}]},{"appID":"ABCDE12345.i","components":[{"/":"/C","?":{"k":"1"}}]},{"appID":"ABCDE12345.j","components":[{"/":"/C","?":{"k":"2"}}]},{"appID":"ABCDE12345.k","components":[{"/":"/C","?":"q"}]},{"appID":"ABCDE12345.l","components":[{"/":"/C","?":"r"}]}]}}"##,
            // The same rules' array after other defaults (either way round), and the same array text
            // once as `components` (strings: no rule) and once as `paths`: not repeats.
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.m","components":[{"/":"/M"}]},{"appID":"ABCDE12345.n","defaults":{"caseSensitive":false},"components":[{"/":"/M"}]},{"appID":"ABCDE12345.o","components":[{"/":"/M"}]},{"appID":"ABCDE12345.p","components":["/o"]},{"appID":"ABCDE12345.q","paths":["/o"]},{"appID":"ABCDE12345.r","paths":["/o"]}]}}"##,
            // D3: no applinks, applinks not an object, repeated applinks (the last one).
            ##"{"webcredentials":{}}"##, ##"{"applinks":[]}"##,
            ##"{"applinks":{"details":[{"appID":"ABCDE12345.a","paths":["/first"]}]},"applinks":{"details":[{"appID":"ABCDE12345.a","paths":["/second"]}]}}"##,
            // D1 and JSON errors.
            ##"[]"##, ##"{"applinks":"##, "",
        ]
        for (k, text) in corners.enumerated() {
            checkSame(Array(text.utf8), "corner \(k): \(text)", urls: ["https://example.com/b", "https://example.com/one", "https://example.com/three",
                                                                      "https://example.com/four", "https://example.com/a/z", "https://example.com/c",
                                                                      "https://example.com/x", "https://example.com/A?Q=12", "https://example.com/b?q=1#x",
                                                                      "https://example.com/q?a=1", "https://example.com/r?k=3", "https://example.com/s?%C3%A9=x",
                                                                      "https://example.com/a/q", "https://example.com/escaped", "https://example.com/first",
                                                                      "https://example.com/second", "https://example.com/c#x",
                                                                      "https://example.com/C#x", "https://example.com/C#y", "https://example.com/c#y",
                                                                      "https://example.com/C?k=2", "https://example.com/C?k=1", "https://example.com/C?r",
                                                                      "https://example.com/m", "https://example.com/M", "https://example.com/o"])
        }
    }

    func testTooComplexFilesAreRefusedTheSameBothWays() {
        // P5's document total: a variable with long values referenced by many patterns.
        let value = String(repeating: "v", count: 60_000)
        let patterns = (0..<40).map { #"{"/":"/$(big)/\#($0)"}"# }.joined(separator: ",")
        let text = #"{"applinks":{"substitutionVariables":{"big":["\#(value)"]},"details":[{"appID":"ABCDE12345.a","components":[\#(patterns)]}]}}"#
        // The same with each `$` written as an escape (the text then has no `$` byte), and a file over
        // the limit's size whose plain patterns alone add up to more than it.
        let escaped = text.replacingOccurrences(of: "/$(big)", with: "/\\u0024(big)")
        let long = String(repeating: "p", count: 60_000)
        let plain = #"{"applinks":{"details":[{"appID":"ABCDE12345.a","paths":[\#((0..<40).map { #""/\#(long)\#($0)""# }.joined(separator: ","))]}]}}"#
        XCTAssertGreaterThan(plain.utf8.count, PatternLimits.maxDocumentExpandedSize)
        // Over the limit only with an entry that repeats the one before it, which P5 counts again.
        let half = (0..<20).map { #"{"/":"/$(big)/\#($0)"}"# }.joined(separator: ",")
        let twice = #"{"applinks":{"substitutionVariables":{"big":["\#(value)"]},"details":[{"appID":"ABCDE12345.a","components":[\#(half)]},{"appID":"ABCDE12345.b","components":[\#(half)]}]}}"#
        for (name, file) in [("too complex", text), ("too complex, escaped", escaped), ("too complex, plain", plain), ("too complex, repeated", twice)] {
            XCTAssertFalse(checkSame(Array(file.utf8), name), name)
            XCTAssertThrowsError(try CompiledDocument(parsing: Array(file.utf8)), name) { error in
                XCTAssertEqual((error as? DocumentLoadError)?.code, "too-complex", name)
            }
        }
        XCTAssertFalse(escaped.contains("$"))
    }

    func testTracesReadFromManyThreadsAtOnceAreTheModelPathsTraces() throws {
        // The model a trace reads is built on the first read, under a lock: threads that read traces
        // of one document compiled from its bytes at the same time all get the model path's traces.
        let bytes = try RealWorldFiles.bytes("ethanhuang13__knil__facebook-signed-pkcs7.json")
        let model = try AASADocument.parse(bytes).document
        let compiled = CompiledDocument(model)
        let direct = try CompiledDocument(parsing: bytes)
        let runs = CompiledRealWorld.urls(exercising: model).filter { (try? ParsedURL($0.url)) != nil }
        XCTAssertGreaterThan(runs.count, 100)
        let workers = 8
        let mismatches = try Concurrently.map(Array(0..<workers), workers: workers) { worker -> Int in
            var wrong = 0
            for k in stride(from: worker, to: runs.count, by: 3) {
                let url = try ParsedURL(runs[k].url)
                let got = direct.decide(url, appID: runs[k].app, domain: "")
                if got.rule != compiled.decide(url, appID: runs[k].app, domain: "").rule { wrong += 1 }
            }
            return wrong
        }
        XCTAssertEqual(mismatches, Array(repeating: 0, count: workers))
    }

    // MARK: generated files

    /// A random AASA-like file: mostly valid, with the corners above mixed in.
    static func generatedFile(_ random: inout SplitMix64) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &random)] }
        func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }
        func string(_ s: String) -> String { "\"" + s + "\"" }
        let patterns = ["/a/*", "/a", "*", "/b/?", "/NOT", "NOT /a/b", "/é/*", "/%41*", "/$(v)/*", "/$(lang)_$(region)", "/$(oops",
                        "/x/*/y", "?*", "/a\\/b", "/\\u00e9", "", "/A*", "/*/c"]
        let queryPatterns = ["q=*", "*", "1*", "?", "$(v)", ""]
        func pattern() -> String { chance(12) ? pick(["7", "true", "null", "{}", "[]"]) : string(pick(patterns)) }
        func queryValue() -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return string(pick(queryPatterns))
            case 1: return pick(["3", "[]", "false"])
            default:
                let items = (0..<Int.random(in: 0...3, using: &random)).map { _ -> String in
                    string(pick(["q", "Q", "k", "é", "a\\u0062"])) + ":" + (chance(8) ? "1" : string(pick(queryPatterns)))
                }
                return "{" + items.joined(separator: ",") + "}"
            }
        }
        func fields(defaults: Bool) -> String {
            var members: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                switch Int.random(in: 0..<9, using: &random) {
                case 0, 1: members.append("\"/\":" + pattern())
                case 2: members.append("\"?\":" + queryValue())
                case 3: members.append("\"#\":" + pattern())
                case 4: members.append("\"exclude\":" + pick(["true", "false", "1", "\"true\""]))
                case 5: members.append("\"caseSensitive\":" + pick(["true", "false", "null"]))
                case 6: members.append("\"percentEncoded\":" + pick(["true", "false", "0"]))
                case 7: members.append("\"comment\":" + pick(["\"c\"", "3"]))
                default: members.append(pick(["\"Exclude\":true", "\"x\":1", "\"\\/\":\"/esc\""]))
                }
            }
            if defaults, chance(6) { return pick(["3", "[]", "\"d\""]) }
            return "{" + members.joined(separator: ",") + "}"
        }
        func appID() -> String { string(pick(["ABCDE12345.a", "ABCDE12345.b", "ABCDE12345.c", "", "bad.id", "ABCDE12345.a"])) }
        func entry() -> String {
            var members: [String] = []
            switch Int.random(in: 0..<5, using: &random) {
            case 0: members.append("\"appID\":" + appID())
            case 1: members.append("\"appIDs\":[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in chance(6) ? "5" : appID() }.joined(separator: ",") + "]")
            case 2: members.append("\"appID\":" + appID()); members.append("\"appIDs\":[" + appID() + "]")
            case 3: members.append("\"appIDs\":" + appID())
            default: members.append("\"appID\":" + appID())
            }
            if chance(3) { members.append("\"defaults\":" + fields(defaults: true)) }
            let components = "[" + (0..<Int.random(in: 0...5, using: &random)).map { _ in chance(10) ? "2" : fields(defaults: false) }.joined(separator: ",") + "]"
            let paths = "[" + (0..<Int.random(in: 0...4, using: &random)).map { _ in chance(10) ? "{}" : string(pick(patterns)) }.joined(separator: ",") + "]"
            switch Int.random(in: 0..<5, using: &random) {
            case 0: members.append("\"paths\":" + paths)
            case 1: members.append("\"components\":" + components); members.append("\"paths\":" + paths)
            case 2: members.append("\"components\":{}"); members.append("\"paths\":" + paths)
            default: members.append("\"components\":" + components)
            }
            if chance(8) { members.append("\"components\":" + components) }
            return "{" + members.shuffled(using: &random).joined(separator: ",") + "}"
        }
        var applinks: [String] = []
        if chance(3) { applinks.append("\"defaults\":" + fields(defaults: true)) }
        if chance(3) { applinks.append(#""substitutionVariables":{"v":["a","b*","é"],"lang":["en","FR"],"region":["us"],"x":3}"#) }
        let count = Int.random(in: 0...5, using: &random)
        if chance(6) {
            let keyed = (0..<count).map { _ in string(pick(["ABCDE12345.a", "ABCDE12345.b", "ABCDE12345.a", ""])) + ":" + (chance(8) ? "1" : entry()) }
            applinks.append("\"details\":{" + keyed.joined(separator: ",") + "}")
        } else {
            applinks.append("\"details\":[" + (0..<count).map { _ in chance(10) ? "\"x\"" : entry() }.joined(separator: ",") + "]")
        }
        if chance(10) { applinks.append("\"apps\":[]") }
        return "{\"applinks\":{" + applinks.shuffled(using: &random).joined(separator: ",") + "}}"
    }
}

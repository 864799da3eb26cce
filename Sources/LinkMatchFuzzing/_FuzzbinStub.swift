// TEMPORARY (branch fuzzbin): a stand-in for the LinkMatchFuzzing API until branch fuzzlib lands on
// main, so the fuzz executables, scripts and corpus replay can be built and tested. Delete on merge.
// The stub's only check is a tiny differential one: bytes = pattern, NUL, path text.
import LinkMatch

public enum FuzzTarget: String, CaseIterable, Sendable {
    case differential, document, percentEncoding = "percent-encoding", parser, metamorphic
}

public struct Engines: Sendable {
    public var reference: any MatchEngine
    public var candidate: any MatchEngine
    public init(reference: any MatchEngine, candidate: any MatchEngine) {
        self.reference = reference
        self.candidate = candidate
    }
    public static var standard: Engines { Engines(reference: ReferenceEngine(), candidate: ReferenceEngine()) }
}

public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    public var target: FuzzTarget
    public var summary: String
    public var readable: String
    public var description: String { "\(target.rawValue): \(summary)\n\(readable)" }
}

public enum Checks {
    public static func run(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines = .standard) -> CheckFailure? {
        let (pattern, text) = split(bytes)
        let request = PartRequest(pattern: pattern, kind: .path, text: text)
        let expected = engines.reference.matchPart(request)
        let actual = engines.candidate.matchPart(request)
        guard expected != actual else { return nil }
        return CheckFailure(target: target, summary: "reference \(expected.rawValue), candidate \(actual.rawValue)",
                            readable: readable(target, bytes))
    }

    public static func readable(_ target: FuzzTarget, _ bytes: [UInt8]) -> String {
        let (pattern, text) = split(bytes)
        return "{\n  \"pattern\": \(quoted(pattern)),\n  \"text\": \(quoted(text))\n}\n"
    }

    public struct StubSeedError: Error {}

    /// Accepts only `{"pattern": "...", "text": "..."}` with plain strings (no escapes): enough for the stub.
    public static func encodeSeed(_ target: FuzzTarget, readableJSON: String) throws -> [UInt8] {
        let parts = readableJSON.split(separator: "\"", omittingEmptySubsequences: false)
        guard parts.count >= 9 else { throw StubSeedError() }
        return Array(parts[3].utf8) + [0] + Array(parts[7].utf8)
    }

    private static func split(_ bytes: [UInt8]) -> (String, String) {
        let cut = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
        let text = cut < bytes.endIndex ? String(decoding: bytes[(cut + 1)...], as: UTF8.self) : ""
        return (pattern, text)
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

public enum Mutants {
    public static var all: [(name: String, engine: any MatchEngine)] { [("question-star-as-star", QuestionStarAsStar())] }
}

/// Stub mutant: rewrites `?*` to `*` before asking the reference.
struct QuestionStarAsStar: MatchEngine {
    var name: String { "question-star-as-star" }
    func prepare(_ document: AASADocument) -> any PreparedDocument { ReferenceEngine().prepare(document) }
    func matchPart(_ request: PartRequest) -> PartVerdict {
        var request = request
        request.pattern = request.pattern.replacingOccurrences(of: "?*", with: "*")
        return ReferenceEngine().matchPart(request)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

import Foundation
import LinkMatch

/// `linkmatch fuzz --known FILE`: the classes a maintainer has accepted. One item per line:
/// - a line of a report's classes.jsonl (`{"rules":[..],"linkmatch":..,"program":..,...}`): that class;
/// - a conformance request (a replay line): asked of both programs and classified as it is
///   (replay lines are already minimized), so a maintainer can accept a difference by example;
/// - blank lines and lines starting with `#` (say why a difference is accepted).
public enum KnownClasses {
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public struct Loaded: Sendable {
        public var classes: Set<DisagreementClass> = []
        /// Replay lines on which the two programs agree now (nothing to accept; likely fixed).
        public var agreeing: [Int] = []
    }

    public static func load(text: String, file: String, fuzzer: ExternalFuzzer) -> Result<Loaded, LoadError> {
        var loaded = Loaded()
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard case .object(let object)? = try? JSONParser.parse(Array(line.utf8)) else {
                return .failure(LoadError(description: "\(file):\(n + 1): not a JSON object (expected a classes.jsonl line or a replay line)"))
            }
            if let c = DisagreementClass.parse(jsonLine: object) {
                loaded.classes.insert(c)
                continue
            }
            guard case .success(let request) = ConformanceProtocol.parseRequest(line) else {
                return .failure(LoadError(description: "\(file):\(n + 1): neither a class (rules, linkmatch, program) nor a conformance request"))
            }
            let (mine, theirs) = fuzzer.ask([request])
            guard ExternalFuzzer.compare(mine[0], theirs[0]) != .agree else {
                loaded.agreeing.append(n + 1)
                continue
            }
            loaded.classes.insert(DisagreementClass(
                rules: ExternalFuzzer.compare(mine[0], theirs[0]) == .disagree ? DisagreementClassifier.rules(of: request) : [],
                ours: ExternalFuzzer.compare(mine[0], theirs[0]) == .disagree ? DisagreementClass.label(mine[0]) : "-",
                theirs: DisagreementClass.label(theirs[0])))
        }
        return .success(loaded)
    }
}

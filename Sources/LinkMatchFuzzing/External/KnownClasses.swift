import Foundation
import LinkMatch

/// `linkmatch fuzz --known FILE`: the classes a maintainer has accepted. One item per line:
/// - a line of a report's classes.jsonl, format version 2 (`{"version":2,"readings":[..],"rejected":..,
///   "rules":[..],"linkmatch":..,"program":..,...}`): that class, matched exactly (same readings,
///   same rejected code, same rules, same answers);
/// - a version 1 classes.jsonl line (no `version`: classes named by rules only, before readings
///   explained them): converted by replaying its `replay` request, like a replay line; a version 1
///   line without `replay` is refused, naming the file and line;
/// - a conformance request (a replay line): asked of both programs and classified as the run would
///   classify it (replay lines are already minimized), so a maintainer can accept a difference by
///   example;
/// - blank lines and lines starting with `#` (say why a difference is accepted).
public enum KnownClasses {
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public struct Loaded: Sendable {
        public var classes: Set<DisagreementClass> = []
        /// Replay lines on which the two programs agree now (nothing to accept; likely fixed).
        public var agreeing: [Int] = []
        /// Version 1 class lines converted by replaying them (line numbers).
        public var converted: [Int] = []
    }

    public static func load(text: String, file: String, fuzzer: ExternalFuzzer) -> Result<Loaded, LoadError> {
        var loaded = Loaded()
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard case .object(let object)? = try? JSONParser.parse(Array(line.utf8)) else {
                return .failure(LoadError(description: "\(file):\(n + 1): not a JSON object (expected a classes.jsonl line or a replay line)"))
            }
            var replay = line
            switch DisagreementClass.parseLine(object) {
            case .current(let c):
                loaded.classes.insert(c)
                continue
            case .unsupported(let version):
                return .failure(LoadError(description: "\(file):\(n + 1): classes.jsonl format version \(version) is not one this linkmatch reads "
                                          + "(it reads \(DisagreementClass.formatVersion) and converts 1): use the linkmatch that wrote it, "
                                          + "or replace the line by its replay line"))
            case .version1(let r?):
                replay = r
                loaded.converted.append(n + 1)
            case .version1(nil):
                return .failure(LoadError(description: "\(file):\(n + 1): a version 1 class line (rules only, no \"version\") without a "
                                          + "\"replay\" request cannot be converted: run linkmatch fuzz --report again and accept the new "
                                          + "classes.jsonl lines, or replace the line by a replay line"))
            case .notAClass:
                break
            }
            guard case .success(let request) = ConformanceProtocol.parseRequest(replay) else {
                return .failure(LoadError(description: "\(file):\(n + 1): neither a class (version, readings, rules, linkmatch, program) nor a conformance request"))
            }
            let (mine, theirs) = fuzzer.ask([request])
            guard ExternalFuzzer.compare(mine[0], theirs[0]) != .agree else {
                loaded.agreeing.append(n + 1)
                continue
            }
            loaded.classes.insert(fuzzer.classify(ExternalFuzzer.Example(caseIndex: -1, original: request, shrunk: request, ours: mine[0],
                                                                         theirs: theirs[0], shrinkAttempts: 0)))
        }
        return .success(loaded)
    }
}

import LinkMatch

/// What a report's classes.jsonl (written by `linkmatch fuzz --report` and by the `external` fuzz
/// target) says about the run: how many of its classes are new, that is not accepted by `--known`
/// (`"known": false`). `scripts/fuzz.sh external` exits 1 when any is.
public enum ReportedClasses {
    /// The number of lines whose `known` is false; nil when a non-empty line is not a class line
    /// (not a JSON object with `rules`, `linkmatch`, `program` and a boolean `known`).
    public static func newCount(classesJSONL text: String) -> Int? {
        var count = 0
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard case .object(let object)? = try? JSONParser.parse(Array(line.utf8)),
                  { if case .notAClass = DisagreementClass.parseLine(object) { return false } else { return true } }(),
                  case .bool(let known)? = object["known"] else { return nil }
            if !known { count += 1 }
        }
        return count
    }
}

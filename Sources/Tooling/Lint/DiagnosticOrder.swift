import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Sorts diagnostics by where their path appears in the JSON document (document-level ones, with
/// an empty path, first). Ties keep their original order, so the result is deterministic.
public enum DiagnosticOrder {
    /// `diagnostics` sorted by the position of their `path` in `json` (document order), stable on ties.
    /// A path that names no value ranks by its longest prefix that does (a missing key sorts with its
    /// parent); one with no such prefix sorts last. Never throws.
    public static func sorted(_ diagnostics: [Diagnostic], in json: JSONValue) -> [Diagnostic] {
        var order: [String: Int] = ["": 0]
        var next = 1
        func walk(_ value: JSONValue, _ path: String) {
            if order[path] == nil {
                order[path] = next
                next += 1
            }
            switch value {
            case .object(let obj):
                for member in obj.members { walk(member.value, JSONPath.member(path, member.key)) }
            case .array(let items):
                for (i, item) in items.enumerated() { walk(item, JSONPath.index(path, i)) }
            default:
                break
            }
        }
        walk(json, "")
        func rank(_ path: String) -> Int {
            // The longest prefix of the path that names a node (a diagnostic may point at a key
            // that is absent, e.g. a missing `details`); unknown paths go last.
            var candidate = Substring(path)
            while !candidate.isEmpty {
                if let r = order[String(candidate)] { return r }
                guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                candidate = candidate[..<cut]
            }
            return path.isEmpty ? 0 : next
        }
        return diagnostics.enumerated()
            .map { (rank: rank($0.element.path), index: $0.offset, diagnostic: $0.element) }
            .sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
            .map(\.diagnostic)
    }
}

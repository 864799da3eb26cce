import LinkMatch

/// The order `validate` prints its findings in (docs/CLI.md, "validate"), checked on its own: a
/// finding at the document (empty path) first, then by where the value its path names starts in
/// the file (an object or array before its members, members in the order written); a path naming
/// no value goes where its nearest enclosing value does, a key written twice where it is first written. Findings at one place may come in any
/// order among themselves (new lints add findings there).
enum ValidateOrder {
    /// The first pair of adjacent findings out of order, in words, or nil.
    static func problem(_ diagnostics: [Diagnostic], in json: JSONValue) -> String? {
        // Every value's path, numbered in the order the values start in the text (a key written
        // twice names its first value).
        var position: [String: Int] = [:]
        var pending: [(String, JSONValue)] = [("", json)]
        var next = 0
        while let (path, value) = pending.popLast() {
            if position[path] == nil { position[path] = next }
            next += 1
            switch value {
            case .object(let object):
                // Pushed last first, so the first member is numbered next.
                for member in object.members.reversed() { pending.append((JSONPath.member(path, member.key), member.value)) }
            case .array(let items):
                for (i, item) in items.enumerated().reversed() { pending.append((JSONPath.index(path, i), item)) }
            default:
                break
            }
        }
        func place(_ path: String) -> Int {
            var p = Substring(path)
            while !p.isEmpty {
                if let n = position[String(p)] { return n }
                guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                p = p[..<cut]
            }
            return 0
        }
        for (a, b) in zip(diagnostics, diagnostics.dropFirst()) where place(a.path) > place(b.path) {
            return "\(ExpectedDiagnostic(a)) is printed before \(ExpectedDiagnostic(b)), which comes earlier in the file"
        }
        return nil
    }
}

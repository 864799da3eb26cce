// How findings are told apart and named: the deduplication key and the file-name fragment.

public enum FindingKey {
    /// The kind, then the message keeping only the words that name what happened: words with a digit,
    /// quote, '/', '.', '[', '%' or '@' are the input's (URLs, app IDs, offsets, texts) and are dropped,
    /// so two inputs that break the same way get the same key.
    public static func key(kind: String, message: String) -> String {
        let inputCharacters: Set<Character> = ["\"", "/", ".", "%", "@", "["]
        let words = message.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).filter { word in
            !word.contains { $0.isASCII && $0.isNumber || inputCharacters.contains($0) }
        }
        return kind + ":" + words.joined(separator: " ")
    }

    /// `message` as a file-name fragment: lowercase letters and digits joined by '-', at most `limit`
    /// characters, cut at a word boundary (empty when nothing is left).
    public static func slug(_ message: String, limit: Int = 60) -> String {
        var words: [String] = []
        var word = ""
        for scalar in message.lowercased().unicodeScalars {
            if scalar.isASCII, (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var slug = ""
        for word in words {
            let next = slug.isEmpty ? word : slug + "-" + word
            if next.count > limit {
                // A first word longer than the limit is cut; a later one ends the slug.
                if slug.isEmpty { slug = String(word.prefix(limit)) }
                break
            }
            slug = next
        }
        return slug
    }

    /// What broke, from the text a failing replay printed when no record was written (a Swift runtime
    /// trap or a sanitizer report, which kill the process before any check reports): the check's summary
    /// line, else the runtime's "Fatal error" line, else the sanitizer's SUMMARY line; nil when none.
    public static func messageFromLog(_ log: String) -> String? {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: true)
        for line in lines {
            if let range = line.range(of: "check failed") {
                let rest = line[range.upperBound...]
                if let colon = rest.range(of: ": ") { return String(rest[colon.upperBound...]) }
            }
        }
        for marker in ["Fatal error: ", "SUMMARY: "] {
            for line in lines {
                guard let range = line.range(of: marker) else { continue }
                let text = String(line[range.lowerBound...])
                if marker == "SUMMARY: " && !text.contains("Sanitizer: ") { continue }
                return text
            }
        }
        return nil
    }
}

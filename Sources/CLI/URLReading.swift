import LinkMatch

/// Parses a URL argument, turning a `URLParseError` into a message that shows where the problem is.
enum URLReading {
    static func parse(_ text: String) -> Result<ParsedURL, URLFailure> {
        do {
            return .success(try ParsedURL(text))
        } catch {
            return .failure(URLFailure(url: text, error: error))
        }
    }
}

struct URLFailure: Error {
    var url: String
    var error: URLParseError

    /// `error [kind] bad URL "…": …` plus the URL (as normalized by U4, which the offset refers to)
    /// and a caret under the offending byte.
    var message: String {
        let normalized = ParsedURL.encodeUnsafeCharacters(url)
        var lines = [CLIError(error.kind.rawValue, "bad URL \(JSONValue.string(url).serialized())", "\(error)").description]
        lines.append("  " + normalized)
        lines.append("  " + String(repeating: " ", count: min(error.offset, normalized.utf8.count)) + "^")
        return lines.joined(separator: "\n")
    }
}

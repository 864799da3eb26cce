// How a failing input is shown: what broke, where it came from, and the readable case (the JSON twin).
import LinkMatchFuzzing

public enum FailureReport {
    public static func text(_ failure: CheckFailure, source: String?) -> String {
        var text = "==== LinkMatch \(failure.target.rawValue) check failed"
        if let source { text += " on \(source)" }
        text += ": \(failure.summary)\n\(failure.readable)"
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }
}

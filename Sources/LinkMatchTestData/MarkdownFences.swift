import Foundation

/// Checks the code fences of a Markdown file: every block that opens is closed, by a fence of the same
/// character and length. A broken fence turns the rest of a page inside out (prose shown as code, code
/// as prose) and no renderer complains, so the docs test runs this over every tracked Markdown file.
///
/// A fence is a line of three or more backticks (or tildes), possibly indented (inside a list item),
/// followed by an info string when it opens a block. Inside a block:
/// - a fence of the same character and length with nothing after it closes the block;
/// - a shorter one is content (a longer fence can show a shorter one);
/// - a longer bare one is a problem: CommonMark would close the block with it, but a page that means
///   it is clearer with equal fences;
/// - one at least as long with an info string (```` ```sh ````) is a problem: it was meant to open a
///   block, so the block before it was never closed.
public enum MarkdownFences {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line the problem shows at.
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { "line \(line): \(message)" }
    }

    /// The problems of `text`, in line order; empty when every fence is balanced.
    public static func problems(in text: String) -> [Problem] {
        var problems: [Problem] = []
        var open: (character: Character, length: Int, line: Int)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard let fence = fence(line) else { continue }
            let number = index + 1
            guard let current = open else {
                open = (fence.character, fence.length, number)
                continue
            }
            guard fence.character == current.character, fence.length >= current.length else { continue } // content
            if !fence.info.isEmpty {
                problems.append(Problem(line: number, message: "a fence with an info string (\(fence.info)) inside the block opened at line \(current.line): that block is never closed"))
                open = (fence.character, fence.length, number) // read on as the author meant
            } else if fence.length > current.length {
                problems.append(Problem(line: number, message: "the block opened at line \(current.line) with \(current.length) \(current.character)s is closed with \(fence.length)"))
                open = nil
            } else {
                open = nil
            }
        }
        if let open {
            problems.append(Problem(line: open.line, message: "the block opened here is never closed"))
        }
        return problems
    }

    /// The fence a line is, if it is one: its character, the length of its run and its info string.
    static func fence(_ line: Substring) -> (character: Character, length: Int, info: String)? {
        let rest = line.drop { $0 == " " }
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let run = rest.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let info = rest.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
        // A backtick fence's info string has no backtick (CommonMark): "```a``` b" is inline code.
        if first == "`" && info.contains("`") { return nil }
        return (first, run.count, info)
    }
}

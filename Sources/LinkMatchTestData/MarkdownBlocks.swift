import Foundation

/// The fenced code blocks of a Markdown file of the repository, for tests that run what a document
/// shows (docs/PROTOCOL.md's examples). A block opens with a line of three backticks and an info
/// string (`jsonl request`: the words after the backticks), possibly indented (inside a list item),
/// and closes with a line that is three backticks alone. Its lines lose the opening line's
/// indentation, so a block inside a list item reads as written.
public struct MarkdownBlock: Sendable, Equatable {
    /// The words of the info string (`["jsonl", "request"]`; empty for a bare fence).
    public var info: [String]
    public var lines: [String]
    /// The 1-based line number of the opening fence, for messages.
    public var line: Int

    public init(info: [String], lines: [String], line: Int) {
        self.info = info
        self.lines = lines
        self.line = line
    }

    /// Every fenced block of `text`, in order. An unclosed block is an error (a broken document).
    public static func all(in text: String) throws -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var open: (indent: Substring, block: MarkdownBlock)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            if var current = open {
                if rest.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(current.block)
                    open = nil
                } else {
                    current.block.lines.append(String(line.hasPrefix(current.indent) ? line.dropFirst(current.indent.count) : line))
                    open = current
                }
            } else if rest.hasPrefix("```") {
                let info = rest.dropFirst(3).split(separator: " ").map(String.init)
                open = (indent, MarkdownBlock(info: info, lines: [], line: index + 1))
            }
        }
        if let open { throw TestDataError("the code block opened at line \(open.block.line) is never closed") }
        return blocks
    }

    /// The Markdown file at `path` (relative to the repository root), read as UTF-8.
    public static func file(_ path: String) throws -> String {
        let url = TestDataFolder.repositoryRoot.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw TestDataError("cannot read \(url.path)") }
        return String(decoding: data, as: UTF8.self)
    }
}

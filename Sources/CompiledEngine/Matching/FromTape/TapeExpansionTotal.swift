#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinkMatchCore
import LinkMatchModel

/// P5's document total for a file read from its tape: what every pattern the model keeps adds
/// (`DocumentParser.expandedSize`: its scalars, or its size with its variables' values).
///
/// Counted only when it can pass the limit. Without a `$` anywhere in the file's strings no
/// pattern references a variable, so each adds its scalars, at most its bytes; every kept pattern
/// is a string of its own in the file, and a string's decoded bytes are no more than its text's,
/// so the total is at most the file's JSON size. A file of at most `maxDocumentExpandedSize` bytes
/// without a `$` is then within the limit, and nothing is counted.
struct TapeExpansionTotal {
    /// The document's variables (`substitutionVariables`), once read.
    var variables = VariableTable()
    /// Whether patterns are counted (see the type's comment).
    let counts: Bool
    private(set) var total = 0

    /// The total of the file whose tape's buffers are `json`.
    init(_ json: JSONTapeBuffers) {
        counts = json.text.count > PatternLimits.maxDocumentExpandedSize || Self.hasDollarSign(json)
    }

    /// Adds what the pattern whose UTF-8 is `pattern` adds.
    @inline(__always)
    mutating func add(_ pattern: UnsafeBufferPointer<UInt8>) {
        if counts { total += DocumentParser.expandedSize(utf8: pattern, variables: variables) }
    }

    /// Adds what the pattern at entry `string` of `json` adds.
    @inline(__always)
    mutating func add(_ string: Int, on json: JSONTapeBuffers) {
        if counts { json.withUTF8(at: string) { add($0) } }
    }

    /// Adds `other`'s total (a query dictionary's items, counted apart until it is kept).
    mutating func add(_ other: TapeExpansionTotal) {
        total += other.total
    }

    /// A total of nothing yet that counts as this one does.
    var empty: TapeExpansionTotal {
        var copy = self
        copy.total = 0
        return copy
    }

    /// Whether the file's text, or a string decoded from escapes, has a `$`.
    private static func hasDollarSign(_ json: JSONTapeBuffers) -> Bool {
        let dollar = UInt8(ascii: "$")
        // SAFETY: `memchr` reads the text's `count` bytes, which its buffer holds.
        if let base = json.text.baseAddress, memchr(base, Int32(dollar), json.text.count) != nil { return true }
        return json.escapedStrings.contains { $0.utf8.contains(dollar) }
    }
}

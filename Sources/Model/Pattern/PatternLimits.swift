import LinkMatchCore

/// Bounds that keep a hostile file from eating memory (SPEC.md P5): a pattern is as large as its
/// elements plus, for every `$(name)` it uses, the scalars of all of that variable's values, because
/// both engines build per-occurrence structures for each reference.
public enum PatternLimits {
    /// A pattern whose expanded size is larger is invalid (`invalid-pattern`): it never matches.
    public static let maxExpandedSize = 65_536
    /// A document whose patterns add up to more cannot be loaded (`too-complex`).
    public static let maxDocumentExpandedSize = 2_097_152

    /// The expanded size of `pattern` with `variables` (undefined variables count 0).
    public static func expandedSize(of pattern: Pattern, variables: VariableTable) -> Int {
        var size = pattern.elements.count
        var perName: [String: Int] = [:]
        for case .variable(let name) in pattern.elements {
            if perName[name] == nil {
                perName[name] = variables.scalarCount(of: name)
            }
            size += perName[name] ?? 0
            if size > maxDocumentExpandedSize { return size } // no need to count further
        }
        return size
    }

    /// Whether `pattern` stays within `maxExpandedSize`.
    public static func fits(_ pattern: Pattern, variables: VariableTable) -> Bool {
        expandedSize(of: pattern, variables: variables) <= maxExpandedSize
    }
}

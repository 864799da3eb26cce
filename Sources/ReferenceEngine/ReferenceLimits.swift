import LinkMatchCore

/// P5 for the reference side only: a pattern whose expanded size is over 65,536 is invalid. The
/// expanded size is the number of elements plus, for every `$(name)` in the pattern, the number of
/// scalars in all of that variable's values. The compiled side checks with PatternLimits.
enum ReferenceLimits {
    static let maxExpandedSize = 65_536

    static func expandedSize(_ pattern: [ReferencePattern.Element], variables: ReferenceVariables) -> Int {
        var size = 0
        // Each name's count, looked up once per pattern (keyed by its exact bytes): a pattern may
        // name one long list thousands of times.
        var counted: [[UInt8]: Int] = [:]
        for element in pattern {
            size += 1
            if case .variable(let name) = element {
                let key = Array(name.utf8)
                if let known = counted[key] {
                    size += known
                } else {
                    let count = variables.definition(of: name).map(scalarCount) ?? 0
                    counted[key] = count
                    size += count
                }
            }
        }
        return size
    }

    static func fits(_ pattern: [ReferencePattern.Element], variables: ReferenceVariables) -> Bool {
        expandedSize(pattern, variables: variables) <= maxExpandedSize
    }

    /// The scalars in all of a definition's values.
    static func scalarCount(_ definition: ReferenceVariables.Definition) -> Int {
        switch definition {
        case .custom(let values): return count(values)
        case .predefined(let row): return predefinedScalarCounts[row]
        }
    }

    static func count(_ values: [String]) -> Int {
        values.reduce(0) { $0 + $1.unicodeScalars.count }
    }

    /// `count` of each row of ReferenceVariables.predefined, counted once.
    static let predefinedScalarCounts: [Int] = ReferenceVariables.predefined.map { count($0.values) }
}

/// P5 for the reference side only: a pattern whose expanded size is over 65,536 is invalid. The
/// expanded size is the number of elements plus, for every `$(name)` in the pattern, the number of
/// scalars in all of that variable's values. The compiled side checks with PatternLimits.
enum ReferenceLimits {
    static let maxExpandedSize = 65_536

    static func expandedSize(_ pattern: [ReferencePattern.Element], variables: ReferenceVariables) -> Int {
        var size = 0
        for element in pattern {
            size += 1
            if case .variable(let name) = element {
                for value in variables.values(of: name) ?? [] { size += value.unicodeScalars.count }
            }
        }
        return size
    }

    static func fits(_ pattern: [ReferencePattern.Element], variables: ReferenceVariables) -> Bool {
        expandedSize(pattern, variables: variables) <= maxExpandedSize
    }
}

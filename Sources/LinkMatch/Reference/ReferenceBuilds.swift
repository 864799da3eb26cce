import Synchronization

/// Built matchers kept for reuse, so that one pattern asked about with many texts is built once:
/// the metamorphic checks ask up to seven texts per pattern, and a document's rules meet every URL
/// and app of a case. `build` is a function of what the key holds, so reuse changes no answer. The
/// key compares exactly (UTF-8 bytes name scalars one to one; String's `==` would let "é" and
/// "e\u{301}" share an entry). Thread-safe: the lock is held to look up or store, never to build.
final class ReferenceBuilds: Sendable {
    struct Key: Hashable {
        var pattern: [UInt8]
        var isPath: Bool
        var caseSensitive: Bool
        /// Each custom definition as its name followed by its values; empty when the table
        /// serves one document (whose variables never change).
        var variables: [[[UInt8]]]
    }

    /// Most entries kept; when full the table starts over (a fuzzer's patterns rarely come back).
    let capacity: Int
    /// False for one document's table: every lookup comes with the document's variables.
    let variablesVary: Bool
    private let table = Mutex<[Key: [ReferencePatternMatcher]?]>([:])

    /// For one document's patterns (`variablesVary` false), or for any (true).
    init(capacity: Int, variablesVary: Bool) {
        self.capacity = capacity
        self.variablesVary = variablesVary
    }

    /// `ReferencePatternMatcher.build` of these arguments, from the table when it was built before.
    func matchers(pattern: String, isPath: Bool, caseSensitive: Bool,
                  variables: ReferenceVariables) -> [ReferencePatternMatcher]? {
        let key = Key(pattern: Array(pattern.utf8), isPath: isPath, caseSensitive: caseSensitive,
                      variables: variablesVary ? variables.custom.map { [Array($0.name.utf8)] + $0.values.map { Array($0.utf8) } } : [])
        if let hit = table.withLock({ $0[key] }) { return hit }
        let built = ReferencePatternMatcher.build(pattern: pattern, isPath: isPath, caseSensitive: caseSensitive,
                                                  variables: variables)
        table.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = .some(built)
        }
        return built
    }
}

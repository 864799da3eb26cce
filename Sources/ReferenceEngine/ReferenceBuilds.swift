import LinkMatchCore
import Synchronization

/// Built matchers kept for reuse, so that one pattern asked about with many texts is built once:
/// the metamorphic checks ask up to seven texts per pattern, and a document's rules meet every URL
/// and app of a case. `build` is a function of what the key holds, so reuse changes no answer. The
/// key compares exactly (UTF-8 bytes name scalars one to one; String's `==` would let "é" and
/// "e\u{301}" share an entry). Thread-safe: the lock is held to look up or store, never to build.
final class ReferenceBuilds: Sendable {
    /// Everything `build` reads. Equal when the same scalar for scalar; the hash reads the
    /// pattern's bytes and the flags only (no copy of anything).
    struct Key: Hashable {
        var pattern: String
        var isPath: Bool
        var caseSensitive: Bool
        /// The custom definitions; empty when the table serves one document (whose variables never change).
        var variables: [(name: String, values: [String])]

        static func == (a: Key, b: Key) -> Bool {
            a.isPath == b.isPath && a.caseSensitive == b.caseSensitive && same(a.pattern, b.pattern)
                && a.variables.elementsEqual(b.variables) { x, y in
                    same(x.name, y.name) && x.values.elementsEqual(y.values, by: same)
                }
        }

        func hash(into hasher: inout Hasher) {
            let utf8 = pattern.utf8
            if utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                for byte in utf8 { hasher.combine(byte) }
            }
            hasher.combine(isPath)
            hasher.combine(caseSensitive)
            hasher.combine(variables.count)
        }

        static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
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

    /// Custom value lists read lately (patterns built one after another mostly share their
    /// variables), by the exact values and the fold mode.
    private let reads = Mutex<[ReadKey: ReferencePatternMatcher.ReadValues]>([:])

    struct ReadKey: Hashable {
        var values: [String]
        var caseSensitive: Bool

        static func == (a: ReadKey, b: ReadKey) -> Bool {
            a.caseSensitive == b.caseSensitive && a.values.elementsEqual(b.values, by: Key.same)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(caseSensitive)
            hasher.combine(values.count)
            for value in values { hasher.combine(value.utf8.count) }
        }
    }

    func readCustom(_ values: [String], _ caseSensitive: Bool) -> ReferencePatternMatcher.ReadValues {
        kept(in: reads, ReadKey(values: values, caseSensitive: caseSensitive)) {
            ReferencePatternMatcher.read(values, caseSensitive: caseSensitive)
        }
    }

    /// `ReferencePatternMatcher.build` of these arguments, from the table when it was built before.
    func matchers(pattern: String, isPath: Bool, caseSensitive: Bool,
                  variables: ReferenceVariables) -> [ReferencePatternMatcher]? {
        let key = Key(pattern: pattern, isPath: isPath, caseSensitive: caseSensitive,
                      variables: variablesVary ? variables.custom : [])
        return kept(in: table, key) {
            ReferencePatternMatcher.build(pattern: pattern, isPath: isPath, caseSensitive: caseSensitive,
                                          variables: variables, readCustom: readCustom)
        }
    }

    /// The value `table` holds for `key`, or `build()`'s, stored for next time (the table starts
    /// over when it holds `capacity` entries). The lock is not held while building.
    private func kept<K: Hashable & Sendable, V: Sendable>(in table: borrowing Mutex<[K: V]>, _ key: K, build: () -> V) -> V {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let built = build()
        table.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = built
        }
        return built
    }
}

import LinkMatchCore
import Synchronization

/// The compiled engine's tables of things built lately (compiled parts, custom variables' tries):
/// a value is built from its key alone, so handing back an earlier one changes no answer.
/// Thread-safe: the lock is held to look up or store, never to build. When full, the table starts
/// over (what a caller asks for again usually comes soon after).
final class RecentTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let table = Mutex<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value kept for `key`, or `build()`'s, kept for next time.
    func value(for key: Key, build: () -> Value) -> Value {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let built = build()
        table.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = built
        }
        return built
    }
}

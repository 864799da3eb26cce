import Foundation

/// Runs independent slow steps of a test (child programs that wait on each other's pipes, or each use
/// one core) side by side: the machines the tests run on have two cores, and a test that starts one
/// child at a time leaves one idle. Results come back in the order of the inputs, so a test asserts
/// on them exactly as it would on a loop's.
public enum Concurrently {
    /// `transform` of each of `items`, computed by at most `workers` threads at once; the results in
    /// the order of `items`. The first error thrown (by input order) is rethrown after all have ended.
    public static func map<T: Sendable, U: Sendable>(_ items: [T], workers: Int = 2,
                                                     _ transform: @escaping @Sendable (T) throws -> U) throws -> [U] {
        let results = Results<U>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
            while let index = results.claim() {
                results.store(index, Result { try transform(items[index]) })
            }
        }
        return try results.all()
    }

    /// The slots the workers fill, and the next index to claim; one lock guards both.
    private final class Results<U: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<U, any Error>?]
        private var next = 0

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func claim() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func store(_ index: Int, _ result: Result<U, any Error>) {
            lock.withLock { slots[index] = result }
        }

        func all() throws -> [U] {
            try lock.withLock { slots }.map { try $0!.get() }
        }
    }
}

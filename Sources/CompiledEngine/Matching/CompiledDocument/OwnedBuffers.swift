/// Copies of arrays in buffers allocated once at their size, released together when this object
/// goes: what a compiled document or part keeps of the arrays compilation built, so that the views
/// a match reads can be made once and kept beside them (a view of an array is only valid inside its
/// `withUnsafeBufferPointer` call). Sendable unchecked: nothing it holds changes after it is filled.
final class OwnedBuffers: @unchecked Sendable {
    /// Every owned buffer's release (deinitialize, then deallocate), in the order they were made.
    private var releases: [() -> Void] = []

    init() {}

    /// A copy of `array` that lives as long as this object.
    func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        // (At least one element of room, so that an empty buffer has a real start too.)
        let base = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
        let buffer = UnsafeMutableBufferPointer(start: base, count: array.count)
        _ = buffer.initialize(from: array)
        releases.append {
            buffer.deinitialize()
            base.deallocate()
        }
        return UnsafeBufferPointer(buffer)
    }

    /// `value` in a buffer of its own that lives as long as this object.
    func keep<T>(_ value: T) -> UnsafePointer<T> {
        let base = UnsafeMutablePointer<T>.allocate(capacity: 1)
        base.initialize(to: value)
        releases.append {
            base.deinitialize(count: 1)
            base.deallocate()
        }
        return UnsafePointer(base)
    }

    deinit {
        for release in releases.reversed() { release() }
    }
}

/// A `MatcherStore` copied into buffers of its own, with its view made once: what a compiled
/// document or part matches with. Sendable unchecked: the view only reads buffers that never change.
final class OwnedMatchers: @unchecked Sendable {
    private let buffers: OwnedBuffers
    /// The store's view, valid while this object lives.
    let view: MatcherView

    init(_ store: MatcherStore) {
        let buffers = OwnedBuffers()
        let segments = store.segments
        let tables = buffers.keep(GlobMatcher.SegmentTables.Buffers(
            labels: buffers.copy(segments.labels), words: buffers.copy(segments.words), masks: buffers.copy(segments.masks),
            wideUnits: buffers.copy(segments.wideUnits), segments: buffers.copy(segments.segments)))
        let tries = buffers.keep(ValueTries.Buffers(nodes: buffers.copy(store.tries.nodes), labels: buffers.copy(store.tries.labels),
                                                    targets: buffers.copy(store.tries.targets), dense: buffers.copy(store.tries.dense),
                                                    shared: store.tries.usesShared ? ValueTries.shared.buffers : nil))
        // SAFETY: every buffer the view points to is owned by `buffers`, which this object keeps until it goes.
        view = MatcherView(buffers: buffers.keep(MatcherView.Buffers(
            tables: .init(buffers: tables), globs: buffers.copy(store.globs), steps: buffers.copy(store.steps),
            sequences: buffers.copy(store.sequences), tries: .init(buffers: tries), automata: buffers.copy(store.automata))))
        self.buffers = buffers
    }
}

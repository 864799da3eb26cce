extension MatcherStore {
    /// Reserves in `layout` the view headers `view(in:)` places, in the same order.
    static func reserveHeaders(in layout: inout ArenaLayout) {
        layout.reserve(GlobMatcher.SegmentTables.Buffers.self)
        layout.reserve(ValueTries.Buffers.self)
        layout.reserve(MatcherView.Buffers.self)
    }

    /// This store's view: its headers placed in `arena`, pointing at this store's own arrays (no
    /// copy; `Array.storageKeptByOwner`). Valid while `arena` lives and the caller keeps this store
    /// unmutated, which also keeps the automata alive.
    func view(in arena: inout FlatArena) -> MatcherView {
        let tableBuffers = arena.place(GlobMatcher.SegmentTables.Buffers(
            labels: segments.labels.storageKeptByOwner(), words: segments.words.storageKeptByOwner(),
            masks: segments.masks.storageKeptByOwner(), wideUnits: segments.wideUnits.storageKeptByOwner(),
            segments: segments.segments.storageKeptByOwner()))
        let trieBuffers = arena.place(ValueTries.Buffers(
            nodes: tries.nodes.storageKeptByOwner(), labels: tries.labels.storageKeptByOwner(),
            targets: tries.targets.storageKeptByOwner(), dense: tries.dense.storageKeptByOwner(),
            shared: tries.usesShared ? ValueTries.shared.buffers : nil))
        return MatcherView(buffers: arena.place(MatcherView.Buffers(
            tables: .init(buffers: tableBuffers), globs: globs.storageKeptByOwner(), steps: steps.storageKeptByOwner(),
            sequences: sequences.storageKeptByOwner(), tries: .init(buffers: trieBuffers),
            automata: automata.storageKeptByOwner())))
    }
}

/// A `MatcherStore` kept whole, with its view made once (headers in an arena of their own): what a
/// pattern compiled alone (`CompiledPart`) matches with. Sendable unchecked: the view only reads
/// buffers that never change.
final class OwnedMatchers: @unchecked Sendable {
    private let arena: FlatArena
    /// The arrays the view points to (and the owner of the automata), never mutated.
    private let store: MatcherStore
    /// The store's view, valid while this object lives.
    let view: MatcherView

    init(_ store: MatcherStore) {
        var layout = ArenaLayout()
        MatcherStore.reserveHeaders(in: &layout)
        var arena = FlatArena(layout)
        // SAFETY: the view's headers are in `arena` and its buffers are `store`'s arrays (or the process's shared tries); this object keeps both, unmutated, until it goes.
        view = store.view(in: &arena)
        arena.assertFilled()
        self.arena = arena
        self.store = store
    }
}

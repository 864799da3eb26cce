extension MatcherStore {
    /// Reserves in `layout` the buffers `place(in:)` fills, in the same order.
    func reserve(in layout: inout ArenaLayout) {
        layout.reserve(UInt32.self, count: segments.labels.count)
        layout.reserve(UInt64.self, count: segments.words.count)
        layout.reserve(UInt64.self, count: segments.masks.count)
        layout.reserve(UInt32.self, count: segments.wideUnits.count)
        layout.reserve(GlobMatcher.Segment.self, count: segments.segments.count)
        layout.reserve(GlobMatcher.SegmentTables.Buffers.self)
        layout.reserve(TrieNode.self, count: tries.nodes.count)
        layout.reserve(UInt32.self, count: tries.labels.count)
        layout.reserve(Int32.self, count: tries.targets.count)
        layout.reserve(Int32.self, count: tries.dense.count)
        layout.reserve(ValueTries.Buffers.self)
        layout.reserve(GlobMatcher.self, count: globs.count)
        layout.reserve(SequenceMatcher.Step.self, count: steps.count)
        layout.reserve(SequenceMatcher.self, count: sequences.count)
        layout.reserve(BitNFA.self, count: automata.count)
        layout.reserve(MatcherView.Buffers.self)
    }

    /// Copies this store into the buffers `reserve(in:)` reserved and returns its view, valid while
    /// `arena` lives and the caller keeps `automata` (the arena's copy of it does not retain them).
    func place(in arena: inout FlatArena) -> MatcherView {
        let tableBuffers = arena.place(GlobMatcher.SegmentTables.Buffers(
            labels: arena.place(segments.labels), words: arena.place(segments.words), masks: arena.place(segments.masks),
            wideUnits: arena.place(segments.wideUnits), segments: arena.place(segments.segments)))
        let trieBuffers = arena.place(ValueTries.Buffers(
            nodes: arena.place(tries.nodes), labels: arena.place(tries.labels), targets: arena.place(tries.targets),
            dense: arena.place(tries.dense), shared: tries.usesShared ? ValueTries.shared.buffers : nil))
        let globBuffer = arena.place(globs)
        let stepBuffer = arena.place(steps)
        let sequenceBuffer = arena.place(sequences)
        let automatonBuffer = arena.placeAliasing(automata)
        return MatcherView(buffers: arena.place(MatcherView.Buffers(
            tables: .init(buffers: tableBuffers), globs: globBuffer, steps: stepBuffer, sequences: sequenceBuffer,
            tries: .init(buffers: trieBuffers), automata: automatonBuffer)))
    }
}

/// A `MatcherStore` copied into an arena of its own, with its view made once: what a pattern
/// compiled alone (`CompiledPart`) matches with. Sendable unchecked: the view only reads buffers
/// that never change.
final class OwnedMatchers: @unchecked Sendable {
    private let arena: FlatArena
    /// The owner of the automata the arena's copy names (which does not retain them).
    private let automata: [BitNFA]
    /// The store's view, valid while this object lives.
    let view: MatcherView

    init(_ store: MatcherStore) {
        var layout = ArenaLayout()
        store.reserve(in: &layout)
        var arena = FlatArena(layout)
        // SAFETY: every buffer the view points to is in `arena` (or is the process's shared tries), and `automata` keeps the automata the arena names; this object keeps both until it goes.
        view = store.place(in: &arena)
        arena.assertFilled()
        self.arena = arena
        automata = store.automata
    }
}

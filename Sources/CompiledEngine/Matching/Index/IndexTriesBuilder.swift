/// Builds a document's `IndexTries` in one pass over its plans: `RuleIndex` adds each plan's keys
/// (`add`) and takes its tries (`finishPlan`), which are appended to the shared arrays unless an
/// earlier plan had the same keys (files list the same rules in one entry per app: the same
/// patterns, so the same key ranges, make the same trie, built once). Scratch space (the plan's
/// keys, the sort's merge buffer) is reused from plan to plan.
struct IndexTriesBuilder {
    private var rows = TrieRows<UInt8>()
    private var ruleOffsets: [Int32] = [0]
    private var ruleOrdinals: [Int32] = []
    private var ruleForms: [UInt8] = []

    /// The keys of the plan being built, as `add` gave them.
    private var prefixKeys: [IndexKey] = []
    private var suffixKeys: [IndexKey] = []
    private var scratch: [IndexKey] = []

    /// Every trie built: the keys it was built from (a range of `builtKeys`), their hash, and the
    /// trie built before it with the same hash (or -1).
    private struct Built {
        let keys: Range<Int>
        let hash: UInt64
        let trie: IndexTries.Trie
        let previousWithHash: Int32
    }
    private var built: [Built] = []
    private var builtKeys: [IndexKey] = []
    /// Hash -> the latest trie built with it, once there are too many tries to scan (keyed look-ups only).
    private var latestWithHash: [UInt64: Int32] = [:]
    /// Up to this many tries, finding a known one scans them all (no dictionary to allocate).
    private static var scannedTries: Int { 16 }

    init() {}

    /// Adds a key of the current plan: a range of the key bytes with the rule ordinal (in the plan)
    /// and form it lists, to the reversed-suffix trie when `suffix`, else to the prefix trie.
    mutating func add(_ key: Range<Int32>, ordinal: Int, form: UInt8, suffix: Bool) {
        let key = IndexKey(key, ordinal: Int32(ordinal), form: form)
        if suffix { suffixKeys.append(key) } else { prefixKeys.append(key) }
    }

    /// The current plan's prefix and suffix tries (nil when it added no such key), whose keys are
    /// ranges of `bytes`; the next `add` starts the next plan.
    mutating func finishPlan(bytes: [UInt8]) -> (prefixes: IndexTries.Trie?, suffixes: IndexTries.Trie?) {
        var keys: [IndexKey] = []
        swap(&keys, &prefixKeys)
        let prefixes = trie(of: &keys, bytes)
        keys.removeAll(keepingCapacity: true)
        swap(&keys, &prefixKeys)
        swap(&keys, &suffixKeys)
        let suffixes = trie(of: &keys, bytes)
        keys.removeAll(keepingCapacity: true)
        swap(&keys, &suffixKeys)
        return (prefixes, suffixes)
    }

    /// Every trie built, in shared arrays.
    func finish() -> IndexTries {
        IndexTries(rows: rows, ruleOffsets: ruleOffsets, ruleOrdinals: ruleOrdinals, ruleForms: ruleForms)
    }

    /// The trie of `keys` (sorted in place when it is built), or nil when there are none.
    private mutating func trie(of keys: inout [IndexKey], _ bytes: [UInt8]) -> IndexTries.Trie? {
        guard !keys.isEmpty else { return nil }
        let hash = Self.hash(keys)
        if let known = find(keys, hash) { return known }
        let given = builtKeys.count
        builtKeys.append(contentsOf: keys)
        if scratch.count < keys.count { scratch = [IndexKey](repeating: keys[0], count: keys.count) }
        let root = bytes.withUnsafeBufferPointer { bytes in
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    // SAFETY: `scratch` was grown to at least `keys.count` keys just above.
                    assert(scratch.count >= keys.count)
                    IndexKey.sort(keys, scratch: UnsafeMutableBufferPointer(rebasing: scratch[0..<keys.count]), bytes: bytes)
                }
                return Self.append(UnsafeBufferPointer(keys), bytes, rows: &rows, ruleOffsets: &ruleOffsets,
                                   ruleOrdinals: &ruleOrdinals, ruleForms: &ruleForms)
            }
        }
        let trie = IndexTries.Trie(root: root, ordinalCount: Int32(keys.count))
        let previous = built.count < Self.scannedTries ? -1 : latestWithHash[hash] ?? -1
        built.append(Built(keys: given..<builtKeys.count, hash: hash, trie: trie, previousWithHash: previous))
        if built.count == Self.scannedTries + 1 {
            // From now on the dictionary finds tries by hash: enter every one so far, oldest first.
            latestWithHash.reserveCapacity(2 * built.count)
            for (i, b) in built.enumerated() { latestWithHash[b.hash] = Int32(i) }
        } else if built.count > Self.scannedTries {
            latestWithHash[hash] = Int32(built.count - 1)
        }
        return trie
    }

    /// A trie built earlier from the same keys (in the same order), if any.
    private func find(_ keys: [IndexKey], _ hash: UInt64) -> IndexTries.Trie? {
        if built.count <= Self.scannedTries {
            for b in built.reversed() where b.hash == hash && isSame(keys, b.keys) { return b.trie }
            return nil
        }
        var i = latestWithHash[hash] ?? -1
        while i >= 0 {
            let b = built[Int(i)]
            if isSame(keys, b.keys) { return b.trie }
            i = b.hash == hash ? b.previousWithHash : -1
        }
        return nil
    }

    private func isSame(_ keys: [IndexKey], _ range: Range<Int>) -> Bool {
        guard keys.count == range.count else { return false }
        for (key, other) in zip(keys, builtKeys[range]) where !key.isSame(as: other) { return false }
        return true
    }

    /// A hash of the keys' identities (ranges, ordinals, forms), in order: a multiply-and-shift mix,
    /// cheaper than `Hasher` for a list read in one go.
    private static func hash(_ keys: [IndexKey]) -> UInt64 {
        var h = UInt64(keys.count) &* 0x9E37_79B9_7F4A_7C15
        for key in keys {
            let range = UInt64(UInt32(bitPattern: key.start)) << 32 | UInt64(UInt32(bitPattern: key.end))
            let rule = UInt64(UInt32(bitPattern: key.ordinal)) << 8 | UInt64(key.form)
            h = (h ^ range) &* 0xFF51_AFD7_ED55_8CCD
            h = (h ^ (h >> 31) ^ rule) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 29
        }
        return h
    }

    /// Appends the trie of `keys` (sorted) to the rows, and per node its keys' ordinals and forms
    /// (in key order, so ordinals ascend: equal keys were sorted by ordinal). Returns the root.
    private static func append(_ keys: UnsafeBufferPointer<IndexKey>, _ bytes: UnsafeBufferPointer<UInt8>,
                               rows: inout TrieRows<UInt8>, ruleOffsets: inout [Int32], ruleOrdinals: inout [Int32],
                               ruleForms: inout [UInt8]) -> Int32 {
        assert(keys.allSatisfy { $0.start >= 0 && $0.start <= $0.end && Int($0.end) <= bytes.count })
        let firstNode = rows.nodeCount
        let firstRule = ruleOrdinals.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: keys.count) { endNodes in
            let root = rows.append(Keys(keys: keys, bytes: bytes), endNodes: endNodes)
            // A stable counting sort of the keys by their end node: node `n`'s rules are then
            // `ruleOffsets[n]..<ruleOffsets[n + 1]` (one entry more while counting, dropped after).
            let added = rows.nodeCount - firstNode
            ruleOffsets.append(contentsOf: repeatElement(Int32(firstRule), count: added + 1))
            ruleOrdinals.append(contentsOf: repeatElement(0, count: keys.count))
            ruleForms.append(contentsOf: repeatElement(0, count: keys.count))
            ruleOffsets.withUnsafeMutableBufferPointer { offsets in
                ruleOrdinals.withUnsafeMutableBufferPointer { ordinals in
                    ruleForms.withUnsafeMutableBufferPointer { forms in
                        // SAFETY: every end node `n` is one of the nodes just added (`firstNode <= n < firstNode + added`), so `n + 2 < offsets.count`; each node's slots lie from its offset to the next, under `ordinals.count`.
                        assert(offsets.count == firstNode + added + 2 && ordinals.count == firstRule + keys.count && forms.count == ordinals.count)
                        for k in 0..<keys.count {
                            assert(Int(endNodes[k]) >= firstNode && Int(endNodes[k]) < firstNode + added)
                            offsets[Int(endNodes[k]) + 2] += 1
                        }
                        for n in firstNode..<firstNode + added { offsets[n + 2] += offsets[n + 1] - Int32(firstRule) }
                        for k in 0..<keys.count {
                            let slot = Int(offsets[Int(endNodes[k]) + 1])
                            assert(slot < ordinals.count)
                            ordinals[slot] = keys[k].ordinal
                            forms[slot] = keys[k].form
                            offsets[Int(endNodes[k]) + 1] += 1
                        }
                    }
                }
            }
            ruleOffsets.removeLast()
            return root
        }
    }

    /// A plan's sorted keys as the trie rows read them: ranges of the key bytes.
    private struct Keys: TrieKeys {
        let keys: UnsafeBufferPointer<IndexKey>
        let bytes: UnsafeBufferPointer<UInt8>

        var count: Int { keys.count }

        @inline(__always)
        func length(_ k: Int) -> Int {
            // SAFETY: `TrieRows.append` reads keys `k < count` only.
            assert(k >= 0 && k < keys.count)
            return keys[k].count
        }

        @inline(__always)
        func label(_ k: Int, _ d: Int) -> UInt8 {
            // SAFETY: `TrieRows.append` reads labels below a key's length only, and every key is a range of `bytes` (`IndexKey.sort` asserts it).
            assert(k >= 0 && k < keys.count && d >= 0 && d < keys[k].count && Int(keys[k].start) + d < bytes.count)
            return bytes[Int(keys[k].start) + d]
        }
    }
}

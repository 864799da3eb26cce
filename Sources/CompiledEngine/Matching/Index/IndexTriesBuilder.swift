/// Builds a document's `IndexTries` in one pass over its plans: `RuleIndex` adds each plan's keys
/// (`add`) and takes its tries (`finishPlan`), which are appended to the shared arrays unless an
/// earlier plan had the same keys (files list the same rules in one entry per app: the same
/// patterns, so the same key ranges, make the same trie, built once). A plan's keys are kept in
/// arrays reused from plan to plan, then moved to the end of `builtKeys` (dropped again when an
/// earlier trie has them); the sorted keys, the sort's scratch and the keys' end nodes share one
/// temporary block per trie; the shared arrays are sized once, on the first plan.
struct IndexTriesBuilder {
    private var rows = TrieRows<UInt8>()
    /// Empty until the first trie or `reserve` (then one entry more than there are nodes).
    private var ruleOffsets: [Int32] = []
    private var ruleOrdinals: [Int32] = []
    private var ruleForms: [UInt8] = []
    /// Nodes reserved before the first trie: its rows are made with this capacity (`TrieRows.append`)
    /// rather than reserved and then made again.
    private var reservedNodes = 0

    /// The keys of the plan being built, as `add` gave them.
    private var prefixKeys: [IndexKey] = []
    private var suffixKeys: [IndexKey] = []
    /// The labels of the current plan's keys (what the first plan sizes the shared arrays by).
    private var planLabels = 0

    /// Every trie built, with the keys it was built from (a range of `builtKeys`, as given; their
    /// heads are not filled in).
    private struct Built {
        let keys: Range<Int>
        let trie: IndexTries.Trie
    }
    private var built: [Built] = []
    private var builtKeys: [IndexKey] = []
    /// Once there are more than `scannedTries` tries: per trie its keys' hash and the trie built
    /// before it with the same hash (or -1), and hash -> the latest trie built with it (keyed
    /// look-ups only). Until then a known trie is found by scanning, with no hashing at all (a
    /// document with one app, the usual case, never hashes).
    private var hashes: [UInt64] = []
    private var previousWithHash: [Int32] = []
    private var latestWithHash: [UInt64: Int32] = [:]
    /// Up to this many tries, finding a known one scans them all (no hash, no dictionary).
    private static var scannedTries: Int { 16 }

    init() {}

    /// Makes room for a plan's keys: `keys` of them (one per rule, the usual case), so that adding
    /// them does not grow the key lists one step at a time (they are reused by later plans), nor
    /// moving them to `builtKeys` (at least doubled when it grows).
    mutating func reserve(keys: Int) {
        prefixKeys.reserveCapacity(keys)
        let needed = builtKeys.count + keys
        if builtKeys.capacity < needed { builtKeys.reserveCapacity(max(needed, 2 * builtKeys.capacity)) }
    }

    /// Adds a key of the current plan: a range of the key bytes with the rule ordinal (in the plan)
    /// and form it lists, to the reversed-suffix trie when `suffix`, else to the prefix trie.
    /// Ordinals must not decrease from one `add` to the next within a plan (the rule lists rely on it).
    mutating func add(_ key: Range<Int32>, ordinal: Int, form: UInt8, suffix: Bool) {
        planLabels &+= key.count
        let key = IndexKey(key, ordinal: Int32(ordinal), form: form)
        if suffix { suffixKeys.append(key) } else { prefixKeys.append(key) }
    }

    /// The current plan's prefix and suffix tries (nil when it added no such key), whose keys are
    /// ranges of `bytes`; the next `add` starts the next plan.
    mutating func finishPlan(bytes: [UInt8]) -> (prefixes: IndexTries.Trie?, suffixes: IndexTries.Trie?) {
        if built.isEmpty {
            // The first plan's tries (the whole index, when the document has one app or apps that
            // share their entries) size the shared arrays, so that they grow once: nodes for every
            // label of its keys but at most one per key byte of the document (distinct keys are
            // distinct ranges of `bytes`, and equal labels at the same depth share a node), a rule
            // slot per key. Room made before (`reserve(labels:keys:)`) is kept when larger.
            reserve(labels: min(planLabels, bytes.count), keys: prefixKeys.count + suffixKeys.count)
        }
        var prefixes: IndexTries.Trie?
        if !prefixKeys.isEmpty {
            let start = builtKeys.count
            builtKeys.append(contentsOf: prefixKeys)
            prefixKeys.removeAll(keepingCapacity: true)
            prefixes = trie(from: start, bytes)
        }
        var suffixes: IndexTries.Trie?
        if !suffixKeys.isEmpty {
            let start = builtKeys.count
            builtKeys.append(contentsOf: suffixKeys)
            suffixKeys.removeAll(keepingCapacity: true)
            suffixes = trie(from: start, bytes)
        }
        planLabels = 0
        return (prefixes, suffixes)
    }

    /// Every trie built, in shared arrays.
    func finish() -> IndexTries {
        IndexTries(rows: rows, ruleOffsets: ruleOffsets.isEmpty ? [0] : ruleOffsets, ruleOrdinals: ruleOrdinals, ruleForms: ruleForms)
    }

    /// Makes room in the shared arrays for tries of `labels` labels (so at most as many nodes, and
    /// a root per trie) and `keys` keys in all, unless they have that much room already; and in the
    /// key lists for as many (so that a document's plans, each `reserve(keys:)`, seldom grow them:
    /// each growth copies them).
    mutating func reserve(labels: Int, keys: Int) {
        if prefixKeys.capacity < keys { prefixKeys.reserveCapacity(keys) }
        if builtKeys.capacity < keys { builtKeys.reserveCapacity(keys) }
        // The tries compared by a scan, so that their list grows at most once before the dictionary.
        if built.capacity <= Self.scannedTries { built.reserveCapacity(Self.scannedTries + 1) }
        let nodes = labels + 2
        if rows.nodeCount == 0 { reservedNodes = max(reservedNodes, nodes) } else { rows.reserve(nodes: nodes) }
        ruleOffsets.reserveCapacity(nodes + 1)
        if ruleOffsets.isEmpty { ruleOffsets.append(0) }
        ruleOrdinals.reserveCapacity(keys)
        ruleForms.reserveCapacity(keys)
    }

    /// The trie of the keys `builtKeys[start...]` (kept there when it is built, dropped when an
    /// earlier trie has the same), or nil when there are none.
    private mutating func trie(from start: Int, _ bytes: [UInt8]) -> IndexTries.Trie? {
        let keys = start..<builtKeys.count
        guard !keys.isEmpty else { return nil }
        // Hashed only when the new trie will be found through the dictionary.
        let hash = built.count >= Self.scannedTries ? Self.hash(builtKeys[keys]) : 0
        if let known = find(keys, hash) {
            builtKeys.removeLast(keys.count)
            return known
        }
        let trie = build(keys, bytes)
        built.append(Built(keys: keys, trie: trie))
        if built.count == Self.scannedTries + 1 {
            // From now on the dictionary finds tries by hash: enter every one so far, oldest first.
            latestWithHash.reserveCapacity(2 * built.count)
            hashes.reserveCapacity(2 * built.count)
            previousWithHash.reserveCapacity(2 * built.count)
            for (i, b) in built.enumerated() { enter(i == built.count - 1 ? hash : Self.hash(builtKeys[b.keys])) }
        } else if built.count > Self.scannedTries {
            enter(hash)
        }
        return trie
    }

    /// Enters the latest trie built, whose keys hash to `hash`, in the dictionary's chains.
    private mutating func enter(_ hash: UInt64) {
        previousWithHash.append(latestWithHash[hash] ?? -1)
        hashes.append(hash)
        latestWithHash[hash] = Int32(hashes.count - 1)
    }

    /// A trie built earlier from the same keys (in the same order), if any; `hash` is their hash
    /// when there are more than `scannedTries` tries (unused before).
    private func find(_ keys: Range<Int>, _ hash: UInt64) -> IndexTries.Trie? {
        if built.count <= Self.scannedTries {
            for b in built.reversed() where b.keys.count == keys.count && isSame(keys, b.keys) { return b.trie }
            return nil
        }
        var i = latestWithHash[hash] ?? -1
        while i >= 0 {
            let b = built[Int(i)]
            if isSame(keys, b.keys) { return b.trie }
            i = hashes[Int(i)] == hash ? previousWithHash[Int(i)] : -1
        }
        return nil
    }

    /// Whether the keys at `keys` and `range` of `builtKeys` are the same, in the same order.
    private func isSame(_ keys: Range<Int>, _ range: Range<Int>) -> Bool {
        guard keys.count == range.count else { return false }
        var j = range.lowerBound
        for i in keys {
            if !builtKeys[i].isSame(as: builtKeys[j]) { return false }
            j += 1
        }
        return true
    }

    /// A hash of the keys' identities (ranges, ordinals, forms), in order: a multiply-and-shift mix,
    /// cheaper than `Hasher` for a list read in one go.
    private static func hash(_ keys: ArraySlice<IndexKey>) -> UInt64 {
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

    /// Sorts the keys `builtKeys[given]`, appends their trie to the rows and per node its keys'
    /// ordinals and forms, and returns the trie. The rule slots are the sorted keys' order: a key's
    /// end node ascends with the keys (`TrieRows.append`), and equal keys keep their given order,
    /// ordinals ascending. The sorted keys, the sort's scratch and the end nodes share one
    /// temporary block.
    private mutating func build(_ given: Range<Int>, _ bytes: [UInt8]) -> IndexTries.Trie {
        let n = given.count
        let firstNode = rows.nodeCount
        let firstRule = ruleOrdinals.count
        let keyBytes = n * MemoryLayout<IndexKey>.stride
        let scratchBytes = IndexKey.sortScratchBytes(count: n)
        // SAFETY: the block holds `n` keys, then the sort's scratch, then `n` end nodes, each region at a multiple of its type's alignment (keys and items are 8-aligned, their sizes multiples of 8).
        assert(MemoryLayout<IndexKey>.alignment == 8 && keyBytes % 8 == 0 && scratchBytes % 8 == 0)
        let root = withUnsafeTemporaryAllocation(byteCount: keyBytes + scratchBytes + n * MemoryLayout<Int32>.stride,
                                                 alignment: MemoryLayout<IndexKey>.alignment) { block in
            let base = block.baseAddress!
            let sorted = UnsafeMutableBufferPointer(start: base.bindMemory(to: IndexKey.self, capacity: n), count: n)
            let scratch = UnsafeMutableRawBufferPointer(start: base + keyBytes, count: scratchBytes)
            let endNodes = UnsafeMutableBufferPointer(start: (base + keyBytes + scratchBytes).bindMemory(to: Int32.self, capacity: n), count: n)
            let root = bytes.withUnsafeBufferPointer { bytes in
                builtKeys.withUnsafeBufferPointer { all in
                    IndexKey.sort(UnsafeBufferPointer(rebasing: all[given]), into: sorted, scratch: scratch, bytes: bytes)
                }
                return rows.append(Keys(keys: UnsafeBufferPointer(sorted), bytes: bytes), endNodes: endNodes, reservedNodes: reservedNodes)
            }
            appendRules(of: UnsafeBufferPointer(sorted), endNodes: UnsafeBufferPointer(endNodes), firstNode: firstNode, firstRule: firstRule)
            return root
        }
        return IndexTries.Trie(root: root, ordinalCount: Int32(n))
    }

    /// Appends the rule lists of the nodes from `firstNode` on (the trie just built from the sorted
    /// `keys`, each ending at its `endNodes` entry): node `v`'s rules are `ruleOffsets[v]..<ruleOffsets[v + 1]`.
    /// The trailing entry (where the previous trie's rules end) is the first new node's start; one
    /// more entry per new node. They and the ordinals and forms are written in one temporary block, then appended.
    private mutating func appendRules(of keys: UnsafeBufferPointer<IndexKey>, endNodes: UnsafeBufferPointer<Int32>, firstNode: Int, firstRule: Int) {
        let n = keys.count
        let added = rows.nodeCount - firstNode
        if ruleOffsets.isEmpty { ruleOffsets.append(0) }
        withUnsafeTemporaryAllocation(byteCount: (added + n) * MemoryLayout<Int32>.stride + n, alignment: MemoryLayout<Int32>.alignment) { block in
            let offsets = block.baseAddress!.bindMemory(to: Int32.self, capacity: added + n)
            let ordinals = offsets + added
            let forms = (block.baseAddress! + (added + n) * MemoryLayout<Int32>.stride).bindMemory(to: UInt8.self, capacity: n)
            do {
                // SAFETY: `endNodes` holds each key's end node, one of the `added` nodes just appended, ascending (`TrieRows.append`); the block has `added` entries then `n` ordinals and `n` forms.
                assert(endNodes.count == n && block.count == (added + n) * 4 + n)
                // A node before key k's end node has the k keys before it ending at or before it;
                // a key's end node gets its count from the next key with another end (or the end).
                var v = 0
                for k in 0..<n {
                    let end = Int(endNodes[k]) - firstNode
                    assert(end >= v && end < added, "end nodes ascend, among the nodes just added")
                    let slot = Int32(truncatingIfNeeded: firstRule + k)
                    while v < end {
                        offsets[v] = slot
                        v += 1
                    }
                    ordinals[k] = keys[k].ordinal
                    forms[k] = keys[k].form
                }
                let last = Int32(truncatingIfNeeded: firstRule + n)
                while v < added {
                    offsets[v] = last
                    v += 1
                }
            }
            ruleOffsets.append(contentsOf: UnsafeBufferPointer(start: offsets, count: added))
            ruleOrdinals.append(contentsOf: UnsafeBufferPointer(start: ordinals, count: n))
            ruleForms.append(contentsOf: UnsafeBufferPointer(start: forms, count: n))
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

        /// From the keys' heads (`IndexKey.sort` filled them) while they differ or one key has at
        /// most eight bytes; then byte by byte.
        @inline(__always)
        func commonPrefix(_ k: Int) -> Int {
            // SAFETY: `TrieRows.append` asks for keys `1 <= k < count` only, and every key is a range of `bytes` (`IndexKey.sort` asserts it).
            assert(k >= 1 && k < keys.count)
            let a = keys[k - 1]
            let b = keys[k]
            let shared = min(a.count, b.count)
            let differ = a.head ^ b.head
            if differ != 0 { return min(differ.leadingZeroBitCount >> 3, shared) }
            var common = min(8, shared)
            assert(Int(a.start) + shared <= bytes.count && Int(b.start) + shared <= bytes.count)
            while common < shared, bytes[Int(a.start) &+ common] == bytes[Int(b.start) &+ common] { common += 1 }
            return common
        }

        @inline(__always)
        func label(_ k: Int, _ d: Int) -> UInt8 {
            // SAFETY: `TrieRows.append` reads labels below a key's length only, and every key is a range of `bytes` (`IndexKey.sort` asserts it).
            assert(k >= 0 && k < keys.count && d >= 0 && d < keys[k].count && Int(keys[k].start) + d < bytes.count)
            return bytes[Int(keys[k].start) &+ d]
        }
    }
}

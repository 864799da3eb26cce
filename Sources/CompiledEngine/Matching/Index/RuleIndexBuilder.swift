/// Builds a document's plans (`RuleIndex`) and their tries. Files list the same rules in one entry
/// per app: a plan whose rules read, ordinal by ordinal, the same path pattern in the same text form
/// as an earlier plan's has the same keys (a repeated pattern is compiled once, `PatternMemo`), so
/// the same tries, forms and flags: it takes them with its own rule list and builds nothing.
///
/// The earlier plan is found, while at most `scannedPlans` plans are built, by comparing the new
/// plan with each of them (latest first; a plan of another length, or whose first rules differ, is
/// passed over at once, and no hash is computed, which a document of a few plans would pay for on
/// every plan); past that by a hash of the rules' shape (path pattern and form per ordinal) through
/// a dictionary that keeps the latest plan built per hash, and only that one is compared. So a plan
/// costs at most `scannedPlans` comparisons, each as long as the plan, whatever a crafted document
/// makes collide.
struct RuleIndexBuilder {
    private var tries = IndexTriesBuilder()
    /// Every plan built (not shared).
    private var built: [RuleIndex] = []
    /// Once more than `scannedPlans` were built: hash -> the latest of them with it (keyed look-ups only).
    private var latestWithHash: [UInt64: Int] = [:]
    /// How many of the latest plans built are scanned before the dictionary is used.
    private static var scannedPlans: Int { 16 }

    init() {}

    /// The index of `rules` (numbers into `all`, whose `pathKeys` are ranges of `keyBytes`): an
    /// earlier plan's when it has the same shape, else a new one.
    mutating func index(of rules: [Int32], all: [CompiledRule], keyBytes: [UInt8]) -> RuleIndex {
        // Hashed only once plans are found through the dictionary (the hash then enters this plan too).
        var hash: UInt64?
        if built.count > Self.scannedPlans {
            let h = Self.shapeHash(rules, all)
            hash = h
            if let i = latestWithHash[h], Self.sameShape(rules, built[i].rules, all) {
                return RuleIndex(rules: rules, sharing: built[i])
            }
        } else if let i = scan(rules, all) {
            return RuleIndex(rules: rules, sharing: built[i])
        }
        if built.isEmpty, all.count > rules.count {
            reserveForDocument(all, keyBytes: keyBytes)
            // Room for the plans compared by a scan, so that the list of them grows at most once before the dictionary.
            built.reserveCapacity(Self.scannedPlans + 1)
        }
        let index = RuleIndex(rules: rules, all: all, keyBytes: keyBytes, tries: &tries)
        built.append(index)
        if built.count == Self.scannedPlans + 1 {
            // From now on the dictionary finds plans: enter every one so far, oldest first.
            latestWithHash.reserveCapacity(2 * built.count)
            for i in built.indices { latestWithHash[Self.shapeHash(built[i].rules, all)] = i }
        } else if let hash {
            latestWithHash[hash] = built.count - 1
        }
        return index
    }

    /// Before the first plan of a document whose rules are not all in it (several entries): room in
    /// the tries for twice the document's key bytes (each distinct key is there once; plans of
    /// different entries often list the same patterns), so that the shared arrays do not grow plan
    /// by plan (each growth copies them). Past that they grow as usual. No rule is read: a pass
    /// over every rule's keys would cost about as much as the growth it avoids.
    private mutating func reserveForDocument(_ all: [CompiledRule], keyBytes: [UInt8]) {
        tries.reserve(labels: 2 * keyBytes.count, keys: all.count)
    }

    /// Every plan's tries, in shared arrays.
    func finish() -> IndexTries { tries.finish() }

    /// How many plans built their own index (the others took an earlier plan's).
    var builtCount: Int { built.count }

    /// The latest plan built with the same shape as `rules`, among the `scannedPlans` or fewer
    /// built so far (each read in place: a copy of an element would retain its rule list).
    private func scan(_ rules: [Int32], _ all: [CompiledRule]) -> Int? {
        var i = built.count - 1
        while i >= 0 {
            if Self.sameShape(rules, built[i].rules, all) { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `a` and `b` have as many rules and read, ordinal by ordinal, the same path pattern in
    /// the same form: then their index keys are the same ranges (`PatternMemo.keys`).
    static func sameShape(_ a: [Int32], _ b: [Int32], _ all: [CompiledRule]) -> Bool {
        guard a.count == b.count else { return false }
        return all.withUnsafeBufferPointer { all in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in 0..<a.count {
                        // SAFETY: `a` and `b` are as long (the guard above), and plans list rules of the document (`CompiledDocument` numbers them into `all`).
                        assert(i < b.count && a[i] >= 0 && Int(a[i]) < all.count && b[i] >= 0 && Int(b[i]) < all.count)
                        // Fields read in place: a copy of a rule would retain its keys' `more` list.
                        let x = Int(a[i])
                        let y = Int(b[i])
                        if all[x].path != all[y].path || all[x].form != all[y].form { return false }
                    }
                    return true
                }
            }
        }
    }

    /// A hash of the shape `sameShape` compares: a multiply-and-shift mix of the count and each
    /// rule's path pattern and form, cheaper than `Hasher` for a list read in one go.
    private static func shapeHash(_ rules: [Int32], _ all: [CompiledRule]) -> UInt64 {
        var h = UInt64(rules.count) &* 0x9E37_79B9_7F4A_7C15
        for r in rules {
            // Fields read in place: a copy of the rule would retain its keys' `more` list.
            let shape = UInt64(UInt32(bitPattern: all[Int(r)].path)) << 8 | UInt64(all[Int(r)].form.index)
            h = (h ^ shape) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
        }
        return h
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The app IDs of a document that lists many, each with its number in first-listed order and,
/// once `setPlans` was called, its plan: compiling fills it, and a decision finds its app's plan
/// in it. An open-addressing table over the IDs' UTF-8 bytes, compared exactly (D12) and hashed
/// with `TableHashing`'s cheap mix, so a decision's lookup copies nothing and costs a few
/// multiplies and one `memcmp`, not the standard library's seeded hash of every byte.
///
/// Safe on untrusted IDs: a lookup probes at most `ExactBytesTable.maxProbes` slots, so a document
/// whose IDs all collide stays linear. An ID whose probes all meet other IDs goes to a `Dictionary`
/// (the standard library's seeded hash), which only such a document fills; no ID is left out (an
/// app listed in two entries must be found again). Not an `ExactBytesTable`: that one is a
/// compile's memo, which a lookup changes (it inserts, grows and counts), where a decision needs
/// a lookup that changes nothing.
struct AppIndex: Sendable {
    private let hashing: TableHashing
    /// Per slot: 0 when empty, else the hash's high 32 bits over the app's number plus one. A power
    /// of two in count, at least twice the IDs listed, so the table never grows.
    private var slots: [UInt64]
    /// Per app: its ID's bytes in `bytes` (empty for an app in `overflow`, which is never compared here).
    private var keys: [Range<Int32>] = []
    private var bytes: [UInt8] = []
    /// The apps the table could not place (empty unless IDs collide).
    private var overflow: [ExactKey: Int32] = [:]
    /// Per app, its plan (empty until `setPlans`).
    private var plans: [Int32] = []

    /// Room for `listed` IDs (counted with repeats, so at least as many as there are apps).
    init(listed: Int, hashing: TableHashing) {
        self.hashing = hashing
        var slotCount = 16
        while slotCount < 2 * listed { slotCount *= 2 }
        slots = ExactBytesTable.emptySlots(slotCount)
        keys.reserveCapacity(listed)
        bytes.reserveCapacity(32 * listed)
    }

    /// How many apps were added.
    var count: Int { keys.count }

    /// The number of app `id`: an earlier one if it was met, else the next one, and `isNew`.
    /// (Not inlined: the compile calls it only for a document listing many app IDs.)
    @inline(never)
    mutating func add(_ id: String) -> (app: Int, isNew: Bool) {
        Self.withBytes(of: id) { key in
            // SAFETY: `key` is lent for this closure only; `add(utf8:)` reads its `count` bytes and keeps none.
            assert(key.count == id.utf8.count)
            return add(utf8: key)
        }
    }

    /// `add` of the ID whose UTF-8 (valid) is `key`, lent for the call (an app ID on a JSON tape).
    mutating func add(utf8 key: UnsafeBufferPointer<UInt8>) -> (app: Int, isNew: Bool) {
        let next = keys.count
        // SAFETY: `key` is read within its `count` bytes only (hashed, probed, copied into `bytes`), and not kept.
        assert(key.baseAddress != nil || key.isEmpty)
        let hash = hashing.hash(UnsafeRawBufferPointer(key), tag: 0)
        switch probe(key, hash) {
        case .found(let app):
            return (app, false)
        case .empty(let slot):
            slots[slot] = (hash >> 32) << 32 | UInt64(next + 1)
            let start = Int32(bytes.count)
            bytes.append(contentsOf: key)
            keys.append(start..<Int32(bytes.count))
            return (next, true)
        case .full:
            // Slots only fill (nothing leaves, the table never grows): an ID that found no room
            // when first met finds none later, so `overflow` has it, and it alone, if it was met.
            let id = String(decoding: key, as: UTF8.self)
            if let known = overflow[ExactKey(id)] { return (Int(known), false) }
            overflow[ExactKey(id)] = Int32(next)
            keys.append(0..<0)
            return (next, true)
        }
    }

    /// Sets every app's plan, `plans[app]` (one per app added).
    mutating func setPlans(_ plans: [Int32]) {
        assert(plans.count == keys.count, "one plan per app")
        self.plans = plans
    }

    /// The plan of app `id`, nil when the document does not list it (after `setPlans`). Not inlined:
    /// the decision that calls it stays as small for a document with a few apps, which does not.
    @inline(never)
    func plan(of id: String) -> Int? {
        let app = Self.withBytes(of: id) { key -> Int? in
            // SAFETY: `key` is lent for this closure only; the hash and the probe read its `count` bytes and keep none.
            assert(key.count == id.utf8.count)
            let hash = hashing.hash(UnsafeRawBufferPointer(key), tag: 0)
            switch probe(key, hash) {
            case .found(let app): return app
            case .empty: return nil
            case .full: return overflow.isEmpty ? nil : overflow[ExactKey(id)].map { Int($0) }
            }
        }
        return app.map { Int(plans[$0]) }
    }

    private enum Probe {
        /// The ID is app number `app`.
        case found(Int)
        /// The ID is not in the table; `slot`, on its probe sequence, is free.
        case empty(slot: Int)
        /// The ID is not in the table and its probes all met other IDs.
        case full
    }

    /// Where `key` (with `hash`) is, or would go: at most `ExactBytesTable.maxProbes` slots, in
    /// triangular steps (over a power of two they visit every slot).
    @inline(__always)
    private func probe(_ key: UnsafeBufferPointer<UInt8>, _ hash: UInt64) -> Probe {
        // SAFETY: `key` is a caller's lent buffer, read only by `equal` within its `count` (asserted there).
        let fingerprint = hash >> 32
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for step in 1...ExactBytesTable.maxProbes {
            let word = slots[slot]
            if word == 0 { return .empty(slot: slot) }
            if word >> 32 == fingerprint {
                let app = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
                if equal(keys[app], key) { return .found(app) }
            }
            slot = (slot + step) & mask
        }
        return .full
    }

    /// Whether the bytes at `range` of `bytes` are `key`'s.
    @inline(__always)
    private func equal(_ range: Range<Int32>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == key.count else { return false }
        guard !key.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            // SAFETY: `add` appended this app's bytes at `range` of `bytes`, and `key` has as many (checked above).
            assert(range.lowerBound >= 0 && Int(range.upperBound) <= stored.count && range.count == key.count)
            return memcmp(stored.baseAddress! + Int(range.lowerBound), key.baseAddress!, key.count) == 0
        }
    }

    /// `body` on `id`'s UTF-8 bytes: lent in place by a native string, else made contiguous once.
    @inline(__always)
    private static func withBytes<R>(of id: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = id.utf8.withContiguousStorageIfAvailable(body) { return result }
        var id = id
        return id.withUTF8(body)
    }
}

/// A document's `AppIndex` with every app's plan, held by reference: a compiled document stays a
/// few words (it is copied with `memcpy` wherever it is passed through a protocol, on every
/// decision), where the index is several.
final class ManyAppPlans: Sendable {
    let index: AppIndex

    init(_ index: AppIndex) {
        self.index = index
    }
}

/// The size and alignment of a `FlatArena`: the values it will hold, reserved in the order they
/// will be placed. Computed before anything is placed, so that every view header is an aligned
/// sub-range of one block: one allocation and one free per compiled document, not one per header.
struct ArenaLayout {
    /// Bytes reserved so far (the end of the last reservation).
    private(set) var byteCount = 0
    /// The largest alignment reserved: the block's.
    private(set) var alignment = 1

    /// Room for `count` values of `T` after everything reserved so far, aligned for `T`.
    mutating func reserve<T>(_ type: T.Type, count: Int = 1) {
        byteCount = Self.aligned(byteCount, for: T.self) + MemoryLayout<T>.stride * count
        alignment = max(alignment, MemoryLayout<T>.alignment)
    }

    /// `offset` rounded up to `T`'s alignment (a power of two).
    @inline(__always)
    static func aligned<T>(_ offset: Int, for type: T.Type) -> Int {
        let mask = MemoryLayout<T>.alignment - 1
        return (offset + mask) & ~mask
    }
}

/// One block of memory holding a compiled document's (or part's) view headers, placed one after the
/// other in the order its `ArenaLayout` reserved them, and freed as a whole when its owner goes: the
/// headers need addresses that stay put, where the arrays they point to are the owner's own
/// (`Array.storageKeptByOwner`), not copied. Noncopyable, so that exactly one owner frees it.
/// Nothing is deinitialized: `place` takes plain data.
struct FlatArena: ~Copyable {
    private let base: UnsafeMutableRawPointer
    private let byteCount: Int
    /// Where the next buffer goes (before alignment).
    private var filled = 0

    /// An unfilled block of `layout`'s size and alignment.
    init(_ layout: ArenaLayout) {
        byteCount = layout.byteCount
        // (At least one byte, so that an empty arena has a real start too.)
        base = .allocate(byteCount: max(1, layout.byteCount), alignment: layout.alignment)
    }

    deinit {
        base.deallocate()
    }

    /// `value` (plain data) in the next reserved buffer, valid while this arena lives.
    mutating func place<T>(_ value: T) -> UnsafePointer<T> {
        assert(_isPOD(T.self), "an arena holds plain data: it is freed without being deinitialized")
        let start = next(T.self, count: 1)
        return UnsafePointer(start.initializeMemory(as: T.self, repeating: value, count: 1))
    }

    /// The start of the next reserved buffer, `count` values of `T`.
    private mutating func next<T>(_ type: T.Type, count: Int) -> UnsafeMutableRawPointer {
        let offset = ArenaLayout.aligned(filled, for: T.self)
        filled = offset + MemoryLayout<T>.stride * count
        // SAFETY: the layout reserved these buffers in this order with these counts, so each one ends inside the block.
        assert(filled <= byteCount, "placed past what the layout reserved")
        return base + offset
    }

    /// Checks that every reserved buffer was placed (the layout and the placing agree).
    func assertFilled() {
        assert(filled == byteCount, "the arena was filled with other buffers than its layout reserved")
    }
}

extension Array {
    /// This array's elements where they are, for a view that its owner reads while it keeps this
    /// array: no copy. A native array's elements stay in one heap buffer until the array is
    /// mutated (or its last owner goes), so the owner stores the array it lends as a `let` that
    /// nothing mutates (copies elsewhere may change: copy-on-write gives them their own buffer).
    /// Gives back the spare room of an array that was reserved for more than it holds (a document's
    /// matcher tables are reserved per rule before repeated patterns are known), so that a compiled
    /// document kept for its life does not keep that room too: past half again its count (and 16
    /// elements), the array becomes an exact copy; otherwise it is left as it is, copying nothing.
    mutating func dropSpareRoom() {
        guard capacity > count + count / 2 + 16 else { return }
        let exact = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            // SAFETY: `buffer` has room for `count` elements and the source holds `count`, all of which are initialized into it.
            assert(buffer.count >= count)
            initialized = withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
            assert(initialized == count)
        }
        self = exact
    }

    func storageKeptByOwner() -> UnsafeBufferPointer<Element> {
        // SAFETY: the pointer outlives the closure only as long as the caller keeps this array unmutated (see above), which holds the buffer in place.
        let lent = withUnsafeBufferPointer { $0 }
        assert(lent.count == count)
        return lent
    }
}

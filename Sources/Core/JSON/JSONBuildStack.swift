// The parser's shared stack of finished children. Every open container's children sit on one stack,
// the innermost container's last; when a container closes, its children are moved (not copied) into
// one array reserved for exactly their count. Growing a separate array per container cost an allocation per
// doubling and a copy each time, for every object and array of the document; moving leaves each
// child's reference count alone.

/// A stack of values that hands its top `n` elements over as an array reserved for exactly `n`.
struct JSONBuildStack<Element>: ~Copyable {
    /// Initialized elements live at `base[0..<count]`; `base[count..<capacity]` is uninitialized.
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    /// An empty stack with room for `initialCapacity` elements before it grows.
    init(initialCapacity: Int) {
        capacity = max(1, initialCapacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element` on top.
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        // SAFETY: `count < capacity` after `grow`, so the slot at `count` is allocated and uninitialized.
        assert(count < capacity)
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements from `start` up and returns them in stack order, moved into an array reserved for exactly their count.
    mutating func popArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "JSONBuildStack.popArray: start out of range")
        let n = count - start
        if n == 0 { return [] }
        // `reserveCapacity` then appends: made this way the array's storage type is resolved at
        // compile time (an array made with `init(unsafeUninitializedCapacity:)` looked its generic
        // storage type up at run time, for every container).
        var result: [Element] = []
        result.reserveCapacity(n)
        for index in start..<count {
            // SAFETY: `start <= index < count`, so `base[index]` is initialized; it is moved out once, and `count` drops below it next.
            assert(index >= start && index < count)
            result.append((base + index).move())
        }
        // The moved-from slots are uninitialized now: the stack gives them up without deinitializing them.
        count = start
        return result
    }

    /// Doubles the room, moving the elements over.
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        // SAFETY: `larger` has room for `capacity * 2 >= count` elements and `base[0..<count]` is initialized.
        assert(count <= capacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

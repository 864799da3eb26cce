/// Appends `count` elements to `array`, copied from `block` (whose elements are all alike) a block
/// at a time. An append of `repeatElement(x, count: n)`, or of an array slice, goes element by
/// element through the generic sequence path; an append of a buffer pointer's elements is one
/// copy. The compilers grow their tables this way before writing the new elements in place.
@inline(__always)
func appendFilled<T>(_ array: inout [T], count: Int, from block: [T]) {
    // (An empty block would never finish; the blocks are non-empty constants.)
    assert(!block.isEmpty, "a fill block has elements")
    block.withUnsafeBufferPointer { block in
        var left = count
        while left > 0 {
            let n = Swift.min(left, block.count)
            array.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<n]))
            left -= n
        }
    }
}

/// Zero words to grow packed words and Shift-And masks with (`appendFilled`).
let zeroWords = [UInt64](repeating: 0, count: 256)

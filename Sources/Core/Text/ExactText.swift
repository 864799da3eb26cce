#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Exact equality, code point by code point (SPEC.md D12, E4). Swift's `==` is canonical
    /// equivalence (`é` == `e` + U+0301); Apple compares app IDs and names literally.
    ///
    /// UTF-8 names scalars one to one, so equal bytes are equal code points. Native strings (and
    /// their substrings) keep contiguous UTF-8: a length check and one `memcmp`. Other strings
    /// (bridged ones) are compared element by element.
    @inline(__always)
    public func isExactly(_ other: some StringProtocol) -> Bool {
        let a = utf8
        let b = other.utf8
        let same = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return (same ?? nil) ?? a.elementsEqual(b)
    }
}

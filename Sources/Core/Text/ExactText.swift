extension String {
    /// Exact equality, code point by code point (SPEC.md D12, E4). Swift's `==` is canonical
    /// equivalence (`é` == `e` + U+0301); Apple compares app IDs and names literally.
    @inline(__always)
    public func isExactly(_ other: some StringProtocol) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}

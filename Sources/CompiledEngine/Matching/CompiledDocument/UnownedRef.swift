/// A reference the decision path reads without retaining or releasing it; the object is kept alive
/// by a strong reference its owner holds beside this one, for as long as the owner lives.
///
/// Reading a class reference out of a stored property, an array or an enum payload and calling it
/// makes Swift retain it before the call and release it after: two atomic operations per read,
/// which cost more time than their instruction count says, and a decision reads several rules and
/// their patterns. This is a plain word: copying or dropping it costs nothing.
struct UnownedRef<T: AnyObject>: @unchecked Sendable {
    private let bits: UInt

    /// `object` must outlive every use of this reference (its owner keeps it).
    init(_ object: T) {
        bits = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// Calls `body` with the object, neither retained nor released.
    @inline(__always)
    func with<R>(_ body: (T) -> R) -> R {
        // SAFETY: `bits` was made from a live object, which its owner (holding it strongly beside this reference) keeps alive while the owner lives.
        assert(bits != 0, "an UnownedRef is made from an object")
        return Unmanaged<T>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }
}

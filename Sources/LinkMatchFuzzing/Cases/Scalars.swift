/// Swift's `String ==` is canonical equivalence ("e\u{301}" == "é"); cases compare scalar by scalar
/// so that a decomposed accent and a precomposed one stay different inputs, as they are for matching.
@inline(__always)
func sameScalars(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

func sameScalars(_ a: [String], _ b: [String]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { sameScalars($0, $1) }
}

func sameScalars(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return sameScalars(x, y)
    default: return false
    }
}

/// Swaps the case of ASCII letters only (the metamorphic case relation, E1).
func swappingASCIICase(_ s: String) -> String {
    String(decoding: s.utf8.map { b in
        if b >= 0x41 && b <= 0x5A { return b + 0x20 }
        if b >= 0x61 && b <= 0x7A { return b - 0x20 }
        return b
    }, as: UTF8.self)
}

import LinkMatch

/// Which found classes are variants of others (`ExternalFuzzer.FoundClass.variantOf`), and which
/// class the unshrunk differences of a signature are counted in.
extension ExternalFuzzer {
    /// Marks each unexplained class that is a variant of a known or found unexplained class (see
    /// `FoundClass.variantOf`), for the reader only: a variant of a known class stays new (it may be
    /// another cause sharing features; a known unexplained class matches only its exact features).
    /// Explained classes, rejections and program failures are never variants.
    public static func groupVariants(_ classes: inout [FoundClass], known: Set<DisagreementClass>) {
        for i in classes.indices {
            let key = classes[i].key
            guard key.isUnexplained, !key.rules.isEmpty else { continue }
            let mine = Set(key.rules)
            let bases = (Array(known) + classes.map(\.key)).filter {
                $0 != key && $0.isUnexplained && $0.ours == key.ours && $0.theirs == key.theirs && !$0.rules.isEmpty
                    && Set($0.rules).isStrictSubset(of: mine)
            }
            if let base = bases.min(by: { ($0.rules.count, $0) < ($1.rules.count, $1) }) { classes[i].variantOf = base }
        }
    }

    static func mostCommon(_ keys: [DisagreementClass]) -> DisagreementClass {
        var counts: [DisagreementClass: Int] = [:]
        for k in keys { counts[k, default: 0] += 1 }
        // Ties go to the earliest, so the choice does not depend on hashing.
        return keys.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && keys.firstIndex(of: $0)! > keys.firstIndex(of: $1)!) }!
    }
}

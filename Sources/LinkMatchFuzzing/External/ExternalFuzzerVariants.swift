import LinkMatch

/// Which found classes are variants of others (`ExternalFuzzer.FoundClass.variantOf`), and which
/// class the unshrunk differences of a signature are counted in.
extension ExternalFuzzer {
    /// Marks each class that is a variant of a known or found class (`base(of:among:)`: an
    /// unexplained class whose rules hold another's of the same kind, a pair of readings holding a
    /// reading found alone). A variant is the same cause with a feature more: it is counted under
    /// its base, and it is known when its base is.
    public static func groupVariants(_ classes: inout [FoundClass], known: Set<DisagreementClass>) {
        let all = classes.map(\.key) + Array(known)
        for i in classes.indices {
            guard let base = base(of: classes[i].key, among: all) else { continue }
            classes[i].variantOf = base
            if known.contains(base) || classes.contains(where: { $0.key == base && $0.known }) { classes[i].known = true }
        }
        // A variant of a variant counts under the first base.
        for i in classes.indices {
            var seen: Set<DisagreementClass> = []
            while let b = classes[i].variantOf, let j = classes.firstIndex(where: { $0.key == b }), let up = classes[j].variantOf, seen.insert(up).inserted {
                classes[i].variantOf = up
                if classes[j].known { classes[i].known = true }
            }
        }
    }

    static func mostCommon(_ keys: [DisagreementClass]) -> DisagreementClass {
        var counts: [DisagreementClass: Int] = [:]
        for k in keys { counts[k, default: 0] += 1 }
        // Ties go to the earliest, so the choice does not depend on hashing.
        return keys.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && keys.firstIndex(of: $0)! > keys.firstIndex(of: $1)!) }!
    }
}

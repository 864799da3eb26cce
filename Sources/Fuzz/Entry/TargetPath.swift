// Which fuzz target a corpus file belongs to, from its path: the folder right under `Corpus/`
// (Corpus/<target>/seeds/x), or failing that the nearest path component that names a target.
import LinkMatchFuzzing

public enum TargetPath {
    public static func target(of path: String) -> FuzzTarget? {
        let components = path.split(separator: "/").map(String.init)
        if let corpus = components.lastIndex(of: "Corpus"), corpus + 1 < components.count,
           let target = FuzzTarget(rawValue: components[corpus + 1]) {
            return target
        }
        return components.reversed().lazy.compactMap { FuzzTarget(rawValue: $0) }.first
    }
}

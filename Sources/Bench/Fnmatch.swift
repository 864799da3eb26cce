// fnmatch(3) is the C library's: glibc's on Linux (the numbers in docs/ are glibc's), the BSD one in
// libSystem on macOS, same signature and flags. Neither module is imported implicitly, hence both branches.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `fnmatch(3)` (glibc on Linux) on a plain `*`/`?` pattern, with the spec's slash handling done up front:
/// the pattern's leading/trailing slashes trimmed (N1, N2), the parent alternative for `/*` (N3).
/// The texts are handed over as C strings already trimmed, so fnmatch pays no preparation cost.
struct FnmatchPattern {
    let patterns: [[CChar]]

    init(_ pattern: String) {
        func trimmed(_ s: Substring) -> Substring {
            var s = s
            while s.first == "/" { s = s.dropFirst() }
            while s.last == "/" { s = s.dropLast() }
            return s
        }
        let main = trimmed(Substring(pattern))
        var list = [main]
        // A literal slash then a lone star (`?*` ends in `?`, so it never qualifies).
        if main.hasSuffix("/*") { list.append(trimmed(main.dropLast(2))) }
        patterns = list.map { Array(String($0).utf8CString) }
    }

    static func prepare(_ path: String) -> [CChar] {
        var s = Substring(path)
        while s.first == "/" { s = s.dropFirst() }
        while s.last == "/" { s = s.dropLast() }
        return Array(String(s).utf8CString)
    }

    func matches(_ text: [CChar]) -> Bool {
        for p in patterns where fnmatch(p, text, 0) == 0 { return true }
        return false
    }
}

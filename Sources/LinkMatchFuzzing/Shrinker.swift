import LinkMatch

/// Greedy minimization of a failing case: tries smaller variants, coarse first (whole URLs, app IDs,
/// entries, rules, variables, query items), then finer (members, values, characters), and keeps
/// each variant on which the predicate still fails. Bounded: at most `maxSteps` predicate calls.
/// Deterministic: candidates are tried in a fixed order.
public enum Shrinker {
    public static let defaultMaxSteps = 4000

    /// The core loop: `candidates(c)` lists smaller variants of `c` in the order to try them.
    public static func minimize<C>(_ start: C, maxSteps: Int, candidates: (C) -> [C], stillFails: (C) -> Bool) -> C {
        var current = start
        var steps = 0
        var improved = true
        while improved, steps < maxSteps {
            improved = false
            for candidate in candidates(current) {
                guard steps < maxSteps else { break }
                steps += 1
                if stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return current
    }

    // MARK: - Cases

    public static func shrink(_ c: DocumentCase, maxSteps: Int = defaultMaxSteps, stillFails: (DocumentCase) -> Bool) -> DocumentCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in
            var out: [DocumentCase] = []
            for i in c.urls.indices where c.urls.count > 1 { var d = c; d.urls.remove(at: i); out.append(d) }
            for i in c.appIDs.indices where c.appIDs.count > 1 { var d = c; d.appIDs.remove(at: i); out.append(d) }
            for json in smaller(c.aasa) { var d = c; d.aasa = json; out.append(d) }
            for (i, url) in c.urls.enumerated() {
                for u in smallerURLs(url) { var d = c; d.urls[i] = u; out.append(d) }
            }
            return out
        }, stillFails: stillFails)
    }

    public static func shrink(_ c: PartCase, maxSteps: Int = defaultMaxSteps, stillFails: (PartCase) -> Bool) -> PartCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in
            var out: [PartCase] = []
            for i in c.variables.indices { var d = c; d.variables.remove(at: i); out.append(d) }
            for (i, v) in c.variables.enumerated() {
                for k in v.values.indices { var d = c; d.variables[i].values.remove(at: k); out.append(d) }
            }
            // A variable replaced by one of its values (then the definition can go too).
            if let pattern = try? PatternParser.parse(c.pattern) {
                let table = VariableTable(custom: c.variables)
                for (i, e) in pattern.elements.enumerated() {
                    guard case .variable(let name) = e, let values = table.values(of: name), values.count <= 32 else { continue }
                    for value in values where !value.contains("$") {
                        var elements = pattern.elements
                        elements.replaceSubrange(i...i, with: PatternParser.parseValue(value).elements)
                        var d = c
                        d.pattern = source(of: elements)
                        out.append(d)
                    }
                }
            }
            if !c.caseSensitive { var d = c; d.caseSensitive = true; out.append(d) }
            if !c.percentEncoded { var d = c; d.percentEncoded = true; out.append(d) }
            for p in smallerStrings(c.pattern) { var d = c; d.pattern = p; out.append(d) }
            for t in smallerStrings(c.text) { var d = c; d.text = t; out.append(d) }
            for (i, v) in c.variables.enumerated() {
                for (k, value) in v.values.enumerated() {
                    for s in smallerStrings(value) { var d = c; d.variables[i].values[k] = s; out.append(d) }
                }
            }
            return out
        }, stillFails: stillFails)
    }

    /// A conformance request (`linkmatch fuzz`): the URL first (cheapest to change; the host too,
    /// since nothing else pins it), then the document, the domain and the app ID. Strings also get
    /// simpler characters, so what is printed for a person reads easily.
    public static func shrink(_ r: ConformanceProtocol.Request, maxSteps: Int = defaultMaxSteps,
                              stillFails: (ConformanceProtocol.Request) -> Bool) -> ConformanceProtocol.Request {
        minimize(r, maxSteps: maxSteps, candidates: candidates(of:), stillFails: stillFails)
    }

    /// The same shrink with the candidates judged in batches (`firstFailing` gives the index of the
    /// first that still fails), for a program that answers many requests at once. The result is the
    /// sequential one: the first failing candidate in order is kept. Batches start at 4 candidates
    /// and double up to `batch` while none fails (an early candidate often succeeds, and every
    /// candidate after it in a batch is a wasted request).
    public static func shrink(_ r: ConformanceProtocol.Request, maxSteps: Int = defaultMaxSteps, batch: Int,
                              firstFailing: ([ConformanceProtocol.Request]) -> Int?) -> ConformanceProtocol.Request {
        var current = r
        var steps = 0
        var improved = true
        while improved, steps < maxSteps {
            improved = false
            var list = candidates(of: current)[...]
            var size = min(4, batch)
            while !list.isEmpty, steps < maxSteps {
                let chunk = Array(list.prefix(min(size, maxSteps - steps)))
                size = min(size * 2, batch)
                list = list.dropFirst(chunk.count)
                if let i = firstFailing(chunk) {
                    steps += i + 1
                    current = chunk[i]
                    improved = true
                    break
                }
                steps += chunk.count
            }
        }
        return current
    }

    static func candidates(of r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        var out: [ConformanceProtocol.Request] = []
        for url in smallerURLs(r.url, shrinkingHost: true, simplify: true) { var c = r; c.url = url; out.append(c) }
        for aasa in smaller(r.aasa, simplify: true) { var c = r; c.aasa = aasa; out.append(c) }
        if !r.domain.isEmpty { var c = r; c.domain = ""; out.append(c) }
        for app in smallerStrings(r.appID, simplify: true) { var c = r; c.appID = app; out.append(c) }
        return out + pairedEdits(of: r)
    }

    /// Edits made in the URL and the document together: a pattern and the URL text it matches
    /// often shrink only in step (removing `Z` from `ZB/*` alone loses the match with `/ZB`). For
    /// each character (or `%XX` escape) of the URL after the host: every occurrence removed, or
    /// replaced by `a`, in the URL, in every string of the document and in the app ID; and each
    /// `$(name)` reference replaced by one of the variable's first values.
    static func pairedEdits(of r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        guard let schemeEnd = r.url.range(of: "://") else { return [] }
        let afterScheme = r.url[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        let head = String(r.url[..<hostEnd])
        let tail = String(r.url[hostEnd...])
        var units: [String] = []
        // The app ID's characters too: it must stay equal to the one the document lists.
        var scalars = Array((tail + r.appID).unicodeScalars)[...]
        while let c = scalars.first {
            let unit = c == "%" && scalars.count >= 3 ? String(String.UnicodeScalarView(scalars.prefix(3))) : String(c)
            scalars = scalars.dropFirst(unit.unicodeScalars.count)
            if unit != "/", !units.contains(unit) { units.append(unit) }
        }
        func edited(_ transform: (String) -> String) -> ConformanceProtocol.Request {
            var c = r
            c.url = head + transform(tail)
            c.aasa = mapStrings(r.aasa, transform)
            c.appID = transform(r.appID)
            return c
        }
        var out: [ConformanceProtocol.Request] = []
        for unit in units {
            out.append(edited { $0.replacingAll(unit, with: "") })
            if unit != "a", !(unit.count == 1 && unit.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") })) {
                out.append(edited { $0.replacingAll(unit, with: "a") })
            }
        }
        // A reference replaced by a value, in every pattern (the URL already holds that value).
        if let document = try? AASADocument.parse(Array(r.aasa.serialized().utf8)).document {
            var names: [String] = []
            collectStrings(r.aasa) { s in
                guard s.contains("$("), let p = try? PatternParser.parse(s) else { return }
                for name in p.variableNames where !names.contains(name) { names.append(name) }
            }
            for name in names {
                // Values the URL holds first: those are the ones that can keep the match.
                let values = (document.variables.values(of: name) ?? []).filter { !$0.contains("$(") }
                let inURL = values.filter { !$0.isEmpty && tail.contains($0) }
                for value in (inURL + values.filter { !inURL.contains($0) }).prefix(8) {
                    out.append(ConformanceProtocol.Request(id: r.id, aasa: mapStrings(r.aasa) { $0.replacingAll("$(\(name))", with: value) },
                                                           domain: r.domain, appID: r.appID, url: r.url))
                }
            }
        }
        return out.filter { $0 != r }
    }

    static func mapStrings(_ v: JSONValue, _ transform: (String) -> String) -> JSONValue {
        switch v {
        case .string(let s): return .string(transform(s))
        case .array(let list): return .array(list.map { mapStrings($0, transform) })
        case .object(var obj):
            for i in obj.members.indices { obj.members[i].value = mapStrings(obj.members[i].value, transform) }
            return .object(obj)
        default: return v
        }
    }

    static func collectStrings(_ v: JSONValue, _ visit: (String) -> Void) {
        switch v {
        case .string(let s): visit(s)
        case .array(let list): list.forEach { collectStrings($0, visit) }
        case .object(let obj): obj.members.forEach { collectStrings($0.value, visit) }
        default: break
        }
    }

    public static func shrink(_ c: PercentCase, maxSteps: Int = defaultMaxSteps, stillFails: (PercentCase) -> Bool) -> PercentCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in smallerStrings(c.text).map(PercentCase.init(text:)) }, stillFails: stillFails)
    }

    /// Fewer faults, entries and rules, then plainer rule shapes and parameters.
    public static func shrink(_ c: DiagnosticCase, maxSteps: Int = defaultMaxSteps, stillFails: (DiagnosticCase) -> Bool) -> DiagnosticCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in
            var out: [DiagnosticCase] = []
            for i in c.faults.indices { var d = c; d.faults.remove(at: i); out.append(d) }
            for e in c.entries.indices where c.entries.count > 1 { var d = c; d.entries.remove(at: e); out.append(d) }
            for e in c.entries.indices {
                for r in c.entries[e].indices where c.entries[e].count > 1 { var d = c; d.entries[e].remove(at: r); out.append(d) }
                for r in c.entries[e].indices where c.entries[e][r] != 0 { var d = c; d.entries[e][r] = 0; out.append(d) }
            }
            for i in c.faults.indices {
                for k in 0..<4 where c.faults[i].params[k] != 0 { var d = c; d.faults[i].params[k] = 0; out.append(d) }
            }
            if c.relations != 0 { var d = c; d.relations = 0; out.append(d) }
            return out
        }, stillFails: stillFails)
    }

    /// Fewer probes, a smaller file, the edit at the first entry and rule, then shorter probes.
    public static func shrink(_ c: DiffCase, maxSteps: Int = defaultMaxSteps, stillFails: (DiffCase) -> Bool) -> DiffCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in
            var out: [DiffCase] = []
            for i in c.probes.indices { var d = c; d.probes.remove(at: i); out.append(d) }
            for json in smaller(c.aasa) { var d = c; d.aasa = json; out.append(d) }
            if c.entryByte != 0 { var d = c; d.entryByte = 0; out.append(d) }
            if c.ruleByte != 0 { var d = c; d.ruleByte = 0; out.append(d) }
            for (i, url) in c.probes.enumerated() {
                for u in smallerURLs(url) { var d = c; d.probes[i] = u; out.append(d) }
            }
            return out
        }, stillFails: stillFails)
    }

    public static func shrink(_ c: ParserCase, maxSteps: Int = defaultMaxSteps, stillFails: (ParserCase) -> Bool) -> ParserCase {
        minimize(c, maxSteps: maxSteps, candidates: { c in chunksRemoved(c.file).map(ParserCase.init(file:)) }, stillFails: stillFails)
    }

    /// Shrinks the case `bytes` decode to while `target`'s check still fails with `engines`, and
    /// returns bytes for the smaller case (the original bytes if it passes or cannot be re-encoded).
    public static func shrink(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines = .standard,
                              maxSteps: Int = defaultMaxSteps) -> [UInt8] {
        do {
            switch target {
            case .differential, .metamorphic:
                let check: (PartCase) -> Bool = { target == .differential
                    ? DifferentialCheck.check($0, engines: engines) != nil : MetamorphicCheck.check($0, engines: engines) != nil }
                let start = PartCase(bytes: bytes)
                guard check(start) else { return bytes }
                return try shrink(start, maxSteps: maxSteps, stillFails: check).encoded()
            case .document:
                let start = DocumentCase(bytes: bytes)
                guard DocumentCheck.check(start, engines: engines) != nil else { return bytes }
                return try shrink(start, maxSteps: maxSteps) { DocumentCheck.check($0, engines: engines) != nil }.encoded()
            case .external:
                let start = DocumentCase(bytes: bytes)
                guard ExternalCheck.check(start, engines: engines) != nil else { return bytes }
                return try shrink(start, maxSteps: maxSteps) { ExternalCheck.check($0, engines: engines) != nil }.encoded()
            case .percentEncoding:
                let start = PercentCase(bytes: bytes)
                guard PercentEncodingCheck.check(start) != nil else { return bytes }
                return try shrink(start, maxSteps: maxSteps) { PercentEncodingCheck.check($0) != nil }.encoded()
            case .diagnostics:
                let start = DiagnosticCase(bytes: bytes)
                guard DiagnosticsCheck.check(start, engines: engines) != nil else { return bytes }
                return try shrink(start, maxSteps: maxSteps) { DiagnosticsCheck.check($0, engines: engines) != nil }.encoded()
            case .diff:
                let start = DiffCase(bytes: bytes)
                guard DiffCheck.check(start, engines: engines) != nil else { return bytes }
                return try shrink(start, maxSteps: maxSteps) { DiffCheck.check($0, engines: engines) != nil }.encoded()
            case .parser:
                let start = ParserCase(bytes: bytes)
                guard ParserCheck.check(start) != nil else { return bytes }
                return shrink(start, maxSteps: maxSteps) { ParserCheck.check($0) != nil }.encoded()
            case .json:
                let start = JSONTextCase(bytes: bytes)
                guard JSONReaderCheck.check(start) != nil else { return bytes }
                return minimize(start, maxSteps: maxSteps, candidates: { c in chunksRemoved(c.text).map(JSONTextCase.init(text:)) },
                                stillFails: { JSONReaderCheck.check($0) != nil }).encoded()
            }
        } catch {
            return bytes
        }
    }

    // MARK: - Smaller values

    /// Variants of a string with chunks of scalars removed: halves first, then quarters, ... single
    /// scalars. A string holding `$(name)` references first loses whole references (removing part
    /// of one would only make the pattern invalid). With `simplify`, then the same string with one
    /// unusual scalar replaced by `a`.
    public static func smallerStrings(_ s: String, simplify: Bool = false) -> [String] {
        var out: [String] = []
        if s.contains("$("), let pattern = try? PatternParser.parse(s), pattern.elements.contains(where: { if case .variable = $0 { return true } else { return false } }) {
            for (i, e) in pattern.elements.enumerated() {
                guard case .variable = e else { continue }
                var fewer = pattern.elements
                fewer.remove(at: i)
                out.append(source(of: fewer))
            }
        }
        let scalars = Array(s.unicodeScalars)
        let variants = chunksRemoved(scalars) + (simplify ? simplerScalars(scalars) : [])
        return out + variants.map { String(String.UnicodeScalarView($0)) }
    }

    /// One unusual scalar (not a lowercase ASCII letter, digit or `/`) replaced by `a`: the same
    /// length, easier to read. Each such step removes an unusual scalar, so shrinking still ends.
    static func simplerScalars(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        scalars.indices.compactMap { i in
            let c = scalars[i]
            guard !(c >= "a" && c <= "z"), !(c >= "0" && c <= "9"), c != "/" else { return nil }
            var copy = scalars
            copy[i] = "a"
            return copy
        }
    }

    /// Pattern text for elements (literals as themselves, `?`, `*`, `$(name)`).
    static func source(of elements: [PatternElement]) -> String {
        var out = String.UnicodeScalarView()
        for e in elements {
            switch e {
            case .literal(let c): out.append(c)
            case .anyOne: out.append("?")
            case .anyMany: out.append("*")
            case .variable(let name): out.append(contentsOf: "$(\(name))".unicodeScalars)
            }
        }
        return String(out)
    }

    static func chunksRemoved<T>(_ items: [T]) -> [[T]] {
        guard !items.isEmpty else { return [] }
        var out: [[T]] = []
        var size = max(1, items.count / 2)
        while true {
            var start = 0
            while start < items.count {
                var copy = items
                copy.removeSubrange(start..<min(items.count, start + size))
                out.append(copy)
                start += size
            }
            if size == 1 { break }
            size = max(1, size / 2)
        }
        return out
    }

    /// Variants of a URL: without fragment, without query, with one query item fewer, with path
    /// characters removed (scheme and host kept; with `shrinkingHost`, only the scheme is kept and
    /// the host shrinks too, never to nothing after `scheme://`).
    static func smallerURLs(_ url: String, shrinkingHost: Bool = false, simplify: Bool = false) -> [String] {
        var out: [String] = []
        if let hash = url.firstIndex(of: "#") { out.append(String(url[..<hash])) }
        let beforeFragment = url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
        let fragment = url.firstIndex(of: "#").map { String(url[$0...]) } ?? ""
        if let q = beforeFragment.firstIndex(of: "?") {
            out.append(String(beforeFragment[..<q]) + fragment)
            let items = beforeFragment[beforeFragment.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false)
            if items.count > 1 {
                for i in items.indices {
                    var rest = items
                    rest.remove(at: i)
                    out.append(String(beforeFragment[...q]) + rest.joined(separator: "&") + fragment)
                }
            }
        }
        // Characters after "scheme://host" (or after "scheme://").
        if let schemeEnd = url.range(of: "://") {
            let afterScheme = url[schemeEnd.upperBound...]
            let hostEnd = shrinkingHost ? afterScheme.startIndex
                : afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
            let head = String(url[..<hostEnd])
            let tail = String(url[hostEnd...])
            out += smallerStrings(tail, simplify: simplify).filter { !(shrinkingHost && $0.isEmpty) }.map { head + $0 }
        }
        return out
    }

    /// Variants of a JSON value: an array element or object member removed (shallow ones first),
    /// then strings shortened (and with `simplify`, simpler characters), numbers replaced by 0.
    public static func smaller(_ value: JSONValue, simplify: Bool = false) -> [JSONValue] {
        var removals: [(depth: Int, value: JSONValue)] = []
        var edits: [JSONValue] = []
        walk(value, depth: 0, simplify: simplify, rebuild: { $0 }, removals: &removals, edits: &edits)
        return removals.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element.value) + edits
    }

    private static func walk(_ v: JSONValue, depth: Int, simplify: Bool, rebuild: (JSONValue) -> JSONValue,
                             removals: inout [(depth: Int, value: JSONValue)], edits: inout [JSONValue]) {
        switch v {
        case .array(let list):
            for i in list.indices {
                var fewer = list
                fewer.remove(at: i)
                removals.append((depth, rebuild(.array(fewer))))
            }
            for i in list.indices {
                walk(list[i], depth: depth + 1, simplify: simplify, rebuild: { child in
                    var copy = list
                    copy[i] = child
                    return rebuild(.array(copy))
                }, removals: &removals, edits: &edits)
            }
        case .object(let obj):
            for i in obj.members.indices {
                var fewer = obj
                fewer.members.remove(at: i)
                removals.append((depth, rebuild(.object(fewer))))
            }
            for i in obj.members.indices {
                walk(obj.members[i].value, depth: depth + 1, simplify: simplify, rebuild: { child in
                    var copy = obj
                    copy.members[i].value = child
                    return rebuild(.object(copy))
                }, removals: &removals, edits: &edits)
            }
        case .string(let s):
            edits += smallerStrings(s, simplify: simplify).map { rebuild(.string($0)) }
        case .number(let n) where n != "0":
            edits.append(rebuild(.number("0")))
        default:
            break
        }
    }
}

extension String {
    /// Every occurrence of `target` (compared scalar by scalar) replaced by `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.unicodeScalars)
        guard !t.isEmpty else { return self }
        let s = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if i + t.count <= s.count, Array(s[i..<(i + t.count)]) == t {
                out.append(contentsOf: replacement.unicodeScalars)
                i += t.count
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }
}

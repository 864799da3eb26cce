// Seeds of the diagnostics target: every base rule shape, every fault kind and the variants that
// matter (each team ID, each wrong-type location, a case hint at each level, each way to shadow a
// rule, each open-point rule, both size bands), then combinations drawn from a fixed seed.
import LinkMatch
import LinkMatchFuzzing

enum DiagnosticSeeds {
    typealias Fault = DiagnosticCase.Fault

    static func all() -> [SeedCase] {
        var out: [SeedCase] = []
        func add(_ name: String, _ c: DiagnosticCase) {
            out.append(SeedCase(name: "handmade-" + name, readable: readable(c)))
        }
        // Every shape of a base rule, twelve to a file: all must be clean.
        let shapes = (0...255).map { UInt8($0) }
        for start in stride(from: 0, to: shapes.count, by: 12) {
            let slice = Array(shapes[start..<min(start + 12, shapes.count)])
            let entries = stride(from: 0, to: slice.count, by: 4).map { Array(slice[$0..<min($0 + 4, slice.count)]) }
            add("clean-shapes-\(start)", DiagnosticCase(entries: entries, faults: []))
        }
        let plain: [[UInt8]] = [[0, 1], [2]]
        for v in 0..<14 { add("team-id-\(v)", DiagnosticCase(entries: plain, faults: [Fault(.teamID, [0, UInt8(v), 0, 0])])) }
        for location in 0..<5 {
            for value in 0..<3 {
                add("wrong-type-\(location)-\(value)", DiagnosticCase(entries: plain, faults: [Fault(.wrongType, [UInt8(location), 0, 1, UInt8(value * 9)])]))
            }
        }
        for level in 0..<3 {
            // 0x12, 0x32: a case variant with capitals ("AppIDs"-like); 0xF4: all letters flipped; 0x03: an unrelated key.
            for variant: UInt8 in [0x12, 0x32, 0xF4, 0x02, 0x03, 0x07] {
                add("unknown-key-\(level)-\(variant)", DiagnosticCase(entries: plain, faults: [Fault(.unknownKey, [UInt8(level), 0, 0, variant])]))
            }
        }
        for variant in 0..<4 {
            add("shadowed-\(variant)", DiagnosticCase(entries: [[0, 0x29, 0x5A]], faults: [Fault(.shadowed, [0, UInt8(variant), 0, 1])]))
        }
        for variant in 0..<DiagnosticCase.openPointVariants { add("open-point-\(variant)", DiagnosticCase(entries: plain, faults: [Fault(.openPoint, [0, UInt8(variant), 0, 0])])) }
        for band in 0..<2 { add("size-\(band)", DiagnosticCase(entries: plain, faults: [Fault(.size, [0, UInt8(band), 0, 0])])) }
        // Each authoring mistake (a component `NOT `, `#` or `?q=` in a path, a raw character, a shadowed exclusion).
        for variant in 0..<7 { add("authoring-\(variant)", DiagnosticCase(entries: plain, faults: [Fault(.authoring, [0, UInt8(variant), 0, 0])])) }
        for kind in [Fault.Kind.mixedFormats, .bothAppIDForms, .emptyComponents, .legacyApps, .duplicateKey, .appIDsString] {
            add(kind.rawValue, DiagnosticCase(entries: plain, faults: [Fault(kind, [1, 1, 0, 0])]))
        }
        // Combinations, as libFuzzer would draw them.
        var g = SeededBytes(seed: 19)
        for i in 0..<40 {
            out.append(SeedCase(name: "generated-\(i)", readable: readable(DiagnosticCase(bytes: g.next(maxCount: 80)))))
        }
        return out
    }

    /// The parameters a twin holds (`DiagnosticsCheck.encodeSeed` reads them back).
    static func readable(_ c: DiagnosticCase) -> JSONValue {
        (try? JSONParser.parse(Array(DiagnosticsCheck.readable(c, engines: .standard).utf8))) ?? .null
    }
}

// linkmatch-bench: the compiled engine against the reference engine, a Swift Regex translation
// and glibc fnmatch, all measured in the same run. Each number is the median of repeated samples
// (ContinuousClock); ratios are other/compiled, so "x120" means the compiled engine is 120 times
// faster. Usage: swift run -c release linkmatch-bench [--quick] [--real-world DIR] [--expanded-langs N] [--only TEXT]
// [--profile N CELL] (BenchOptions; --help lists them)
// Called from the C main of the `linkmatch-bench` executable (Sources/Programs/linkmatch-bench/main.c; why C:
// Sources/Programs/include/linkmatch_program.h).
import Foundation
import LinkMatch
import LinkMatchTestData

@_cdecl("linkmatch_bench_main")
public func linkmatchBenchMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runBenchmarks((1..<Int(max(argc, 1))).compactMap { argv[$0].map { String(cString: $0) } })
}

/// The whole benchmark run with the options in `arguments` (BenchOptions); returns the exit status (2: a usage error).
func runBenchmarks(_ arguments: [String]) -> CInt {
    let (parsed, status) = BenchOptions.read(arguments)
    guard let options = parsed else { return status }
    let quick = options.quick
    let realWorldDirectory = options.realWorld
    let expandedLangCount = options.expandedLangs
    // Only the rows whose name contains this (for profiling one row: callgrind, perf stat).
    let only = options.only
    let profile = options.profileSetting
    let dumpDirectory = options.dumpInputs

    func selected(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }

    // First, before anything builds them: the heap the predefined variables' values and automata
    // take (built once per process, on the first pattern that uses a variable).
    let predefinedBytes = HeapCounters.retainedBytes { CompiledPart(pattern: "$(lang)", kind: .path).shapeName.count }.bytes

    var measure = Measure(quick: quick)
    measure.profile = profile
    let referenceBudget = 1_000_000_000
    var table = ResultTable()
    var compileTable: [(String, String)] = []
    var notes: [String] = []
    var floors = FloorTable()
    var allocationRows: [(String, String)] = []
    var memoryRows: [(String, String)] = []
    var readRows: [(name: String, read: Double, parseCompile: Double, viaModel: Double)] = []

    // MARK: - Patterns against URL paths

    let food = VariableTable(custom: [(name: "food", values: foods)])
    let one = VariableTable(custom: [(name: "one", values: ["a"])])
    let run512 = String(repeating: "a", count: 512)
    let patternRows: [(name: String, pattern: String, texts: [String], variables: VariableTable, fnmatch: Bool, shape: String)] = [
        ("literal `/help/website/faq`", "/help/website/faq", ["/help/website/faq", "/help/website/faq/", "/help/website/fab", "/help/other"], VariableTable(), true, "literal"),
        ("`/buy/*`", "/buy/*", ["/buy/42", "/buy", "/buyer/1", "/sell/1/2/3"], VariableTable(), true, ""),
        ("`*/checkout`", "*/checkout", ["/cart/checkout", "/a/b/c/checkout", "/checkout/x", "/cart/check"], VariableTable(), true, ""),
        ("`/id/????`", "/id/????", ["/id/4815", "/id/481", "/id/48151", "/ix/4815"], VariableTable(), true, ""),
        ("`/$(lang)_$(region)/$(food)/`", "/$(lang)_$(region)/$(food)/", ["/en_US/pizza/", "/fr_CA/sushi", "/xx_YY/pizza/", "/en_US/tacos/"], food, false, ""),
        ("`/a/*/b/?*/c`", "/a/*/b/?*/c", ["/a/x/b/y/c", "/a/x/y/z/b/q/c", "/a/b/c", "/a/x/b//c"], VariableTable(), true, ""),
        ("adversarial `*a*a*a*a*a*a*a*a*b`, 512 `a`s", "*a*a*a*a*a*a*a*a*b", [run512], VariableTable(), true, ""),
        ("adversarial via automaton `$(one)*a*a*a*a*a*a*a*b`", "$(one)*a*a*a*a*a*a*a*b", [run512], one, false, ""),
    ]

    for row in patternRows where selected(row.name) {
        let compiled = CompiledPart(pattern: row.pattern, kind: .path, variables: row.variables)
        let reference = ReferenceEngine(budget: referenceBudget)
        let requests = row.texts.map { PartRequest(pattern: row.pattern, kind: .path, text: $0, variables: row.variables) }
        let regex = RegexPattern(row.pattern, isPath: true, caseSensitive: true, percentEncoded: true, variables: row.variables)
        let fn = row.fnmatch ? FnmatchPattern(row.pattern) : nil
        let cTexts = row.texts.map(FnmatchPattern.prepare)

        // Every implementation must give the same verdicts before its time means anything.
        let adversarial = row.name.hasPrefix("adversarial")
        let expected = row.texts.map { compiled.verdict(for: $0) == .matched }
        let referenceVerdicts = requests.map { reference.matchPart($0) }
        var note = ""
        if referenceVerdicts.contains(.undecided) { note += " reference hit its budget;" }
        if referenceVerdicts.map({ $0 == .matched }) != expected { note += " REFERENCE DISAGREES;" }
        if !adversarial, let regex, row.texts.map({ regex.matches(Substring($0)) }) != expected { note += " REGEX DISAGREES;" }
        if let fn, cTexts.map({ fn.matches($0) }) != expected { note += " FNMATCH DISAGREES;" }

        let n = row.texts.count
        let c = measure.nanosecondsPerOp(ops: n, cell: "match") { countMatching(row.texts) { compiled.verdict(for: $0) == .matched } }
        let r = measure.nanosecondsPerOp(ops: n) { countMatching(requests) { reference.matchPart($0) == .matched } }
        var x: Double?
        if adversarial, measure.profile != nil {
            // Skipped in --profile mode: the growth stops on time, so two runs would differ by it
            // (and a backtracking regex never finishes on the row's own text).
        } else if adversarial, let regex {
            // Backtracking regexes are exponential here: grow the run until one match takes too
            // long, and report the largest size that finished (a lower bound for 512).
            let limit = quick ? 50e6 : 1e9
            var largest: (n: Int, ns: Double)?
            for size in [8, 12, 16, 20, 24, 28, 32, 40, 48, 64, 96, 128, 256, 512] {
                let text = Substring(String(repeating: "a", count: size))
                let (ns, matched) = measure.nanosecondsOnce { regex.matches(text) }
                if matched { note += " REGEX DISAGREES;" }
                largest = (size, ns)
                if ns > limit { break }
            }
            if let largest {
                x = largest.ns
                if largest.n < 512 {
                    note += " Regex stopped at \(largest.n) `a`s (\(formatTime(largest.ns)) for one match, growing exponentially); its ratio is a lower bound;"
                }
            }
        } else if let regex {
            x = measure.nanosecondsPerOp(ops: n) { countMatching(row.texts) { regex.matches(Substring($0)) } }
        }
        let f = fn.map { fn in measure.nanosecondsPerOp(ops: n) { countMatching(cTexts) { fn.matches($0) } } }
        table.add(row.name, unit: "match", compiled: c, reference: r, regex: x, fnmatch: f, note: note)
        allocationRows.append((row.name + " (per match)", formatAllocations(HeapCounters.allocationsPerOp(ops: n) {
            countMatching(row.texts) { compiled.verdict(for: $0) == .matched }
        })))
        if row.shape == "literal" {
            // The floor: memcmp of the literal against the path bytes as given.
            let floor = MemcmpFloor(row.pattern, texts: row.texts)
            let m = measure.nanosecondsPerOp(ops: n, cell: "floor") { floor.run() }
            floors.add(row.name, floor: "`memcmp` of the literal against the path bytes as given", floorNs: m, rowNs: c, target: 2)
        }

        let compileNs = measure.nanosecondsPerOp(ops: 1, cell: "compile") { CompiledPart(pattern: row.pattern, kind: .path, variables: row.variables).shapeName.count }
        let regexCompileNs = measure.nanosecondsPerOp(ops: 1) {
            RegexPattern(row.pattern, isPath: true, caseSensitive: true, percentEncoded: true, variables: row.variables) == nil ? 0 : 1
        }
        compileTable.append(("pattern " + row.name, "\(formatTime(compileNs)) (\(compiled.shapeName)); Regex translation \(formatTime(regexCompileNs))"))
    }

    // MARK: - Documents

    /// VmHWM after each big step, so the compiled engine's share of the peak is visible.
    var memoryCheckpoints: [(String, Int)] = []
    func checkpoint(_ name: String) {
        if let kib = peakMemoryKiB() { memoryCheckpoints.append((name, kib)) }
    }

    /// `bytes`: the file, for the "JSON read only" and "parse + compile" cells.
    func documentRow(_ name: String, _ document: AASADocument, _ runs: [(url: ParsedURL, app: String)],
                     referenceRuns: Int = 100, regexRuns: Int = 300, withReference: Bool = true, bytes: [UInt8]? = nil) -> Double {
        checkpoint("before compiling " + name)
        var (prepareNs, (retained, prepared)) = measure.nanosecondsOnce { HeapCounters.retainedBytes { CompiledEngine().prepare(document) } }
        checkpoint("after compiling " + name)
        let rules = document.entries.reduce(0) { $0 + $1.rules.count }
        if rules < 10_000 {
            // Small enough to repeat: the median of repeated compilations, like every other cell.
            prepareNs = measure.nanosecondsPerOp(ops: 1, cell: "compile") { CompiledDocument(document).compiledRuleCount }
        }
        compileTable.append(("document " + name + ": \(rules) rules", "\(formatTime(prepareNs)) (\(formatTime(prepareNs / Double(max(1, rules)))) per rule)"))
        if let retained {
            memoryRows.append(("compiled " + name + " (\(rules) rules)",
                               "\(retained / 1024) KiB, \(retained / max(1, rules)) bytes per rule"))
        }
        if let bytes {
            // The same document compiled straight from the file: it also keeps the file's JSON text (for traces).
            let (fromBytes, compiled) = HeapCounters.retainedBytes { try? CompiledDocument(parsing: bytes) }
            if let fromBytes, compiled != nil {
                memoryRows.append(("compiled " + name + " from the file's bytes (its JSON text kept for traces)",
                                   "\(fromBytes / 1024) KiB, \(fromBytes / max(1, rules)) bytes per rule"))
            }
        }
        if let bytes, let dumpDirectory {
            dumpInputs(name, bytes: bytes, runs: runs, into: dumpDirectory)
        }
        if let bytes {
            let read = measure.nanosecondsPerOp(ops: 1, cell: "read") { readJSONOnly(bytes) }
            // The file to a compiled document, straight from its JSON (what a caller that only decides does) ...
            let parseCompile = measure.nanosecondsPerOp(ops: 1, cell: "parse") {
                (try? CompiledDocument(parsing: bytes))?.compiledRuleCount ?? 0
            }
            // ... and through the document model (what `validate` and the fuzz targets that read the model do).
            let viaModel = measure.nanosecondsPerOp(ops: 1, cell: "model") {
                guard let parsed = try? AASADocument.parse(bytes) else { return 0 }
                return CompiledDocument(parsed.document).compiledRuleCount
            }
            readRows.append((name + " (\(bytes.count / 1024) KB)", read, parseCompile, viaModel))
        }
        func subset(_ k: Int) -> [(url: ParsedURL, app: String)] {
            guard runs.count > k else { return runs }
            return (0..<k).map { runs[$0 * runs.count / k] }
        }
        let reference = ReferenceEngine(budget: referenceBudget).prepare(document)
        let regex = RegexDocument(document)
        checkpoint("after the Regex baseline of " + name)
        var note = ""
        let check = subset(min(runs.count, withReference ? referenceRuns : regexRuns))
        for run in check {
            let c = prepared.decide(run.url, appID: run.app, domain: "")
            if withReference {
                let r = reference.decide(run.url, appID: run.app, domain: "")
                if r != c { note = " REFERENCE DISAGREES;"; break }
            }
            if regex.decide(run.url, appID: run.app) != c.outcome { note += " regex baseline differs on \(run.url);"; break }
        }
        let c = measure.nanosecondsPerOp(ops: runs.count, cell: "decision") {
            countMatching(runs) { prepared.decide($0.url, appID: $0.app, domain: "").outcome == .match }
        }
        var r: Double?
        if withReference {
            let sample = subset(referenceRuns)
            r = measure.nanosecondsPerOp(ops: sample.count) {
                countMatching(sample) { reference.decide($0.url, appID: $0.app, domain: "").outcome == .match }
            }
        }
        let regexSample = subset(regexRuns)
        let x = measure.nanosecondsPerOp(ops: regexSample.count) {
            countMatching(regexSample) { regex.decide($0.url, appID: $0.app) == .match }
        }
        table.add(name, unit: "decision", compiled: c, reference: r, regex: x, fnmatch: nil, note: note)
        allocationRows.append((name + " (per decision)", formatAllocations(HeapCounters.allocationsPerOp(ops: runs.count) {
            countMatching(runs) { prepared.decide($0.url, appID: $0.app, domain: "").outcome == .match }
        })))
        return c
    }

    /// The floor of a decision row: the same runs against a document of one literal rule that none matches.
    func decisionFloor(_ name: String, _ runs: [(url: ParsedURL, app: String)], rowNs: Double, target: Double) {
        let floor = CompiledDocument(oneLiteralRuleDocument())
        let ns = measure.nanosecondsPerOp(ops: runs.count, cell: "floor") {
            countMatching(runs) { floor.decide($0.url, appID: $0.app, domain: "").outcome == .match }
        }
        floors.add(name, floor: "same URLs against a one-literal-rule document", floorNs: ns, rowNs: rowNs, target: target)
    }

    let urls = syntheticURLs().map { (url: $0, app: benchApp) }
    var cost100: Double?
    var cost1000: Double?
    let name100 = "100-rule document x 1,000 URLs"
    if selected(name100) {
        let document = syntheticDocument(sections: 12)
        let c = documentRow(name100, document, urls, bytes: jsonBytes(of: document))
        decisionFloor(name100, urls, rowNs: c, target: 2)
        cost100 = c
    }
    let name1000 = "1,000-rule document x 1,000 URLs"
    if selected(name1000) {
        let document = syntheticDocument(sections: 125)
        cost1000 = documentRow(name1000, document, urls, referenceRuns: 30, bytes: jsonBytes(of: document))
    }

    let realWorld = realWorldCases(directory: realWorldDirectory)
    if realWorld.isEmpty {
        notes.append("real-world files not found in \(realWorldDirectory) (use --real-world DIR)")
    } else {
        for name in ["wikimedia__operations-mediawiki-config__testwiki.json", "ethanhuang13__knil__facebook-signed-pkcs7.json",
                     "ethanhuang13__knil__twitter-signed-pkcs7.json"] {
            let rowName = "real-world \(name.split(separator: "_").last ?? "")"
            if let c = realWorld.first(where: { $0.name == name }), selected(rowName) {
                _ = documentRow(rowName + " x \(c.runs.count) URLs", c.document, c.runs, bytes: c.bytes)
            }
        }
    }
    if !realWorld.isEmpty, selected("all real-world") {
        // All files together: one decision = one (file, URL, app); time per decision over the lot.
        let prepared = realWorld.map { CompiledEngine().prepare($0.document) }
        let references = realWorld.map { ReferenceEngine(budget: referenceBudget).prepare($0.document) }
        let regexes = realWorld.map { RegexDocument($0.document) }
        let all = realWorld.indices.flatMap { f in realWorld[f].runs.map { (f, $0.url, $0.app) } }
        let sample = (0..<min(600, all.count)).map { all[$0 * all.count / min(600, all.count)] }
        var note = ""
        for (f, url, app) in sample where prepared[f].decide(url, appID: app, domain: "") != references[f].decide(url, appID: app, domain: "") {
            note = " REFERENCE DISAGREES;"
            break
        }
        let c = measure.nanosecondsPerOp(ops: all.count, cell: "decision") { countMatching(all) { prepared[$0.0].decide($0.1, appID: $0.2, domain: "").outcome == .match } }
        let r = measure.nanosecondsPerOp(ops: sample.count) { countMatching(sample) { references[$0.0].decide($0.1, appID: $0.2, domain: "").outcome == .match } }
        let x = measure.nanosecondsPerOp(ops: sample.count) { countMatching(sample) { regexes[$0.0].decide($0.1, appID: $0.2) == .match } }
        table.add("all \(realWorld.count) real-world files (\(all.count) URL/app pairs)", unit: "decision", compiled: c, reference: r, regex: x, fnmatch: nil, note: note)
    }

    // MARK: - WWDC20 food file: variables vs expanded literal patterns

    let langs = VariableTable().values(of: "lang") ?? []
    let regions = VariableTable().values(of: "region") ?? []
    let expandedLangs = Array(langs.prefix(expandedLangCount ?? (quick ? 10 : 120)))
    let foodRuns = foodURLs(langs: expandedLangs, regions: regions).map { (url: $0, app: benchApp) }
    var foodVariables: Double?
    var foodExpanded: Double?
    let foodName = "WWDC20 food file with variables x \(foodRuns.count) URLs"
    if selected(foodName) {
        let c = documentRow(foodName, foodDocumentWithVariables(), foodRuns)
        decisionFloor(foodName, foodRuns, rowNs: c, target: 1.5)
        foodVariables = c
    }
    let expandedName = "WWDC20 food file expanded (\(expandedLangs.count) langs x \(regions.count) regions x \(foods.count) foods) x \(foodRuns.count) URLs"
    if selected(expandedName) {
        let expandedDocument = foodDocumentExpanded(langs: expandedLangs, regions: regions)
        foodExpanded = documentRow(expandedName, expandedDocument, foodRuns, regexRuns: quick ? 3 : 10, withReference: false)
    }
    if let foodVariables, let foodExpanded {
        notes.append(String(format: "expanded food file: %.2fx the decision cost of the variables version", foodExpanded / foodVariables))
    }

    // MARK: - validate: parse + every lint, growing files

    var validateRows: [(name: String, ns: Double, peakHeap: String, answer: String)] = []
    var validateCost: [String: Double] = [:]
    let validateCases: [(kind: String, rules: Int)] = [("cycle", 100), ("cycle", 1_000), ("cycle", 7_500), ("star", 7_500),
                                                        ("wild", 7_500), ("variables", 4_000), ("star", 300_000)]
    for (kind, rules) in validateCases where only == nil {
        let bytes = ValidateWorkloads.document(kind, rules: rules)
        // The heap a run holds at its highest, from a run of its own (tracking costs time).
        let peakBytes = HeapCounters.peakBytes { ValidateWorkloads.validate(bytes) }.bytes
        // Large files once (seconds each); small ones as the median of repeated runs like every other cell.
        var (ns, count) = measure.nanosecondsOnce { ValidateWorkloads.validate(bytes) }
        if ns < 50e6 { ns = measure.nanosecondsPerOp(ops: 1) { ValidateWorkloads.validate(bytes) } }
        let peak = peakBytes.map { $0 >= 1_048_576 ? String(format: "%.1f MiB", Double($0) / 1_048_576) : "\($0 / 1024) KiB" } ?? "n/a"
        let size = bytes.count >= 1_048_576 ? String(format: "%.1f MB", Double(bytes.count) / 1_048_576) : "\(bytes.count / 1024) KB"
        let name = "\(kind) \(rules) rules (\(size))"
        validateCost["\(kind) \(rules)"] = ns
        validateRows.append((name, ns, peak, count < 0 ? "refused" : "\(count) diagnostics"))
    }

    // MARK: - Report

    print("linkmatch-bench\(quick ? " --quick" : ""): median of \(measure.samples) samples per cell, ns per operation; xN = other / compiled")
    print("")
    print(table.markdown())
    print("")
    print("| compile step | time |")
    print("| --- | --- |")
    for (name, value) in compileTable { print("| \(name) | \(value) |") }
    print("")
    print("Peak memory (VmHWM, whole process, so it includes the baselines): \(peakMemoryKiB().map { "\($0 / 1024) MiB" } ?? "unknown")")
    let expandedSteps = memoryCheckpoints.filter { $0.0.contains("expanded") }
    if expandedSteps.count == 3 {
        print("- expanded food file: \(expandedSteps[0].1 / 1024) MiB before compiling, \(expandedSteps[1].1 / 1024) MiB after the compiled engine, "
            + "\(expandedSteps[2].1 / 1024) MiB after the Regex baseline")
    }
    print("")
    print(floors.markdown())
    print("")
    print("| document | JSON read only | parse + compile | parse + compile / JSON read | through the model |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for row in readRows {
        print("| \(row.name) | \(formatTime(row.read)) | \(formatTime(row.parseCompile)) | \(String(format: "%.2f", row.parseCompile / row.read))x | \(formatTime(row.viaModel)) |")
    }
    print("")
    print("| allocations (malloc calls, counted in the bench's C main) | per operation |")
    print("| --- | ---: |")
    for (name, value) in allocationRows { print("| \(name) | \(value) |") }
    print("")
    print("| memory (heap growth, glibc mallinfo2) | bytes |")
    print("| --- | ---: |")
    if let predefinedBytes {
        print("| predefined variables' values and tries (built on the first pattern with a variable; their bit-set automata only for a pattern that needs one) (all \(VariableTable.predefinedNames.count), both fold modes, once per process) | \(predefinedBytes / 1024) KiB |")
    }
    for (name, value) in memoryRows { print("| \(name) | \(value) |") }
    if !validateRows.isEmpty {
        print("")
        print("| validate (parse + lints) | time | peak heap | answer |")
        print("| --- | ---: | ---: | --- |")
        for row in validateRows { print("| \(row.name) | \(formatTime(row.ns)) | \(row.peakHeap) | \(row.answer) |") }
    }
    if let small = validateCost["cycle 100"], let large = validateCost["cycle 7500"] {
        print("- validate growth: 75x the rules (cycle 100 -> 7,500) cost \(String(format: "%.1f", large / small))x the time")
    }
    print("")
    print("Targets:")
    let adversarial = table.rows.first { $0.name.hasPrefix("adversarial `") }
    if let adversarial, let ratio = adversarial.referenceRatio {
        print("- adversarial row >= 1,000x faster than reference: \(ratio >= 1000 ? "met" : "NOT met") (x\(formatRatio(ratio)))")
    }
    let slower = table.rows.filter { ($0.regexRatio ?? .infinity) <= 1 }.map(\.name)
    print("- every row faster than the Regex baseline: \(slower.isEmpty ? "met" : "NOT met for " + slower.joined(separator: ", "))")
    if let cost100, let cost1000 {
        print("- 1,000-rule decision < 5x the 100-rule one: \(cost1000 < 5 * cost100 ? "met" : "NOT met") (\(String(format: "%.2f", cost1000 / cost100))x)")
    }
    // Issue 21's targets.
    let plain = table.rows.filter { $0.unit == "match" && !$0.name.hasPrefix("adversarial") && $0.fnmatch != nil }
    let behind = plain.filter { ($0.fnmatchRatio ?? 0) < 1 }.map { "\($0.name) x\(formatRatio($0.fnmatchRatio ?? 0))" }
    if !plain.isEmpty {
        print("- every plain pattern row at least as fast as fnmatch: \(behind.isEmpty ? "met" : "NOT met for " + behind.joined(separator: ", "))")
    }
    for floor in floors.rows {
        print("- \(floor.name) <= \(formatRatio(floor.target))x its floor: \(floor.ratio <= floor.target ? "met" : "NOT met") (\(String(format: "%.2f", floor.ratio))x)")
    }
    if let foodVariables, let foodExpanded {
        print("- food file with variables faster than its expanded form: \(foodVariables < foodExpanded ? "met" : "NOT met") (\(String(format: "%.2f", foodExpanded / foodVariables))x)")
    }
    for row in readRows {
        let ratio = row.parseCompile / row.read
        print("- \(row.name) parse + compile <= 2x JSON read alone: \(ratio <= 2 ? "met" : "NOT met") (\(String(format: "%.2f", ratio))x)")
    }
    for note in notes { print("- note: \(note)") }
    return 0
}

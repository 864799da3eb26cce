import Foundation
import LinkMatch

/// How often the cases `linkmatch fuzz` generates *exercise* each matching rule of SPEC.md and
/// each reading of the catalogue: a case exercises an item when, for at least one of its requests,
/// the item's engine (the rule switched off, or LinkMatch deciding as the reading would) gives
/// another outcome than LinkMatch. A deviation no generated case exercises can never be found by
/// fuzzing, so the generators must reach every item often enough (`linkmatch fuzz --rule-reach`).
///
/// The cases are exactly the fuzzer's (`ExternalFuzzer.requests(caseIndex:bytes:)`, same seed,
/// same order), the document case's requests and the part case's one-rule document alike.
public enum RuleReach {
    /// One thing whose reach is measured.
    public struct Item: Sendable {
        /// The SPEC rule or open point ID ("N1", "D6-not-prefix-spacing").
        public let rule: String
        /// A short name: a probe's feature ("custom variables") or a reading's name.
        public let name: String
        /// What the item's engine changes.
        public let summary: String
        /// Decides with the item switched: differing from LinkMatch marks the case as exercising it.
        public let engine: any MatchEngine

        /// An item for `rule`, called `name`, whose `engine` decides with the rule switched.
        public init(rule: String, name: String, summary: String, engine: any MatchEngine) {
            self.rule = rule
            self.name = name
            self.summary = summary
            self.engine = engine
        }
    }

    /// The decided rules without a reading (`RuleReachProbes`), then every reading of the catalogue
    /// (open points and misreadings), each switched on its own.
    public static var items: [Item] {
        RuleReachProbes.all + Readings.all.map { reading in
            let rule: String
            switch reading.kind {
            case .openPoint(let id): rule = id
            case .misreading(let id): rule = id
            }
            return Item(rule: rule, name: "reading " + reading.name, summary: reading.summary, engine: reading.engine)
        }
    }

    /// One line of the table.
    public struct Row: Sendable, Equatable {
        public var rule: String
        public var name: String
        /// Generated cases that exercise the item.
        public var cases: Int
    }

    /// The measurement: `rows` in `items` order, over `cases` generated cases from `seed`.
    public struct Table: Sendable {
        public var seed: UInt64
        public var cases: Int
        public var rows: [Row]

        /// The percentage of cases that exercise a row's item.
        public func percent(_ row: Row) -> Double { cases == 0 ? 0 : 100 * Double(row.cases) / Double(cases) }

        /// Rows under `minimumPercent` (the generators' target is 1%).
        public func below(_ minimumPercent: Double) -> [Row] { rows.filter { percent($0) < minimumPercent } }

        /// The table as aligned text, one row per item, then a line naming the rows under 1%.
        public var text: String {
            let width = rows.map { $0.rule.count + $0.name.count + 3 }.max() ?? 10
            var lines = ["rule reach over \(cases) generated cases (seed \(seed)): cases in which switching the rule or reading changes an outcome"]
            for row in rows {
                let label = "\(row.rule) — \(row.name)"
                let pad = String(repeating: " ", count: max(0, width - label.count))
                let count = String(row.cases)
                lines.append(label + pad + "  " + String(repeating: " ", count: max(0, 6 - count.count)) + count
                             + "  " + Self.formatted(percent(row)) + "%")
            }
            let low = below(1)
            lines.append(low.isEmpty ? "every item at 1% or more"
                         : "under 1%: " + low.map { "\($0.rule) \($0.name)" }.joined(separator: ", "))
            return lines.joined(separator: "\n")
        }

        /// "12.3", right-aligned in 5 characters.
        static func formatted(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            let text = "\(tenths / 10).\(tenths % 10)"
            return String(repeating: " ", count: max(0, 5 - text.count)) + text
        }
    }

    /// Generates `cases` cases from `seed` as `linkmatch fuzz` does and counts, for each item,
    /// the cases in which its engine and LinkMatch's compiled engine give different outcomes on
    /// at least one request (two errors count as the same outcome, like the fuzzer's comparison).
    public static func measure(seed: UInt64, cases: Int, items: [Item] = items) -> Table {
        var bytes = SeededBytes(seed: seed)
        let ours = CompiledEngine()
        // The cases are generated in order (one byte stream), each document read once; every item
        // then prepares the read documents its own way, the items side by side (they share nothing).
        var reading: [ReadCase] = []
        reading.reserveCapacity(cases)
        for index in 0..<cases { reading.append(ReadCase(ExternalFuzzer.requests(caseIndex: index, bytes: &bytes))) }
        let generated = reading
        let mine = generated.map { $0.answers(engine: ours) }
        let counts = Counts(items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { k in
            var n = 0
            for (c, read) in generated.enumerated() where zip(mine[c], read.answers(engine: items[k].engine)).contains(where: { !sameOutcome($0, $1) }) {
                n += 1
            }
            counts.set(k, n)
        }
        let rows = zip(items, counts.values).map { Row(rule: $0.rule, name: $0.name, cases: $1) }
        return Table(seed: seed, cases: cases, rows: rows)
    }

    /// One generated case's requests with each of its documents read once (`prepareDocument`):
    /// the engines' answers then differ only in how each prepares a read document.
    struct ReadCase: Sendable {
        let requests: [ConformanceProtocol.Request]
        /// The read documents, one per run of requests about the same `aasa`.
        let documents: [Result<AASADocument, ConformanceProtocol.DocumentFailure>]
        /// For each request, its document's index in `documents`.
        let documentOf: [Int]

        init(_ requests: [ConformanceProtocol.Request]) {
            self.requests = requests
            var documents: [Result<AASADocument, ConformanceProtocol.DocumentFailure>] = [], documentOf: [Int] = []
            var last: JSONValue?
            for request in requests {
                if documents.isEmpty || last != request.aasa {
                    documents.append(ConformanceProtocol.prepareDocument(request.aasa))
                    last = request.aasa
                }
                documentOf.append(documents.count - 1)
            }
            self.documents = documents
            self.documentOf = documentOf
        }

        /// `engine`'s replies, as `ExternalFuzzer.answers` gives them.
        func answers(engine: any MatchEngine) -> [ConformanceProtocol.Reply] {
            let prepared = documents.map { $0.map { engine.prepare($0) } }
            return requests.indices.map { ConformanceProtocol.answer(requests[$0], document: prepared[documentOf[$0]]) }
        }
    }

    /// Per-item counts written from `concurrentPerform`'s threads, each index by one thread.
    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Int]
        init(_ count: Int) { storage = Array(repeating: 0, count: count) }
        func set(_ index: Int, _ value: Int) { lock.withLock { storage[index] = value } }
        var values: [Int] { lock.withLock { storage } }
    }

    static func sameOutcome(_ a: ConformanceProtocol.Reply, _ b: ConformanceProtocol.Reply) -> Bool {
        switch (a, b) {
        case (.decision(_, let x), .decision(_, let y)): return x == y
        case (.error, .error): return true
        default: return false
        }
    }
}

import XCTest
@testable import LinkMatchCompiled
import LinkMatchRandom

/// The rows the index builder makes (`IndexTriesBuilder`, `TrieRows`) are exactly those of a plain
/// build written separately here: a tree of dictionaries, numbered depth-first with children in
/// label order, each node's edges placed after its subtree's (children first), direct tables in
/// node order, and per node the rule slots of the keys ending there in byte order (equal keys in
/// the order given). Every array is compared, not only what a walk finds.
final class IndexTriesBuildTests: XCTestCase {
    /// One trie's rows as the plain build makes them (labels widened to 32 bits).
    private struct PlainRows: Equatable {
        var nodes: [[Int64]] = [] // first, count, dense, low, span, isEnd
        var labels: [UInt32] = []
        var targets: [Int32] = []
        var dense: [Int32] = []
        var ruleOffsets: [Int32] = [0]
        var ruleOrdinals: [Int32] = []
        var ruleForms: [UInt8] = []
    }

    /// A node of the plain tree: children by label, and the (ordinal, form) of the keys ending here.
    private final class PlainNode {
        var children: [UInt32: PlainNode] = [:]
        var ends: [(ordinal: Int32, form: UInt8)] = []
    }

    /// Appends the trie of `keys` (in the given order; each with its ordinal and form) to `rows`, the
    /// plain way, and returns its root.
    private func plainAppend(_ keys: [(labels: [UInt32], ordinal: Int32, form: UInt8)], to rows: inout PlainRows) -> Int32 {
        let root = PlainNode()
        // Stable: equal keys keep the given order.
        let sorted = keys.enumerated().sorted { a, b in
            a.element.labels.lexicographicallyPrecedes(b.element.labels)
                || (a.element.labels == b.element.labels && a.offset < b.offset)
        }.map(\.element)
        for key in sorted {
            var node = root
            for label in key.labels {
                if let child = node.children[label] { node = child } else {
                    let child = PlainNode()
                    node.children[label] = child
                    node = child
                }
            }
            node.ends.append((key.ordinal, key.form))
        }
        // Preorder numbers, children in label order.
        var order: [PlainNode] = []
        func number(_ node: PlainNode) {
            order.append(node)
            for label in node.children.keys.sorted() { number(node.children[label]!) }
        }
        number(root)
        let base = rows.nodes.count
        let numberOf = Dictionary(uniqueKeysWithValues: order.enumerated().map { (ObjectIdentifier($1), Int64(base + $0)) })
        var nodes = [[Int64]](repeating: [], count: order.count)
        // Edges: a node's after its children's subtrees (postorder), children in label order.
        func place(_ node: PlainNode) {
            let labels = node.children.keys.sorted()
            for label in labels { place(node.children[label]!) }
            nodes[Int(numberOf[ObjectIdentifier(node)]!) - base] = [Int64(rows.labels.count), Int64(labels.count), -1, 0, 0, node.ends.isEmpty ? 0 : 1]
            for label in labels {
                rows.labels.append(label)
                rows.targets.append(Int32(numberOf[ObjectIdentifier(node.children[label]!)]!))
            }
        }
        place(root)
        // Direct tables in node order for nodes with three or more edges over at most 256 labels.
        for (i, node) in order.enumerated() {
            let labels = node.children.keys.sorted()
            guard labels.count >= 3, let low = labels.first, let high = labels.last, high - low < 256 else { continue }
            var table = [Int32](repeating: -1, count: Int(high - low) + 1)
            for label in labels { table[Int(label - low)] = Int32(numberOf[ObjectIdentifier(node.children[label]!)]!) }
            nodes[i][2] = Int64(rows.dense.count)
            nodes[i][3] = Int64(low)
            nodes[i][4] = Int64(table.count)
            rows.dense += table
        }
        rows.nodes += nodes
        for node in order {
            for end in node.ends {
                rows.ruleOrdinals.append(end.ordinal)
                rows.ruleForms.append(end.form)
            }
            rows.ruleOffsets.append(Int32(rows.ruleOrdinals.count))
        }
        return Int32(base)
    }

    private func plain<Label>(_ rows: TrieRows<Label>) -> PlainRows {
        var out = PlainRows()
        out.nodes = rows.nodes.map { [Int64($0.first), Int64($0.count), Int64($0.dense), Int64($0.low), Int64($0.span), $0.isEnd ? 1 : 0] }
        out.labels = rows.edgeLabels.map { UInt32($0) }
        out.targets = rows.edgeTargets
        out.dense = rows.denseTargets
        return out
    }

    /// Random keys over `alphabet` that share prefixes, repeat, and extend one another (as
    /// `IndexTriesTests` makes them), with some long ones past eight bytes.
    private func randomKeys(_ count: Int, alphabet: [UInt32], using rng: inout SplitMix64) -> [[UInt32]] {
        var keys: [[UInt32]] = []
        for _ in 0..<count {
            let earlier = keys.isEmpty ? nil : keys[Int.random(in: 0..<keys.count, using: &rng)]
            switch (earlier, Int.random(in: 0..<6, using: &rng)) {
            case (let earlier?, 0):
                keys.append(earlier)
            case (let earlier?, 1), (let earlier?, 2):
                keys.append(Array(earlier.prefix(Int.random(in: 0...earlier.count, using: &rng)))
                    + (0..<Int.random(in: 0...3, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            default:
                let length = Int.random(in: 0...(Bool.random(using: &rng) ? 4 : 20), using: &rng)
                keys.append((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            }
        }
        return keys
    }

    func testEveryPlansTriesAreThePlainBuildsRowForRow() {
        var rng = SplitMix64(seed: 0x1D3E_7101)
        let alphabet: [UInt32] = [0x00, 0x2F, 0x61, 0x62, 0x63, 0x64, 0xFF]
        for round in 0..<60 {
            var bytes: [UInt8] = []
            var builder = IndexTriesBuilder()
            var expected = PlainRows()
            // Tries already built, by their keys: a plan with the same keys (ranges, ordinals, forms) takes that trie.
            var known: [[Int64]: IndexTries.Trie] = [:]
            var plans: [[(range: Range<Int32>, form: UInt8, suffix: Bool)]] = []
            for p in 0..<Int.random(in: 1...24, using: &rng) {
                if p > 0, Int.random(in: 0..<4, using: &rng) == 0 {
                    plans.append(plans[Int.random(in: 0..<plans.count, using: &rng)])
                    continue
                }
                var plan: [(range: Range<Int32>, form: UInt8, suffix: Bool)] = []
                for key in randomKeys(Int.random(in: 0...(p == 0 ? 120 : 30), using: &rng), alphabet: alphabet, using: &rng) {
                    // Some keys at a range of an earlier key (the same pattern in another plan).
                    let range: Range<Int32>
                    if !plans.isEmpty, let old = plans.last!.randomElement(using: &rng), Int.random(in: 0..<3, using: &rng) == 0 {
                        range = old.range
                    } else {
                        let start = Int32(bytes.count)
                        bytes += key.map { UInt8($0) }
                        range = start..<Int32(bytes.count)
                    }
                    plan.append((range, UInt8.random(in: 0...3, using: &rng), Int.random(in: 0..<5, using: &rng) == 0))
                }
                // Some plans list their keys in byte order (as rules often are): the sort finds them in order.
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let text = { (r: Range<Int32>) in bytes[Int(r.lowerBound)..<Int(r.upperBound)] }
                    plan = plan.enumerated().sorted { a, b in
                        text(a.element.range).lexicographicallyPrecedes(text(b.element.range))
                            || (text(a.element.range).elementsEqual(text(b.element.range)) && a.offset < b.offset)
                    }.map(\.element)
                }
                plans.append(plan)
            }
            for (p, plan) in plans.enumerated() {
                var side: [[(labels: [UInt32], ordinal: Int32, form: UInt8)]] = [[], []]
                var identity: [[Int64]] = [[], []]
                for (ordinal, key) in plan.enumerated() {
                    builder.add(key.range, ordinal: ordinal, form: key.form, suffix: key.suffix)
                    let s = key.suffix ? 1 : 0
                    side[s].append((bytes[Int(key.range.lowerBound)..<Int(key.range.upperBound)].map { UInt32($0) }, Int32(ordinal), key.form))
                    identity[s] += [Int64(key.range.lowerBound), Int64(key.range.upperBound), Int64(ordinal), Int64(key.form)]
                }
                let built = builder.finishPlan(bytes: bytes)
                for (s, trie) in [built.prefixes, built.suffixes].enumerated() {
                    guard !side[s].isEmpty else {
                        XCTAssertNil(trie, "round \(round) plan \(p): no keys, no trie")
                        continue
                    }
                    let want: IndexTries.Trie
                    if let old = known[identity[s]] {
                        want = old
                    } else {
                        want = IndexTries.Trie(root: plainAppend(side[s], to: &expected), ordinalCount: Int32(side[s].count))
                        known[identity[s]] = want
                    }
                    XCTAssertEqual(trie, want, "round \(round) plan \(p) side \(s)")
                }
            }
            let tries = builder.finish()
            var got = plain(tries.rows)
            got.ruleOffsets = tries.ruleOffsets
            got.ruleOrdinals = tries.ruleOrdinals
            got.ruleForms = tries.ruleForms
            XCTAssertEqual(got.nodes, expected.nodes, "round \(round): nodes")
            XCTAssertEqual(got.labels, expected.labels, "round \(round): edge labels")
            XCTAssertEqual(got.targets, expected.targets, "round \(round): edge targets")
            XCTAssertEqual(got.dense, expected.dense, "round \(round): direct tables")
            XCTAssertEqual(got.ruleOffsets, expected.ruleOffsets, "round \(round): rule offsets")
            XCTAssertEqual(got.ruleOrdinals, expected.ruleOrdinals, "round \(round): rule ordinals")
            XCTAssertEqual(got.ruleForms, expected.ruleForms, "round \(round): rule forms")
        }
    }

    /// The one-trie rows a variable's values get (`TrieRows(sortedKeys:)`, wide labels, so direct
    /// tables are also skipped when the labels span too far).
    func testSortedKeysRowsAreThePlainBuilds() {
        var rng = SplitMix64(seed: 0x1D3E_7102)
        let alphabet: [UInt32] = [0x2F, 0x61, 0x62, 0x63, 0x64, 0x65, 0x1F600, 0x10]
        for round in 0..<200 {
            let keys = randomKeys(Int.random(in: 1...60, using: &rng), alphabet: alphabet, using: &rng)
            let sorted = keys.sorted { $0.lexicographicallyPrecedes($1) }
            let rows = TrieRows<UInt32>(sortedKeys: sorted)
            var expected = PlainRows()
            _ = plainAppend(sorted.map { ($0, 0, 0) }, to: &expected)
            let got = plain(rows)
            XCTAssertEqual(got.nodes, expected.nodes, "round \(round): nodes")
            XCTAssertEqual(got.labels, expected.labels, "round \(round): edge labels")
            XCTAssertEqual(got.targets, expected.targets, "round \(round): edge targets")
            XCTAssertEqual(got.dense, expected.dense, "round \(round): direct tables")
            // Each key ends at the node its labels lead to from the root.
            for (k, key) in sorted.enumerated() {
                var node = 0
                for label in key {
                    let row = rows.nodes[node]
                    let edges = Int(row.first)..<Int(row.first + row.count)
                    node = Int(rows.edgeTargets[edges.first { rows.edgeLabels[$0] == label }!])
                }
                XCTAssertEqual(Int(rows.endNodes[k]), node, "round \(round) key \(k)")
            }
        }
    }
}

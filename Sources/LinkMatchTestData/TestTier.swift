import Foundation

/// The two test tiers, read from the environment variable `LINKMATCH_TESTS` (the one place that reads it).
///
/// - `default` (the variable unset or `default`): the README's `swift test --disable-swift-testing`. Every
///   test runs, but the long loops (seeded agreement and mutant hunts, corpus replay, `linkmatch fuzz`
///   against a child program) run on a deterministic sample, so a contributor learns in minutes whether a
///   change broke something.
/// - `full` (`LINKMATCH_TESTS=full`): every budget in full, as `.ci/run` and the nightly workflow run it.
///
/// Any other value stops the run: a misspelt `full` must not quietly run the sample.
public enum TestTier: String, Sendable {
    case `default`
    case full

    /// The name of the environment variable that selects the tier.
    public static let variable = "LINKMATCH_TESTS"

    /// The tier of this test run.
    public static let current: TestTier = {
        let value = ProcessInfo.processInfo.environment[variable] ?? ""
        if value.isEmpty { return .default }
        guard let tier = TestTier(rawValue: value) else {
            fatalError("\(variable)=\(value): the test tiers are `default` (the variable unset) and `full`")
        }
        return tier
    }()

    /// True in the full tier.
    public static var isFull: Bool { current == .full }

    /// `full` in the full tier, else `sample`: a case count, a seed list, a list of deviations.
    public static func budget<T>(sample: T, full: T) -> T {
        isFull ? full : sample
    }

    /// All of `items` in the full tier; in the default tier at most `count` of them, evenly spaced and
    /// always including the first, so the sample is the same on every run and every part of an ordered
    /// list (a corpus folder sorted by path, a catalogue in its order) is touched.
    public static func sample<T>(_ items: [T], atMost count: Int) -> [T] {
        guard !isFull else { return items }
        return evenlySpaced(items, atMost: count)
    }

    /// At most `count` of `items`, evenly spaced and including the first (whatever the tier: the sampling
    /// rule alone, so it can be tested in either tier).
    public static func evenlySpaced<T>(_ items: [T], atMost count: Int) -> [T] {
        guard count > 0 else { return [] }
        guard items.count > count else { return items }
        return (0..<count).map { items[$0 * items.count / count] }
    }
}

import XCTest
import LinkMatchTestData

/// The sampling rule of the default test tier (`TestTier`, Sources/LinkMatchTestData/TestTier.swift): the
/// same slice on every run, the first item always in it, spread over the whole list.
final class TestTierTests: XCTestCase {
    func testEvenlySpacedKeepsTheFirstAndSpreadsOverTheList() {
        XCTAssertEqual(TestTier.evenlySpaced(Array(0..<10), atMost: 5), [0, 2, 4, 6, 8])
        XCTAssertEqual(TestTier.evenlySpaced(Array(0..<7), atMost: 3), [0, 2, 4])
        XCTAssertEqual(TestTier.evenlySpaced(Array(0..<1000), atMost: 4), [0, 250, 500, 750])
    }

    func testEvenlySpacedKeepsShortListsWhole() {
        XCTAssertEqual(TestTier.evenlySpaced([3, 1, 2], atMost: 3), [3, 1, 2])
        XCTAssertEqual(TestTier.evenlySpaced([3, 1, 2], atMost: 10), [3, 1, 2])
        XCTAssertEqual(TestTier.evenlySpaced([Int](), atMost: 10), [])
        XCTAssertEqual(TestTier.evenlySpaced([1, 2], atMost: 0), [])
    }

    /// The tier's budgets: the sample in the default tier, the full budget in the full tier.
    func testBudgetAndSampleFollowTheTier() {
        let items = Array(0..<500)
        switch TestTier.current {
        case .default:
            XCTAssertEqual(TestTier.budget(sample: 1, full: 2), 1)
            XCTAssertEqual(TestTier.sample(items, atMost: 5), [0, 100, 200, 300, 400])
        case .full:
            XCTAssertEqual(TestTier.budget(sample: 1, full: 2), 2)
            XCTAssertEqual(TestTier.sample(items, atMost: 5), items)
        }
    }
}

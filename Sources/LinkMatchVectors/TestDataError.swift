/// Committed test data that is missing or malformed. The data is in the repository, so this is a
/// failure, never a reason to skip.
public struct TestDataError: Error, CustomStringConvertible {
    /// What is wrong, and where.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

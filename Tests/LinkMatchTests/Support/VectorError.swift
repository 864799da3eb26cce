/// What LinkMatchTests' helpers throw when a file or the CLI's output is not what the test can read.
/// (The name is older than LinkMatchTestData, whose loaders throw `TestDataError`; it stays so the
/// tests written against it on other branches merge unchanged.)
struct VectorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

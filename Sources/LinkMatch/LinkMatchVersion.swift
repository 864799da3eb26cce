/// The version of LinkMatch: the one place it is written. `linkmatch --version` prints it, and the
/// first release heading of CHANGELOG.md names it (a test checks the two agree).
public enum LinkMatchVersion {
    /// The released version, `MAJOR.MINOR.PATCH` (Semantic Versioning, as Swift packages are tagged).
    public static let current = "0.1.0"
}

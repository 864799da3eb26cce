import LinkMatch

/// A sample URL of a real-world AASA file with the outcome INDEX.md states for it:
/// `TestData/vectors/real-world-samples.json` (its "about" says how the samples were chosen).
public struct RealWorldSample: Sendable {
    /// Whose decision is checked.
    public enum Apps: Sendable, Equatable {
        /// The file's first app ID (the default).
        case first
        /// Every app ID of the file must get the outcome.
        case all
        /// That one app ID.
        case only(String)
    }

    /// A file name in `TestData/real-world-aasa/`.
    public var file: String
    public var url: String
    /// "match", "exclude" or "no_match" (`Decision.Outcome` raw values).
    public var expect: String
    public var apps: Apps
    /// Set when SPEC.md overrides INDEX.md's reading: why.
    public var specOverrides: String?

    public static func all() throws -> [RealWorldSample] {
        try VectorFile("real-world-samples.json").objects("samples").map { s in
            let apps: Apps
            switch (try s.optionalString("apps"), try s.optionalString("appId")) {
            case (nil, nil), ("first"?, nil): apps = .first
            case ("all"?, nil): apps = .all
            case (nil, let id?): apps = .only(id)
            default: throw TestDataError("\(s.place): \"apps\" is \"first\" or \"all\", or \"appId\" names one app, not both")
            }
            let sample = RealWorldSample(file: try s.string("file"), url: try s.string("url"), expect: try s.string("expect"),
                                         apps: apps, specOverrides: try s.optionalString("specOverrides"))
            guard ["match", "exclude", "no_match"].contains(sample.expect) else {
                throw TestDataError("\(s.place): \"expect\" is \(sample.expect), not match / exclude / no_match")
            }
            return sample
        }
    }

    /// The app IDs whose decision is checked, of `document` (the parsed `file`).
    public func appIDs(of document: AASADocument) -> [String] {
        switch apps {
        case .first: return Array(document.appIDs.prefix(1))
        case .all: return document.appIDs
        case .only(let id): return [id]
        }
    }
}

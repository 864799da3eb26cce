import LinkMatch

/// A whole AASA file, a domain, app IDs and URLs: the `document` target's case. Every URL is asked
/// about every app ID. The URLs are mostly generated from the document's own rules so they match.
public struct DocumentCase: Sendable, Equatable {
    /// The AASA file as JSON (generated through the schema, or any JSON from a seed).
    public var aasa: JSONValue {
        didSet { parsedWhenRead = nil }
    }
    /// `document` as decoding already computed it (nil: not computed, or `aasa` changed since), so
    /// the document target does not serialize and parse every generated file twice.
    private var parsedWhenRead: AASADocument??
    /// The domain the file is served from; "" skips the host check (U3).
    public var domain: String
    public var appIDs: [String]
    public var urls: [String]

    public init(aasa: JSONValue, domain: String = "example.com", appIDs: [String], urls: [String]) {
        self.aasa = aasa
        self.domain = domain
        self.appIDs = appIDs
        self.urls = urls
    }

    public static func == (a: DocumentCase, b: DocumentCase) -> Bool {
        a.aasa.serialized().utf8.elementsEqual(b.aasa.serialized().utf8) && sameScalars(a.domain, b.domain) && sameScalars(a.appIDs, b.appIDs) && sameScalars(a.urls, b.urls)
    }

    /// The file's bytes as a server would send them.
    public var fileBytes: [UInt8] { Array(aasa.serialized().utf8) }

    /// The parsed document, or nil when the JSON is not an AASA file at all (top level not an object).
    public var document: AASADocument? {
        if let parsedWhenRead { return parsedWhenRead }
        return try? AASADocument.parse(fileBytes).document
    }

    static let domains = ChoiceTable<String?>([
        ("example.com", 200), ("", 20), ("EXAMPLE.COM", 12), ("other.example", 12), (nil, 12),
    ])

    enum AppChoice: Sendable, Equatable { case listed, table }

    static let appChoices = ChoiceTable<AppChoice>([(.listed, 210), (.table, 46)])

    enum URLMode: Sendable, Equatable { case generated, written }

    static let urlModes = ChoiceTable<URLMode>([(.generated, 216), (.written, 40)])

    /// How many app IDs / URLs beyond the first: mostly none or one; up to seven more for seeds
    /// that ask several URLs about one document.
    static let extraCounts = ChoiceTable<Int>([(0, 150), (1, 64), (2, 26), (3, 8), (4, 2), (5, 2), (6, 2), (7, 2)])

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        self.init(reading: &r)
    }

    public init(reading r: inout ByteReader) {
        aasa = AASAGenerator.read(&r)
        let parsed = try? AASADocument.parse(Array(aasa.serialized().utf8)).document
        parsedWhenRead = .some(parsed)
        let document = parsed ?? AASADocument()
        domain = r.pick(Self.domains) ?? TextCoding.read(&r, .name)
        let listed = document.appIDs
        appIDs = (0...r.pick(Self.extraCounts)).map { _ in
            if r.pick(Self.appChoices) == .listed, !listed.isEmpty { return listed[Int(r.byte()) % listed.count] }
            return AASAGenerator.readString(.appID, &r)
        }
        let domain = self.domain
        let app = appIDs.first
        urls = (0...r.pick(Self.extraCounts)).map { _ in
            switch r.pick(Self.urlModes) {
            case .generated: return URLGenerator.read(&r, document: document, domain: domain, appID: app)
            case .written: return TextCoding.read(&r, .url)
            }
        }
    }

    func writeExtra(_ n: Int, _ w: inout ByteWriter, what: String) throws(SeedEncodingError) {
        guard let i = Self.extraCounts.choices.firstIndex(of: n) else {
            throw SeedEncodingError("a document case holds 1 to \(Self.extraCounts.choices.count) \(what), not \(n + 1)")
        }
        w.pick(Self.extraCounts, index: i)
    }

    /// Bytes that decode to this case.
    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        try AASAGenerator.write(aasa, to: &w)
        if let i = Self.domains.choices.firstIndex(where: { $0.map { sameScalars($0, domain) } ?? false }) {
            w.pick(Self.domains, index: i)
        } else {
            w.pick(Self.domains, index: Self.domains.choices.firstIndex(where: { $0 == nil }) ?? 0)
            try TextCoding.write(domain, .name, to: &w, what: "domain")
        }
        guard !appIDs.isEmpty, !urls.isEmpty else { throw SeedEncodingError("a document case needs at least one app ID and one URL") }
        let listed = (try? AASADocument.parse(fileBytes).document.appIDs) ?? []
        try writeExtra(appIDs.count - 1, &w, what: "app IDs")
        for id in appIDs {
            if let k = listed.prefix(256).firstIndex(where: { sameScalars($0, id) }) {
                w.pick(Self.appChoices, index: 0)
                w.byte(UInt8(k))
            } else {
                w.pick(Self.appChoices, index: 1)
                try AASAGenerator.writeString(id, .appID, &w, at: "app ID")
            }
        }
        try writeExtra(urls.count - 1, &w, what: "URLs")
        for url in urls {
            w.pick(Self.urlModes, index: 1)
            try TextCoding.write(url, .url, to: &w, what: "URL")
        }
        return w.bytes
    }
}

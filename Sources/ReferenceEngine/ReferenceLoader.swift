import LinkMatchCore

/// The reference's own way in from a file's bytes (SPEC.md D1, D2, P5): it rejects what cannot be
/// read as an AASA document at all, with the codes SPEC.md's diagnostics give for those problems
/// (the compiled side's `AASADocument.parse` throws the same codes; the `document` fuzz check
/// compares the two), and otherwise reads the JSON into rules itself.
extension ReferenceEngine {
    /// The file read and prepared, or why it cannot be:
    /// - `file-too-large`: more bytes than `limits.maxBytes`, or JSON over the reader's limits;
    /// - `invalid-json`: not JSON, or a malformed signed envelope (D2; a good one is unwrapped);
    /// - `too-deep`: JSON nested deeper than `limits.maxDepth`;
    /// - `top-level-not-object`: the JSON is not an object (D1);
    /// - `too-complex`: the patterns expand to more than 2,097,152 elements in all (P5, counted by
    ///   the reference itself).
    public func load(_ bytes: [UInt8], limits: JSONParser.Limits) throws(DocumentLoadError) -> Prepared {
        try prepared(ReferenceLoader.read(bytes, limits: limits))
    }
}

enum ReferenceLoader {
    static func read(_ bytes: [UInt8], limits: JSONParser.Limits) throws(DocumentLoadError) -> ReferenceDocument {
        if bytes.count > limits.maxBytes {
            throw DocumentLoadError(code: "file-too-large", message: "\(bytes.count) bytes, over the limit of \(limits.maxBytes)")
        }
        // D2: a PKCS#7 signed envelope is read for its content.
        let content: [UInt8]
        do {
            content = try SignedEnvelope.unwrap(bytes) ?? bytes
        } catch {
            throw DocumentLoadError(code: "invalid-json", message: "a malformed signed envelope: \(error)")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(content, limits: limits)
        } catch {
            switch error.kind {
            case .tooLarge: throw DocumentLoadError(code: "file-too-large", message: error.description)
            case .tooDeep: throw DocumentLoadError(code: "too-deep", message: error.description)
            default: throw DocumentLoadError(code: "invalid-json", message: error.description)
            }
        }
        // D1: an AASA file is a JSON object.
        guard case .object = json else {
            throw DocumentLoadError(code: "top-level-not-object", message: "the top level is not an object")
        }
        let document = ReferenceDocument(json: json)
        if document.expandedTotal > ReferenceLimits.maxDocumentExpandedSize {
            throw DocumentLoadError(code: "too-complex", message: "the patterns expand to \(document.expandedTotal) elements in all, over the limit of \(ReferenceLimits.maxDocumentExpandedSize) (SPEC.md P5)")
        }
        return document
    }
}

extension ReferenceLimits {
    /// P5 for a whole document: a file whose patterns expand to more than this in all is not loaded
    /// (`too-complex`). The reference's own count (`Total`), with the same number SPEC.md gives.
    static let maxDocumentExpandedSize = 2_097_152

    /// The expanded sizes of a document's patterns added up: every pattern of every set of fields,
    /// each read with the reference's own pattern reader (a broken one, P3, counts nothing) and
    /// measured with `expandedSize` (an undefined variable counts its one element only).
    struct Total {
        let variables: ReferenceVariables
        private(set) var sum = 0

        init(variables: ReferenceVariables) {
            self.variables = variables
        }

        mutating func add(_ fields: ReferenceFields) {
            add(fields.path)
            switch fields.query {
            case .whole(let pattern)?: add(pattern)
            case .items(let items)?: for item in items { add(item.pattern) }
            case nil: break
            }
            add(fields.fragment)
        }

        mutating func add(_ pattern: String?) {
            guard let pattern, let read = ReferencePattern.read(pattern) else { return }
            sum += ReferenceLimits.expandedSize(read, variables: variables)
        }
    }
}

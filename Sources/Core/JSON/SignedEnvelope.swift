// Old (iOS 8/9 era) AASA files are CMS SignedData: a DER envelope around the JSON. We only need the
// encapsulated content, so this walks the fixed path ContentInfo -> SignedData -> encapContentInfo
// -> eContent with a bounded reader. The signature is NOT verified (Apple stopped requiring it).

/// Unwraps a PKCS#7/CMS signed AASA file.
public enum SignedEnvelope {
    /// If `bytes` is a DER-encoded CMS ContentInfo(signedData) with encapsulated content, returns
    /// the content bytes; returns nil if the bytes do not start like DER (first byte != 0x30).
    /// Throws when it starts like DER but is malformed. Bytes after the ContentInfo are ignored
    /// (real files carry a few). BER indefinite lengths and constructed OCTET STRINGs are accepted.
    public static func unwrap(_ bytes: [UInt8]) throws(SignedEnvelopeError) -> [UInt8]? {
        guard bytes.first == CMSDERReader.Tag.sequence else { return nil }
        let reader = CMSDERReader(bytes: bytes)

        // ContentInfo ::= SEQUENCE { contentType OID, [0] EXPLICIT content }
        let contentInfo = try reader.element(at: 0, end: bytes.count, tag: CMSDERReader.Tag.sequence, "ContentInfo SEQUENCE")
        let contentType = try reader.element(
            at: contentInfo.contentStart, end: contentInfo.contentEnd, tag: CMSDERReader.Tag.oid, "contentType OBJECT IDENTIFIER")
        guard reader.content(of: contentType).elementsEqual(signedDataOID) else {
            throw SignedEnvelopeError(message: "contentType is not signedData (1.2.840.113549.1.7.2)", offset: contentType.start)
        }
        let explicitContent = try reader.element(
            at: contentType.contentEnd, end: contentInfo.contentEnd, tag: CMSDERReader.Tag.context0, "[0] EXPLICIT SignedData")

        // SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo, ... }
        let signedData = try reader.element(
            at: explicitContent.contentStart, end: explicitContent.contentEnd, tag: CMSDERReader.Tag.sequence, "SignedData SEQUENCE")
        let version = try reader.element(
            at: signedData.contentStart, end: signedData.contentEnd, tag: CMSDERReader.Tag.integer, "SignedData version INTEGER")
        let digestAlgorithms = try reader.element(
            at: version.contentEnd, end: signedData.contentEnd, tag: CMSDERReader.Tag.set, "digestAlgorithms SET")
        let encapContentInfo = try reader.element(
            at: try reader.end(of: digestAlgorithms), end: signedData.contentEnd, tag: CMSDERReader.Tag.sequence,
            "encapContentInfo SEQUENCE")

        // EncapsulatedContentInfo ::= SEQUENCE { eContentType OID, [0] EXPLICIT OCTET STRING OPTIONAL }
        let eContentType = try reader.element(
            at: encapContentInfo.contentStart, end: encapContentInfo.contentEnd, tag: CMSDERReader.Tag.oid,
            "eContentType OBJECT IDENTIFIER")
        guard !reader.isAtEnd(eContentType.contentEnd, of: encapContentInfo) else {
            throw SignedEnvelopeError(
                message: "no encapsulated content (detached signature): the JSON is not in the envelope",
                offset: eContentType.contentEnd)
        }
        let explicitEContent = try reader.element(
            at: eContentType.contentEnd, end: encapContentInfo.contentEnd, tag: CMSDERReader.Tag.context0, "[0] EXPLICIT eContent")
        let octets = try reader.element(
            at: explicitEContent.contentStart, end: explicitEContent.contentEnd, tag: nil, "eContent OCTET STRING")
        switch octets.tag {
        case CMSDERReader.Tag.octetString:
            return Array(reader.content(of: octets))
        case CMSDERReader.Tag.constructedOctetString:
            return try reader.concatenatedChunks(of: octets)
        default:
            throw SignedEnvelopeError(
                message: "expected eContent OCTET STRING (tag 0x04), found tag \(derHexByte(octets.tag))", offset: octets.start)
        }
    }

    /// 1.2.840.113549.1.7.2 (id-signedData), DER-encoded.
    private static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
}

/// Why a DER envelope could not be unwrapped, and where.
public struct SignedEnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is malformed.
    public var message: String
    /// Byte offset into the envelope.
    public var offset: Int

    /// An error with this message at this byte offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `signed envelope, byte N: message`.
    public var description: String {
        "signed envelope, byte \(offset): \(message)"
    }
}

/// One TLV element. For an indefinite length, `contentEnd` is the enclosing bound (the real end is
/// an end-of-contents marker somewhere before it).
private struct CMSDERElement {
    var tag: UInt8
    var start: Int
    var contentStart: Int
    var contentEnd: Int
    var isIndefinite: Bool
}

/// Reads TLV headers with every length checked against the enclosing element, so no read goes past
/// the input and nothing is trusted before it is checked.
private struct CMSDERReader {
    enum Tag {
        static let integer: UInt8 = 0x02
        static let octetString: UInt8 = 0x04
        static let oid: UInt8 = 0x06
        static let sequence: UInt8 = 0x30
        static let set: UInt8 = 0x31
        static let constructedOctetString: UInt8 = 0x24
        static let context0: UInt8 = 0xA0
    }

    let bytes: [UInt8]

    /// Reads the header of the element at `start`, which must lie within `end`. `tag == nil` accepts any tag.
    func element(at start: Int, end: Int, tag expected: UInt8?, _ what: String) throws(SignedEnvelopeError) -> CMSDERElement {
        guard start < end else {
            throw SignedEnvelopeError(message: "truncated: expected \(what)", offset: start)
        }
        let tag = bytes[start]
        if let expected, tag != expected {
            throw SignedEnvelopeError(
                message: "expected \(what) (tag \(derHexByte(expected))), found tag \(derHexByte(tag))", offset: start)
        }
        guard tag & 0x1F != 0x1F else {
            throw SignedEnvelopeError(message: "multi-byte tag numbers are not supported (\(what))", offset: start)
        }
        guard start + 1 < end else {
            throw SignedEnvelopeError(message: "truncated: \(what) has no length", offset: start + 1)
        }
        let first = bytes[start + 1]
        var contentStart = start + 2
        let length: Int
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x80 {
            // BER indefinite length: only constructed elements may use it.
            guard tag & 0x20 != 0 else {
                throw SignedEnvelopeError(message: "indefinite length on primitive \(what)", offset: start + 1)
            }
            return CMSDERElement(tag: tag, start: start, contentStart: contentStart, contentEnd: end, isIndefinite: true)
        } else {
            let lengthBytes = Int(first & 0x7F)
            guard lengthBytes <= 4 else {
                throw SignedEnvelopeError(
                    message: "length of \(what) uses \(lengthBytes) bytes (at most 4 supported)", offset: start + 1)
            }
            guard lengthBytes <= end - contentStart else {
                throw SignedEnvelopeError(message: "truncated: length of \(what) is cut off", offset: start + 1)
            }
            var value: UInt64 = 0
            for byte in bytes[contentStart..<contentStart + lengthBytes] {
                value = value << 8 | UInt64(byte)
            }
            contentStart += lengthBytes
            guard value <= UInt64(end - contentStart) else {
                throw SignedEnvelopeError(
                    message: "\(what) claims \(value) bytes but only \(end - contentStart) remain", offset: start)
            }
            length = Int(value)
        }
        guard length <= end - contentStart else {
            throw SignedEnvelopeError(
                message: "\(what) claims \(length) bytes but only \(end - contentStart) remain", offset: start)
        }
        return CMSDERElement(
            tag: tag, start: start, contentStart: contentStart, contentEnd: contentStart + length, isIndefinite: false)
    }

    func content(of element: CMSDERElement) -> ArraySlice<UInt8> {
        bytes[element.contentStart..<element.contentEnd]
    }

    /// True when an end-of-contents marker (indefinite) or the end (definite) of `parent` is at `index`.
    func isAtEnd(_ index: Int, of parent: CMSDERElement) -> Bool {
        if parent.isIndefinite {
            return isEndOfContents(at: index, end: parent.contentEnd)
        }
        return index >= parent.contentEnd
    }

    private func isEndOfContents(at index: Int, end: Int) -> Bool {
        index + 1 < end && bytes[index] == 0 && bytes[index + 1] == 0
    }

    /// The index just past `element`. Indefinite elements are skipped with a nesting counter, not
    /// recursion; every step moves forward, so this is linear.
    func end(of element: CMSDERElement) throws(SignedEnvelopeError) -> Int {
        guard element.isIndefinite else { return element.contentEnd }
        var open = 1
        var index = element.contentStart
        while open > 0 {
            if isEndOfContents(at: index, end: element.contentEnd) {
                open -= 1
                index += 2
                continue
            }
            let inner = try self.element(at: index, end: element.contentEnd, tag: nil, "element inside indefinite-length content")
            if inner.isIndefinite {
                open += 1
                index = inner.contentStart
            } else {
                index = inner.contentEnd
            }
        }
        return index
    }

    /// The content of a constructed OCTET STRING: its primitive OCTET STRING chunks, concatenated.
    func concatenatedChunks(of octets: CMSDERElement) throws(SignedEnvelopeError) -> [UInt8] {
        var result: [UInt8] = []
        var index = octets.contentStart
        while !isAtEnd(index, of: octets) {
            let chunk = try element(
                at: index, end: octets.contentEnd, tag: Tag.octetString, "primitive OCTET STRING chunk of eContent")
            result.append(contentsOf: content(of: chunk))
            index = chunk.contentEnd
        }
        return result
    }
}

private func derHexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
}

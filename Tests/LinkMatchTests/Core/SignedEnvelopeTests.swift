import Foundation
import XCTest

import LinkMatch
@testable import LinkMatchCore
import LinkMatchRandom
import LinkMatchTestData

final class SignedEnvelopeTests: XCTestCase {
    // MARK: Real files

    func testRealSignedFilesUnwrapToAASAJSON() throws {
        let signed = try RealWorldFiles.all().filter { $0.name.hasSuffix("signed-pkcs7.json") }
        XCTAssertEqual(signed.count, 3)
        // Where the JSON starts and how long it is, read off the DER headers (INDEX.md agrees on the starts).
        let expected: [String: (start: Int, count: Int)] = [
            "dyang-branch__universal-link-validator__yelp-signed-pkcs7.json": (62, 0x372),
            "ethanhuang13__knil__facebook-signed-pkcs7.json": (66, 0x26F9),
            "ethanhuang13__knil__twitter-signed-pkcs7.json": (62, 0x14F6),
        ]
        for (name, bytes) in signed {
            guard let content = try SignedEnvelope.unwrap(bytes) else {
                XCTFail("\(name): not recognised as DER")
                continue
            }
            if let (start, count) = expected[name] {
                XCTAssertEqual(content.count, count, name)
                XCTAssertEqual(content, Array(bytes[start..<start + count]), name)
            } else {
                XCTFail("unexpected signed file \(name)")
            }
            let value = try JSONParser.parse(content)
            guard case .object(let object) = value else {
                XCTFail("\(name): top level is \(value.typeName)")
                continue
            }
            guard case .object(let applinks)? = object["applinks"] else {
                XCTFail("\(name): no applinks object")
                continue
            }
            XCTAssertNotNil(applinks["details"], name)
        }
    }

    func testPlainJSONFilesAreNotEnvelopes() throws {
        let plain = try RealWorldFiles.all().filter { !$0.name.hasSuffix("signed-pkcs7.json") }
        XCTAssertGreaterThanOrEqual(plain.count, 20)
        for (name, bytes) in plain {
            XCTAssertNil(try SignedEnvelope.unwrap(bytes), name)
        }
    }

    func testTruncatedRealFilesThrow() throws {
        let signed = try RealWorldFiles.all().filter { $0.name.hasSuffix("signed-pkcs7.json") }
        XCTAssertFalse(signed.isEmpty)
        for (name, bytes) in signed {
            // The outer SEQUENCE uses a 2-byte long-form length; anything shorter than it is truncated.
            XCTAssertEqual(Array(bytes.prefix(2)), [0x30, 0x82], name)
            let envelopeEnd = 4 + Int(bytes[2]) << 8 + Int(bytes[3])
            XCTAssertLessThanOrEqual(envelopeEnd, bytes.count, name)
            for length in 1..<envelopeEnd {
                do {
                    let content = try SignedEnvelope.unwrap(Array(bytes[0..<length]))
                    XCTFail("\(name) cut to \(length) bytes unwrapped to \(content?.count ?? -1) bytes")
                } catch {
                    XCTAssertTrue((0...length).contains(error.offset), "\(name) cut to \(length): \(error)")
                    XCTAssertFalse(error.message.isEmpty)
                }
            }
            // Bytes after the envelope are ignored (the Yelp file really has 4 of them).
            XCTAssertNotNil(try SignedEnvelope.unwrap(Array(bytes[0..<envelopeEnd])), name)
            XCTAssertNotNil(try SignedEnvelope.unwrap(bytes + [0x00, 0xFF]), name)
        }
    }

    func testGarbledRealFilesNeverCrash() throws {
        let signed = try RealWorldFiles.all().filter { $0.name.hasSuffix("signed-pkcs7.json") }
        XCTAssertFalse(signed.isEmpty)
        var outcomes = (unwrapped: 0, failed: 0)
        func attempt(_ bytes: [UInt8]) {
            do {
                if let content = try SignedEnvelope.unwrap(bytes) {
                    XCTAssertLessThanOrEqual(content.count, bytes.count)
                    outcomes.unwrapped += 1
                }
            } catch {
                XCTAssertTrue((0...bytes.count).contains(error.offset), "\(error)")
                outcomes.failed += 1
            }
        }
        let replacements: [UInt8] = [0x00, 0x01, 0x04, 0x24, 0x30, 0x7F, 0x80, 0x81, 0x84, 0x85, 0xA0, 0xFF]
        for (_, bytes) in signed {
            // Every header byte before the JSON, replaced by values that matter to a DER reader.
            for index in 1..<70 {
                for replacement in replacements + [bytes[index] ^ 0x01] {
                    var garbled = bytes
                    garbled[index] = replacement
                    attempt(garbled)
                }
            }
            // Random edits anywhere, reproducible.
            var random = SplitMix64(seed: 0xC0FFEE)
            for _ in 0..<1_000 {
                var garbled = bytes
                for _ in 0...random.next(below: 3) {
                    let index = 1 + random.next(below: garbled.count - 1)
                    garbled[index] = UInt8(truncatingIfNeeded: random.next(below: 256))
                }
                attempt(garbled)
            }
        }
        XCTAssertGreaterThan(outcomes.failed, 0)
        XCTAssertGreaterThan(outcomes.unwrapped, 0)
    }

    // MARK: Synthetic envelopes

    func testNonDERInputIsNotAnEnvelope() throws {
        XCTAssertNil(try SignedEnvelope.unwrap([]))
        XCTAssertNil(try SignedEnvelope.unwrap(Array("{}".utf8)))
        XCTAssertNil(try SignedEnvelope.unwrap(Array(" 0".utf8)))
        XCTAssertNil(try SignedEnvelope.unwrap([0xEF, 0xBB, 0xBF, 0x30]))
        XCTAssertNil(try SignedEnvelope.unwrap([0x31, 0x00]))
    }

    func testPrimitiveContentWithShortAndLongLengths() throws {
        for size in [0, 5, 127, 128, 255, 256, 300, 70_000] {
            let json = Array(("[" + String(repeating: " ", count: max(0, size - 2)) + "]").utf8.prefix(size))
            XCTAssertEqual(try SignedEnvelope.unwrap(envelope(eContent: derTLV(0x04, json))), json, "size \(size)")
        }
    }

    func testConstructedOctetStringIsConcatenated() throws {
        let parts = [Array(#"{"applinks":"#.utf8), Array(#"{"details":[]}"#.utf8), Array("}".utf8)]
        let whole: [UInt8] = parts.flatMap { $0 }
        let definite = derTLV(0x24, parts.flatMap { derTLV(0x04, $0) })
        XCTAssertEqual(try SignedEnvelope.unwrap(envelope(eContent: definite)), whole)
        let chunks: [UInt8] = parts.flatMap { derTLV(0x04, $0) }
        XCTAssertEqual(try SignedEnvelope.unwrap(envelope(eContent: [0x24, 0x80] + chunks + [0x00, 0x00])), whole)
        XCTAssertEqual(try SignedEnvelope.unwrap(envelope(eContent: derTLV(0x24, []))), [])
    }

    func testIndefiniteLengthsThroughout() throws {
        // BER as old signing tools wrote it: every constructed wrapper with indefinite length.
        let json = Array(#"{"applinks":{}}"#.utf8)
        let encap = indefinite(0x30, dataOID + indefinite(0xA0, indefinite(0x24, derTLV(0x04, json))))
        let digestAlgorithms = indefinite(0x31, indefinite(0x30, derTLV(0x06, [0x2B, 0x0E, 0x03, 0x02, 0x1A]) + [0x05, 0x00]))
        let signedData = indefinite(0x30, derTLV(0x02, [0x01]) + digestAlgorithms + encap + indefinite(0x31, []))
        let bytes = indefinite(0x30, signedDataOID + indefinite(0xA0, signedData))
        XCTAssertEqual(try SignedEnvelope.unwrap(bytes), json)
    }

    func testMalformedEnvelopesThrow() {
        let json = Array("{}".utf8)
        let good = envelope(eContent: derTLV(0x04, json))
        XCTAssertEqual(try SignedEnvelope.unwrap(good), json)

        assertThrows([0x30], containing: "truncated")
        assertThrows([0x30, 0x05, 0x06], containing: "claims 5 bytes")
        assertThrows([0x30, 0x85, 0x00, 0x00, 0x00, 0x00, 0x01], containing: "at most 4")
        assertThrows([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], containing: "remain")
        assertThrows([0x30, 0x82, 0x01], containing: "cut off")
        // The content type must be signedData.
        assertThrows(derTLV(0x30, dataOID + derTLV(0xA0, [])), containing: "not signedData")
        assertThrows(derTLV(0x30, derTLV(0x02, [0x01])), containing: "contentType OBJECT IDENTIFIER")
        // A detached signature has no content to give back.
        assertThrows(envelope(eContent: nil), containing: "detached")
        // The eContent must be an OCTET STRING made of primitive chunks.
        assertThrows(envelope(eContent: derTLV(0x0C, json)), containing: "OCTET STRING")
        assertThrows(envelope(eContent: derTLV(0x24, derTLV(0x24, derTLV(0x04, json)))), containing: "primitive OCTET STRING chunk")
        assertThrows(envelope(eContent: [0x04, 0x80] + json + [0x00, 0x00]), containing: "indefinite length on primitive")
        assertThrows(envelope(eContent: [0x24, 0x80] + derTLV(0x04, json)), containing: "truncated")
        assertThrows(envelope(eContent: [0x3F, 0x01, 0x00]), containing: "multi-byte tag")
        // Missing end-of-contents in a skipped indefinite SET.
        let unterminatedSet = derTLV(0x30, signedDataOID + derTLV(0xA0, derTLV(0x30, derTLV(0x02, [0x01]) + [0x31, 0x80] + derTLV(0x30, []))))
        assertThrows(unterminatedSet, containing: "truncated")
    }

    func testErrorDescription() {
        do {
            _ = try SignedEnvelope.unwrap([0x30, 0x05, 0x06])
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.offset, 0)
            XCTAssertEqual(
                error.description, "signed envelope, byte 0: ContentInfo SEQUENCE claims 5 bytes but only 1 remain")
        }
    }

    // MARK: Helpers

    private let signedDataOID = derTLV(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02])
    private let dataOID = derTLV(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01])

    /// ContentInfo(signedData) around `eContent` (an encoded OCTET STRING), or detached when nil.
    private func envelope(eContent: [UInt8]?) -> [UInt8] {
        let sha1 = derTLV(0x30, derTLV(0x06, [0x2B, 0x0E, 0x03, 0x02, 0x1A]) + [0x05, 0x00])
        let encap = derTLV(0x30, dataOID + (eContent.map { derTLV(0xA0, $0) } ?? []))
        let signerInfos = derTLV(0x31, [])
        let signedData = derTLV(0x30, derTLV(0x02, [0x01]) + derTLV(0x31, sha1) + encap + signerInfos)
        return derTLV(0x30, signedDataOID + derTLV(0xA0, signedData))
    }

    private func indefinite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag, 0x80] + content + [0x00, 0x00]
    }

    private func assertThrows(_ bytes: [UInt8], containing text: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let content = try SignedEnvelope.unwrap(bytes)
            XCTFail("expected an error, got \(String(describing: content))", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(text), "\(error)", file: file, line: line)
            XCTAssertTrue((0...bytes.count).contains(error.offset), "\(error)", file: file, line: line)
        }
    }
}

/// DER tag-length-value with the shortest length form.
private func derTLV(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    var length: [UInt8]
    if count < 0x80 {
        length = [UInt8(count)]
    } else {
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        length = [0x80 | UInt8(bytes.count)] + bytes
    }
    return [tag] + length + content
}


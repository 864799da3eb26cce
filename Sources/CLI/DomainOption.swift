import Foundation
import LinkMatch

/// `--domain` of `check` and `explain`. Hosts are compared in the ASCII form they are written in
/// (SPEC.md U3; open point U3-idn-host): LinkMatch does no IDNA conversion, so a domain written in
/// Unicode (`bücher.example`) could never equal a host and every URL would be `no_match`. Such a
/// domain is refused with its ASCII (punycode) form as the hint, rather than converted silently:
/// IDNA's full mapping (UTS 46) is more than lowercasing and NFC, and LinkMatch does not implement it.
enum DomainOption {
    static func check(_ domain: String?) throws(CLIError) {
        guard let domain, domain.unicodeScalars.contains(where: { !$0.isASCII }) else { return }
        let subject = "--domain \(JSONValue.string(domain).serialized())"
        var message = "not ASCII; hosts are compared in the ASCII (punycode) form they are written in, so no URL would "
            + "match (SPEC.md U3, open point U3-idn-host)"
        if let ascii = asciiForm(domain) { message += "; give --domain \(ascii)" }
        throw CLIError("idn-domain", subject, message, exit: 2)
    }

    /// `bücher.example` → `xn--bcher-kva.example`: each label lowercased, NFC-composed and, when it is
    /// not ASCII, Punycode-encoded with the `xn--` prefix (RFC 3490's ToASCII for the common case).
    /// nil when a label cannot be encoded.
    static func asciiForm(_ domain: String) -> String? {
        var labels: [String] = []
        for label in domain.lowercased().precomposedStringWithCanonicalMapping.split(separator: ".", omittingEmptySubsequences: false) {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = Punycode.encode(String(label)) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }
}

/// RFC 3492 Punycode (the encoder only), checked against the RFC's sample strings.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = scalars.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ d: Int) -> Character {
        Character(Unicode.Scalar(UInt8(d < 26 ? 0x61 + d : 0x30 + d - 26)))
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}

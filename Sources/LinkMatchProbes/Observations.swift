/// The observations file scripts/oracle.sh writes: JSON lines. The first is a header
/// (`{"kind":"header","swcutil":..,"system":..,"started":..}`), then one line per swcutil run:
///
///     {"kind":"observation","id":"U2-http.1","mode":"verify","commandBase64":"..",
///      "exit":0,"timedOut":false,"stdoutBase64":"..","stderrBase64":".."}
///
/// The command line and the raw output are base64 so any bytes survive a shell script that has no
/// JSON encoder; they are read as UTF-8 (invalid bytes become U+FFFD).
import LinkMatch
public struct ObservationsFile: Sendable {
    public struct Observation: Sendable, Equatable {
        public var id: String
        public var mode: String
        public var command: String
        public var exitStatus: Int?
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
    }

    public var header: JSONObject?
    public var observations: [Observation]

    public static func parse(_ text: String) throws(ProbeKitError) -> ObservationsFile {
        var file = ObservationsFile(header: nil, observations: [])
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.allSatisfy({ $0 == " " || $0 == "\r" }) {
            let at = "observations line \(n + 1)"
            guard case .object(let o)? = try? JSONParser.parse(Array(line.utf8)) else { throw ProbeKitError("\(at): not a JSON object") }
            func string(_ key: String) throws(ProbeKitError) -> String {
                guard case .string(let s)? = o[key] else { throw ProbeKitError("\(at): \"\(key)\" is missing or not a string") }
                return s
            }
            switch o["kind"] {
            case .string("header")?:
                file.header = o
            case .string("observation")?:
                var exit: Int?
                if case .number(let t)? = o["exit"] { exit = Int(t) }
                guard let out = Base64.decode(try string("stdoutBase64")), let err = Base64.decode(try string("stderrBase64")),
                      let command = Base64.decode((try? string("commandBase64")) ?? "") else {
                    throw ProbeKitError("\(at): commandBase64, stdoutBase64 or stderrBase64 is not base64")
                }
                file.observations.append(Observation(
                    id: try string("id"), mode: try string("mode"), command: String(decoding: command, as: UTF8.self),
                    exitStatus: exit, timedOut: o["timedOut"] == .bool(true),
                    stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self)))
            default:
                throw ProbeKitError("\(at): \"kind\" is neither \"header\" nor \"observation\"")
            }
        }
        return file
    }

    /// One line for a report: the header's swcutil path, system and start time.
    public var oracleDescription: String {
        guard let header else { return "swcutil (no header line)" }
        let parts = ["swcutil", "system", "started"].compactMap { key -> String? in
            if case .string(let s)? = header[key], !s.isEmpty { return "\(key) \(s)" } else { return nil }
        }
        return parts.isEmpty ? "swcutil" : parts.joined(separator: "; ")
    }
}

/// RFC 4648 base64 (standard alphabet, `=` padding, whitespace ignored): what `base64` prints on
/// macOS and Linux.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0, padding = 0
        for c in text.utf8 {
            let v: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = c - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = c - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            case UInt8(ascii: "="): padding += 1; continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            if padding > 0 { return nil } // data after padding
            buffer = buffer << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return padding <= 2 ? out : nil
    }
}

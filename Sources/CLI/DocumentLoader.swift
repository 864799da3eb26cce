import ArgumentParser
import Foundation
import LinkMatch

/// Reads an AASA file for a command. A file that cannot be read or parsed at all is a `CLIFailure`
/// whose message names the file (and line/column for JSON syntax errors, D1).
enum DocumentLoader {
    /// The file for `check` and `explain`: a file that cannot be used at all is reported and exits 1;
    /// otherwise parser errors are printed as warnings and what parsed is returned.
    static func loadForDeciding(_ file: String) throws -> ParsedDocument {
        let parsed: ParsedDocument
        do {
            parsed = try load(file)
        } catch {
            Output.error("linkmatch: \(error)")
            throw ExitCode(1)
        }
        warnAboutErrors(in: parsed, file: file)
        return parsed
    }

    static func load(_ file: String) throws(CLIFailure) -> ParsedDocument {
        let bytes = try read(file)
        do {
            return try AASADocument.parse(bytes)
        } catch {
            throw CLIFailure("\(file): \(error.message) [\(error.code)]")
        }
    }

    static func read(_ file: String) throws(CLIFailure) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CLIFailure("\(file): cannot read the file: \(Self.reason(error))")
        }
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoSuchFileError { return "no such file" }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return ns.localizedDescription
    }

    /// Parser diagnostics of severity error are printed as warnings: `check` and `explain` go on
    /// with what parsed (the parser is lenient, D10), but the user should know what was dropped.
    static func warnAboutErrors(in parsed: ParsedDocument, file: String) {
        for d in parsed.diagnostics where d.severity == .error {
            Output.error("warning: \(file): \(d.path.isEmpty ? "(document)" : d.path): \(d.message) [\(d.code)]")
        }
    }
}

/// A problem with the command's input: printed to stderr, exit code 1.
struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

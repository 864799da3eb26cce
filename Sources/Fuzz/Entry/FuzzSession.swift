// What one fuzz executable checks: its target, and the engines (LINKMATCH_FUZZ_MUTANT may swap a
// deliberately wrong engine in as the candidate, to time how fast libFuzzer finds a planted mistake).
import LinkMatchFuzzing
import LinkMatchMutants
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct FuzzSession: Sendable {
    static let mutantVariable = "LINKMATCH_FUZZ_MUTANT"

    var target: FuzzTarget
    var engines: Engines

    /// The session for a target name from main.c. A wrong name or mutant is a usage error: print why, exit 2.
    static func resolveOrExit(_ targetName: UnsafePointer<CChar>) -> FuzzSession {
        let name = String(cString: targetName)
        guard let target = FuzzTarget(rawValue: name) else {
            StandardError.write("linkmatch fuzz: unknown target '\(name)'\n")
            exit(2)
        }
        switch selectedEngines {
        case .success(let engines):
            return FuzzSession(target: target, engines: engines)
        case .failure(let error):
            StandardError.write("linkmatch fuzz: \(error.message)\n")
            exit(2)
        }
    }

    /// Read once: the environment does not change while a fuzzer runs.
    private static let selectedEngines: Result<Engines, UsageError> = engines(mutant: environment(mutantVariable))

    static func engines(mutant name: String?) -> Result<Engines, UsageError> {
        guard let name, !name.isEmpty else { return .success(.standard) }
        guard let mutant = Mutants.all.first(where: { $0.name == name }) else {
            let known = Mutants.all.map(\.name).joined(separator: ", ")
            return .failure(UsageError(message: "\(mutantVariable)=\(name) is not a mutant; known: \(known)"))
        }
        return .success(Engines(reference: Engines.standard.reference, candidate: mutant.engine))
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

struct UsageError: Error, Sendable {
    var message: String
}

enum BacktraceSetting {
    /// True when SWIFT_BACKTRACE turns the Swift runtime's crash handler off, so libFuzzer sees the signal.
    static var isDisabled: Bool {
        let setting = FuzzSession.environment("SWIFT_BACKTRACE") ?? ""
        return setting.split(separator: ",").contains { $0 == "enable=no" || $0 == "enable=false" || $0 == "enable=0" }
    }
}

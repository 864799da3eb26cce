// Writes a FindingRecord (LinkMatchFuzzing/Findings) for a failing check when LINKMATCH_FUZZ_FINDINGS names a
// folder: the metadata scripts/ read through `fuzz-corpus-tool`, instead of the failure text on stderr.
import LinkMatchFuzzing

enum FindingWriter {
    /// Read once: the environment does not change while a fuzzer runs.
    static let folder: String? = FuzzSession.environment(FindingRecord.folderVariable).flatMap { $0.isEmpty ? nil : $0 }

    static func record(_ failure: CheckFailure, bytes: [UInt8], inputPath: String?, session: FuzzSession) {
        guard let folder else { return }
        let record = FindingRecord(failure: failure, input: bytes, inputPath: inputPath,
                                   mutant: FuzzSession.environment(FuzzSession.mutantVariable),
                                   candidate: session.engines.candidate.name)
        if record.write(into: folder) == nil {
            StandardError.write("linkmatch fuzz: could not write a finding record into \(folder)\n")
        }
    }
}

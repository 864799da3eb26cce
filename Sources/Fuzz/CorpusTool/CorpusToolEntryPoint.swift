// fuzz-corpus-tool: corpus chores for scripts/*.sh (never part of a fuzz build).
//   readable FILE...          the readable case of each corpus file (target from the path)
//   write-seeds [options]     regenerate Corpus/<target>/seeds/ and the dictionaries (see SeedWriter)
//   reencode FILE...          rewrite inputs from their twins after a seed-format change
//   mutants                   the names of the planted-mistake engines (and readings the harness hunts), one per line
//   conformance --mutant NAME the conformance protocol answered by one of them (the shipped linkmatch has none)
// Called from the C main of the `fuzz-corpus-tool` executable (Sources/Programs/fuzz-corpus-tool/main.c; why C:
// Sources/Programs/include/linkmatch_program.h).

@_cdecl("linkmatch_corpus_tool_main")
public func linkmatchCorpusToolMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let arguments = (1..<Int(max(argc, 1))).compactMap { argv[$0].map { String(cString: $0) } }
    return CInt(CorpusTool.run(arguments))
}

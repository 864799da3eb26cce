// fuzz-corpus-tool: corpus chores for scripts/*.sh (never part of a fuzz build).
//   readable FILE...          the readable case of each corpus file (target from the path)
//   write-seeds [options]     regenerate Corpus/<target>/seeds/ and the dictionaries (see SeedWriter)
//   reencode FILE...          rewrite inputs from their twins after a seed-format change
//   mutants                   the names of the planted-mistake engines, one per line
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(CorpusTool.run(Array(CommandLine.arguments.dropFirst())))

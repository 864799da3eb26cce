// The contract between a fuzz executable's main.c and the Swift glue (Sources/Fuzz/Entry).
#ifndef LINKMATCH_FUZZ_H
#define LINKMATCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>

typedef int (*linkmatch_fuzz_callback)(const uint8_t *data, size_t size);

// Swift (@_cdecl). `target` is a FuzzTarget raw value such as "differential".
// Checks the target name, LINKMATCH_FUZZ_MUTANT and that the Swift code is instrumented for coverage
// (`counters`: linkmatch_fuzz_coverage_counters()); prints why and exits 2 when something is wrong.
int linkmatch_fuzz_initialize(const char *target, size_t counters);
// Runs one input through the target's check; on a failure prints the readable case and aborts.
int linkmatch_fuzz_one(const char *target, const uint8_t *data, size_t size);
// The main of a build without libFuzzer: replays the files and folders given as arguments.
int linkmatch_fuzz_replay(const char *target, int argc, char **argv);

// libFuzzer's public driver. Weak: NULL when libFuzzer is not linked into the binary. ELF linkers accept an
// undefined weak symbol; ld64 (macOS) does not, so Package.swift passes it `-U _LLVMFuzzerRunDriver` there.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, linkmatch_fuzz_callback callback);

#endif

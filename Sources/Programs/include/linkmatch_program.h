// The whole body of every non-fuzzer program's main.c (linkmatch, linkmatch-bench, fuzz-corpus-tool): the
// program itself lives in a Swift library target and exports one C entry point, `int ENTRY(int, char **)`.
//
// Why C: the card's command, `swift build -Xswiftc -sanitize=fuzzer` at the package root, links libFuzzer (and its
// strong `main`) into EVERY executable of the package, not only the fuzz targets. A Swift executable then has two
// mains (debug: SwiftPM's `--defsym main=<Module>_main`; release: `-parse-as-library` rejects top-level code), so
// the whole build failed. Here `main` is weak and the entry point also runs from LLVMFuzzerInitialize, which
// libFuzzer's main calls before it reads any flag:
//   - plain build: the weak main is the only main and runs the program;
//   - fuzzer build: libFuzzer's main calls LLVMFuzzerInitialize, which runs the program and exits with its status,
//     so the binary still behaves as the program (it is never a fuzzer: LLVMFuzzerTestOneInput is never reached).
#ifndef LINKMATCH_PROGRAM_H
#define LINKMATCH_PROGRAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define LINKMATCH_PROGRAM(ENTRY)                                                                      \
    extern int ENTRY(int argc, char **argv);                                                          \
    int LLVMFuzzerInitialize(int *argc, char ***argv) { exit(ENTRY(*argc, *argv)); }                  \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {                                    \
        (void)data;                                                                                   \
        (void)size;                                                                                   \
        return 0;                                                                                     \
    }                                                                                                 \
    __attribute__((weak)) int main(int argc, char **argv) { return ENTRY(argc, argv); }

#endif

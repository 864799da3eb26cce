// The whole body of every fuzz executable's main.c: libFuzzer's entry points and a weak main, for the
// target named by LINKMATCH_FUZZ_TARGET. Include it exactly once, from that target's main.c.
// C, with a weak main, so one source gives a fuzzer when libFuzzer is linked and a corpus replayer
// when it is not; Package.swift says why a Swift executable cannot.
#ifndef LINKMATCH_FUZZ_TARGET
#error "define LINKMATCH_FUZZ_TARGET (a FuzzTarget raw value such as \"differential\") before including this header"
#endif
#include "linkmatch_coverage_probe.h"
#include "linkmatch_fuzz.h"

static const char target[] = LINKMATCH_FUZZ_TARGET;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    return linkmatch_fuzz_initialize(target, linkmatch_fuzz_coverage_counters());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return linkmatch_fuzz_one(target, data, size);
}

// libFuzzer's strong main replaces this one whenever libFuzzer is linked (it is linked whole-archive).
__attribute__((weak)) int main(int argc, char **argv) {
    // Linked but not whole-archive (a hand-made link line): fuzz anyway rather than replay silently.
    if (LLVMFuzzerRunDriver) return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
    return linkmatch_fuzz_replay(target, argc, argv);
}

// The coverage counters of -fsanitize-coverage=inline-8bit-counters live in the section __sancov_cntrs,
// whose bounds the linker defines as __start___sancov_cntrs / __stop___sancov_cntrs.
//
// This must be a file of its own with nothing instrumented in it: the coverage pass declares those two
// symbols in every file it instruments, and when the file already declares them, LLVM gives the pass's
// copies new names (`__start___sancov_cntrs.6`) that the linker never defines. The one module
// constructor the linker keeps (it is a COMDAT) may come from that file, and then libFuzzer registers
// no counters at all and fuzzes blind. Seen with main.c, Swift 6.3.1.
#include "linkmatch_coverage_probe.h"

#include <stdint.h>

extern uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern uint8_t __stop___sancov_cntrs[] __attribute__((weak));

__attribute__((no_sanitize("coverage"))) size_t linkmatch_fuzz_coverage_counters(void) {
    if (!__start___sancov_cntrs || !__stop___sancov_cntrs) return 0;
    return (size_t)(__stop___sancov_cntrs - __start___sancov_cntrs);
}

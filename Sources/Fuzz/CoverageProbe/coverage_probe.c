// The coverage counters of -fsanitize-coverage=inline-8bit-counters live in the section __sancov_cntrs,
// whose bounds the linker defines as __start___sancov_cntrs / __stop___sancov_cntrs.
//
// This must be a file of its own with nothing instrumented in it: the coverage pass declares those two
// symbols in every file it instruments, and when the file already declares them, LLVM gives the pass's
// copies new names (`__start___sancov_cntrs.6`) that the linker never defines. The one module
// constructor the linker keeps (it is a COMDAT) may come from that file, and then libFuzzer registers
// no counters at all and fuzzes blind. Seen with main.c, Swift 6.3.1.
//
// Linux (ELF, proven by scripts/check-fuzz-build.sh): GNU ld, gold and lld define __start_SECTION and
// __stop_SECTION for any section whose name is a C identifier; weak, so a build without coverage (no such
// section) links too and reads 0.
// macOS (Mach-O, written for the macOS CI job, not run on this machine): the section is __DATA,__sancov_cntrs
// (LLVM's SanitizerCoverage puts it in the __DATA segment on Mach-O) and ld64 defines its bounds as
// `section$start$__DATA$__sancov_cntrs` / `section$end$...`. Those names are not C identifiers and carry no
// leading underscore, hence the asm labels. Weak as on ELF, which is how the coverage pass itself declares them.
#include "linkmatch_coverage_probe.h"

#include <stdint.h>

#if defined(__APPLE__) && defined(__MACH__)
extern uint8_t linkmatch_sancov_start[] __asm("section$start$__DATA$__sancov_cntrs") __attribute__((weak));
extern uint8_t linkmatch_sancov_stop[] __asm("section$end$__DATA$__sancov_cntrs") __attribute__((weak));
#elif defined(__ELF__)
extern uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern uint8_t __stop___sancov_cntrs[] __attribute__((weak));
#define linkmatch_sancov_start __start___sancov_cntrs
#define linkmatch_sancov_stop __stop___sancov_cntrs
#else
#error "coverage_probe.c knows the coverage section bounds of ELF and Mach-O only"
#endif

__attribute__((no_sanitize("coverage"))) size_t linkmatch_fuzz_coverage_counters(void) {
    if (!linkmatch_sancov_start || !linkmatch_sancov_stop) return 0;
    return (size_t)(linkmatch_sancov_stop - linkmatch_sancov_start);
}

// fuzz-diagnostics: the libFuzzer target for the `diagnostics` check (LinkMatchFuzzing.Checks).
// Every target's body is the same, in linkmatch_fuzz_target.h; only the target name differs.
#define LINKMATCH_FUZZ_TARGET "diagnostics"
#include "linkmatch_fuzz_target.h"

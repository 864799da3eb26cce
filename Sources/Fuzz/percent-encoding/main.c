// fuzz-percent-encoding: the libFuzzer target for the `percent-encoding` check (LinkMatchFuzzing.Checks).
// Every target's body is the same, in linkmatch_fuzz_target.h; only the target name differs.
#define LINKMATCH_FUZZ_TARGET "percent-encoding"
#include "linkmatch_fuzz_target.h"

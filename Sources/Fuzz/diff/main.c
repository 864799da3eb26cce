// fuzz-diff: the libFuzzer target for the `diff` check (LinkMatchFuzzing.Checks).
// Every target's body is the same, in linkmatch_fuzz_target.h; only the target name differs.
#define LINKMATCH_FUZZ_TARGET "diff"
#include "linkmatch_fuzz_target.h"

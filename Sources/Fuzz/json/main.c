// fuzz-json: the libFuzzer target for the `json` check (LinkMatchFuzzing.Checks).
// Every target's body is the same, in linkmatch_fuzz_target.h; only the target name differs.
#define LINKMATCH_FUZZ_TARGET "json"
#include "linkmatch_fuzz_target.h"

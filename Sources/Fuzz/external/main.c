// fuzz-external: the libFuzzer target for the `external` check (LinkMatchFuzzing.ExternalCheck):
// document cases sent to the program in LINKMATCH_FUZZ_PROGRAM. The body is linkmatch_fuzz_target.h.
#define LINKMATCH_FUZZ_TARGET "external"
#include "linkmatch_fuzz_target.h"

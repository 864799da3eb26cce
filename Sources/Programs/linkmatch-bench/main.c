// linkmatch-bench, the benchmarks. The program is the Swift library LinkMatchBench (Sources/Bench);
// linkmatch_program.h says why the executable is a C file.
#include "linkmatch_program.h"
LINKMATCH_PROGRAM(linkmatch_bench_main)

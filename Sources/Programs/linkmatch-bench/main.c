// linkmatch-bench, the benchmarks. The program is the Swift library LinkMatchBench (Sources/Bench);
// linkmatch_program.h says why the executable is a C file. It first hands the Swift side the
// allocation, heap and peak counters of malloc_count.c (an executable's own functions are not visible to
// dlsym unless exported).
#include "linkmatch_program.h"

extern uint64_t linkmatch_bench_allocation_count(void);
extern uint64_t linkmatch_bench_heap_bytes(void);
extern uint64_t linkmatch_bench_heap_peak(int restart);
extern void linkmatch_bench_counters(uint64_t (*allocations)(void), uint64_t (*heap_bytes)(void),
                                     uint64_t (*heap_peak)(int restart));
extern int linkmatch_bench_main(int argc, char **argv);

int linkmatch_bench_counted_main(int argc, char **argv) {
    linkmatch_bench_counters(linkmatch_bench_allocation_count, linkmatch_bench_heap_bytes, linkmatch_bench_heap_peak);
    return linkmatch_bench_main(argc, argv);
}

LINKMATCH_PROGRAM(linkmatch_bench_counted_main)

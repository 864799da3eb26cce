// How many coverage counters the compiler put into this binary (0 without coverage instrumentation).
#ifndef LINKMATCH_COVERAGE_PROBE_H
#define LINKMATCH_COVERAGE_PROBE_H

#include <stddef.h>

size_t linkmatch_fuzz_coverage_counters(void);

#endif

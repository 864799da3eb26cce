// Allocation counting for linkmatch-bench's allocation and memory rows (docs/PERFORMANCE.md says why
// this is hand-written rather than ordo-one/benchmark). On glibc the executable defines the malloc
// family, so every allocation of the process (Swift's included) passes through here and is counted
// before glibc's own allocator (__libc_malloc & co.) does the work. main.c hands the two counters
// below to the Swift side; elsewhere (other C libraries, macOS) they answer UINT64_MAX, "not counted".
#include <stdlib.h> // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// Relaxed atomics: the bench is one thread, but the runtime may allocate from others.
static uint64_t allocations;

static inline void counted(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { counted(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { counted(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { counted(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { counted(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { counted(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

/// Allocations (malloc, calloc, realloc, the aligned ones) since the process started.
uint64_t linkmatch_bench_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

/// Bytes of heap in use now (glibc's mallinfo2 uordblks + mmapped blocks).
uint64_t linkmatch_bench_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
#else
#include <stdint.h>
uint64_t linkmatch_bench_allocation_count(void) { return UINT64_MAX; }
uint64_t linkmatch_bench_heap_bytes(void) { return UINT64_MAX; }
#endif

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

// Peak tracking, off until linkmatch_bench_heap_peak(1) starts it: the bytes allocated minus the
// bytes freed since then, and the highest that difference reached. (A block allocated before the
// start and freed after lowers it, so a step's peak can only be underestimated by what it frees of
// older blocks.)
static int tracking;
static int64_t live, peak;

static inline void counted(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

static inline void *grown(void *pointer) {
    if (pointer != NULL && __atomic_load_n(&tracking, __ATOMIC_RELAXED)) {
        int64_t now = __atomic_add_fetch(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
        int64_t high = __atomic_load_n(&peak, __ATOMIC_RELAXED);
        while (now > high && !__atomic_compare_exchange_n(&peak, &high, now, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
    }
    return pointer;
}

static inline void shrunk(void *pointer) {
    if (pointer != NULL && __atomic_load_n(&tracking, __ATOMIC_RELAXED)) {
        __atomic_sub_fetch(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) { counted(); return grown(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { counted(); return grown(__libc_calloc(count, size)); }
void *realloc(void *pointer, size_t size) {
    counted();
    shrunk(pointer);
    void *moved = __libc_realloc(pointer, size);
    if (moved == NULL && size != 0 && pointer != NULL) { // failed: the old block stays allocated
        grown(pointer);
        return NULL;
    }
    return grown(moved);
}
void free(void *pointer) { shrunk(pointer); __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { counted(); return grown(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) { counted(); return grown(__libc_memalign(alignment, size)); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    counted();
    void *pointer = grown(__libc_memalign(alignment, size));
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

/// Allocations (malloc, calloc, realloc, the aligned ones) since the process started.
uint64_t linkmatch_bench_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

/// With `restart` 1: starts peak tracking from zero and answers 0. With 0: stops it and answers the
/// highest number of bytes (malloc_usable_size) allocated and not yet freed since the restart.
uint64_t linkmatch_bench_heap_peak(int restart) {
    if (restart) {
        __atomic_store_n(&tracking, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&live, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&peak, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&tracking, 1, __ATOMIC_RELAXED);
        return 0;
    }
    __atomic_store_n(&tracking, 0, __ATOMIC_RELAXED);
    int64_t high = __atomic_load_n(&peak, __ATOMIC_RELAXED);
    return high < 0 ? 0 : (uint64_t)high;
}

/// Bytes of heap in use now (glibc's mallinfo2 uordblks + mmapped blocks).
uint64_t linkmatch_bench_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
#else
#include <stdint.h>
uint64_t linkmatch_bench_allocation_count(void) { return UINT64_MAX; }
uint64_t linkmatch_bench_heap_bytes(void) { return UINT64_MAX; }
uint64_t linkmatch_bench_heap_peak(int restart) { (void)restart; return UINT64_MAX; }
#endif

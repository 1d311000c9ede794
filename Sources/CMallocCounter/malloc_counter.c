// Counts heap allocations by interposing the C allocator. The executable defines malloc and
// friends; the dynamic linker resolves every library's calls (the Swift runtime's included) to
// these, and they forward to the next definition (glibc's) found with dlsym(RTLD_NEXT).
//
// Only Linux/glibc: Darwin's two-level namespace needs DYLD_INTERPOSE instead, and Darwin and
// musl have no mallinfo2, so elsewhere the counters are stubs and the benchmark prints "n/a".
#define _GNU_SOURCE 1  // RTLD_NEXT and mallinfo2; must precede every include
#include <stdlib.h>     // defines __GLIBC__ on glibc

#if defined(__linux__) && defined(__GLIBC__)

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <string.h>

#include "malloc_counter.h"

// Relaxed atomics: the counters are only read between benchmark batches, after the threads
// that allocate have been joined, so no ordering is needed; atomicity keeps counts exact.
static uint64_t allocation_count;
static uint64_t allocated_bytes;

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);

// dlsym itself may allocate (glibc's dlerror state uses calloc) before the real functions are
// known. Those few early requests are served from this static arena and never freed. Resolution
// happens on the first allocation, while the process is still single-threaded.
static _Alignas(64) char bootstrap_arena[8192];
static size_t bootstrap_used;
static int resolving;

static void *bootstrap_alloc(size_t size) {
    size_t rounded = (size + 63) & ~(size_t)63;
    if (bootstrap_used + rounded > sizeof bootstrap_arena) {
        return NULL;
    }
    void *pointer = bootstrap_arena + bootstrap_used;
    bootstrap_used += rounded;
    return pointer;  // static storage is already zeroed, so calloc is served too
}

static int is_bootstrap(const void *pointer) {
    const char *p = pointer;
    return p >= bootstrap_arena && p < bootstrap_arena + sizeof bootstrap_arena;
}

static void resolve(void) {
    if (real_malloc != NULL || resolving) {
        return;
    }
    resolving = 1;
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_free = dlsym(RTLD_NEXT, "free");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = dlsym(RTLD_NEXT, "memalign");
    real_malloc = dlsym(RTLD_NEXT, "malloc");  // last: its presence means "fully resolved"
    resolving = 0;
}

static void count(size_t size) {
    __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&allocated_bytes, size, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    resolve();
    if (real_malloc == NULL) {
        return bootstrap_alloc(size);
    }
    void *pointer = real_malloc(size);
    if (pointer != NULL) count(size);
    return pointer;
}

void *calloc(size_t count_, size_t size) {
    resolve();
    if (real_calloc == NULL) {
        return bootstrap_alloc(count_ * size);
    }
    void *pointer = real_calloc(count_, size);
    if (pointer != NULL) count(count_ * size);
    return pointer;
}

void *realloc(void *old, size_t size) {
    resolve();
    if (real_realloc == NULL || is_bootstrap(old)) {
        // Moving an arena block: its old size is unknown, so copy what fits (arena blocks are
        // tiny and this only happens during start-up).
        void *pointer = real_malloc != NULL ? malloc(size) : bootstrap_alloc(size);
        if (pointer != NULL && old != NULL) {
            size_t available = (size_t)(bootstrap_arena + sizeof bootstrap_arena - (char *)old);
            memcpy(pointer, old, size < available ? size : available);
        }
        return pointer;
    }
    void *pointer = real_realloc(old, size);
    if (pointer != NULL && size > 0) count(size);
    return pointer;
}

void free(void *pointer) {
    if (pointer == NULL || is_bootstrap(pointer)) {
        return;
    }
    resolve();
    real_free(pointer);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    resolve();
    if (real_posix_memalign == NULL) {
        *out = bootstrap_alloc(size);
        return *out != NULL ? 0 : ENOMEM;
    }
    int result = real_posix_memalign(out, alignment, size);
    if (result == 0) count(size);
    return result;
}

void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    if (real_aligned_alloc == NULL) {
        return bootstrap_alloc(size);
    }
    void *pointer = real_aligned_alloc(alignment, size);
    if (pointer != NULL) count(size);
    return pointer;
}

void *memalign(size_t alignment, size_t size) {
    resolve();
    if (real_memalign == NULL) {
        return bootstrap_alloc(size);
    }
    void *pointer = real_memalign(alignment, size);
    if (pointer != NULL) count(size);
    return pointer;
}

uint64_t cmc_allocation_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }

uint64_t cmc_allocated_bytes(void) { return __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED); }

// mallinfo2 (size_t fields) is glibc 2.33 and later; older glibc has only mallinfo, whose int
// fields are exact below 2 GiB, far above what a benchmark batch keeps alive.
#if __GLIBC_PREREQ(2, 33)
uint64_t cmc_heap_in_use(void) { return (uint64_t)mallinfo2().uordblks; }
#else
uint64_t cmc_heap_in_use(void) { return (uint64_t)(unsigned)mallinfo().uordblks; }
#endif

int cmc_is_counting(void) { return 1; }

#else

#include "malloc_counter.h"

uint64_t cmc_allocation_count(void) { return 0; }
uint64_t cmc_allocated_bytes(void) { return 0; }
uint64_t cmc_heap_in_use(void) { return 0; }
int cmc_is_counting(void) { return 0; }

#endif

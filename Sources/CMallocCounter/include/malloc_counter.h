#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Number of successful allocation calls (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by any thread since the process started.
uint64_t cmc_allocation_count(void);

/// Sum of the sizes requested by those calls, in bytes.
uint64_t cmc_allocated_bytes(void);

/// Bytes the allocator currently has handed out (glibc `mallinfo2().uordblks`), including
/// its per-chunk overhead: the honest figure for "bytes per live object".
uint64_t cmc_heap_in_use(void);

/// 1 when allocations are really being counted (glibc/Linux), 0 where the counter is a stub.
int cmc_is_counting(void);

#endif

#include "malloc_counter.h"
int cmc_placeholder(void) { return 0; }

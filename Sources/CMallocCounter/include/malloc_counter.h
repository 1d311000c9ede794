#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
int cmc_placeholder(void);
#endif

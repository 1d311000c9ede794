#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
int cnc_placeholder(void);
#endif

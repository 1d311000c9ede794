#include "shim.h"
int cnc_placeholder(void) { return 0; }

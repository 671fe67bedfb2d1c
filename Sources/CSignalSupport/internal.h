#ifndef CSIGNALSUPPORT_INTERNAL_H
#define CSIGNALSUPPORT_INTERNAL_H

/* Writes the reset bytes, restores the saved termios and gives fd 2 back, each at most
 * once. Async-signal-safe: called from the crash handlers and at exit. */
void csig_emergency_restore(void);

#endif

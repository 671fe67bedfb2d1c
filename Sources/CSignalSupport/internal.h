#ifndef CSIGNALSUPPORT_INTERNAL_H
#define CSIGNALSUPPORT_INTERNAL_H

#include <signal.h>

/* Writes the reset bytes, restores the saved termios and gives fd 2 back, each at most
 * once. Async-signal-safe: called from the crash handlers and at exit. */
void csig_emergency_restore(void);

/* Whether `handler` is the crash handler (MappedFiles.c leaves SIGBUS to it while it is in
 * place: it patches guarded regions too). */
int csig_is_crash_handler(void (*handler)(int, siginfo_t *, void *));

/* Maps zeros over the page of a SIGBUS fault in a guarded region and marks the region
 * lost. Returns 1 if it did (the handler returns and the read runs again), else 0.
 * Async-signal-safe. */
int csig_bus_guard_patch(const siginfo_t *info);

/* `guard_lock`, held around every change of the SIGBUS disposition: the crash handlers'
 * install and restore take it, as the guard does, so that a region guarded on a loader
 * thread while the UI starts or ends is never left without a handler that patches it. */
void csig_bus_lock(void);
void csig_bus_unlock(void);

/* With `csig_bus_lock` held, as the crash handlers are put back, with the SIGBUS
 * disposition from before them: if regions were guarded meanwhile, installs the guard's
 * handler in front of it; else puts `below` back. */
void csig_bus_restore_locked(const struct sigaction *below);

#endif

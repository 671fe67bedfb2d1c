#ifndef CSIGNALSUPPORT_H
#define CSIGNALSUPPORT_H

/*
 * Process-level plumbing for a full-screen terminal UI, in C because signal handlers must
 * be async-signal-safe and Swift code is not. One terminal at a time: the state is global.
 *
 * - Routing: SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT set a pending flag and write one byte to
 *   the wake pipe, so the thread that owns curses learns about them in its poll loop.
 * - SIGWINCH: chains the handler curses installed, then flags and wakes the same way.
 * - Mapped files: a read of a guarded mapping past its file's end (the file shrank) reads
 *   zeros instead of ending the process with SIGBUS.
 * - Crash: SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT and SIGQUIT write precomputed
 *   reset bytes to the tty, restore the termios saved before curses started, give fd 2
 *   back (with what was captured), then let the previous disposition handle the signal.
 * - stderr capture: fd 2 goes to an unlinked temporary file while the UI is up.
 * - An atexit hook does the same emergency restore if the process exits with the UI up.
 */

#include <stddef.h>

/// Sets the write end of the wake pipe (non-blocking) used by the handlers; -1 for none.
void csig_set_wake_fd(int fd);

/// Installs the routing handler for SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT (a signal that is
/// ignored stays ignored). Returns 0, or -1 with errno set.
int csig_install_routing(void);

/// Puts back the dispositions that csig_install_routing replaced.
void csig_restore_routing(void);

/// Chains a handler in front of the current SIGWINCH disposition (call after newterm).
int csig_install_winch(void);

/// Puts back the SIGWINCH disposition that csig_install_winch replaced.
void csig_restore_winch(void);

/// Returns 1 and clears the flag when `signo` arrived since the last call, else 0.
int csig_take_pending(int signo);

/// Stops the process as the default SIGTSTP action would, and returns once it is continued
/// (the routing handler is reinstalled). Call with curses ended.
void csig_suspend_self(void);

/// Stops the process with SIGTTIN (as a read from the terminal in the background would)
/// and returns once it is continued: how a process continued in the background waits for `fg`.
void csig_stop_until_foreground(void);

/// Saves the termios of `fd` for the emergency restore. Returns 0, or -1 with errno set.
int csig_save_termios(int fd);

/// Applies the saved termios again (after endwin, while the tty fd is still open).
void csig_restore_termios(void);

/// Copies the bytes that undo the UI's terminal modes (rmkx sgr0 cnorm rmcup) and the tty
/// fd they are written to, and arms the emergency restore.
void csig_arm_reset(const char *bytes, size_t length, int tty_fd);

/// Disarms the emergency tty restore (curses ended normally).
void csig_disarm_reset(void);

/// Installs the crash handlers. Returns 0, or -1 with errno set.
int csig_install_crash_handlers(void);

/// Puts back the dispositions the crash handlers replaced.
void csig_restore_crash_handlers(void);

/// Guards `length` bytes at `start`, a read-only mapping of a file: a read there of a page
/// the file no longer holds (it was truncated) reads zeros instead of raising SIGBUS, and
/// marks the region lost (csig_region_lost). Installs a SIGBUS handler the first time (in
/// front of the disposition found; the crash handlers guard too while they are in place).
/// Returns the region's slot, or -1 when every slot is taken or no handler could be
/// installed: then do not read the mapping. Thread-safe.
int csig_guard_region(const void *start, size_t length);

/// Stops guarding `slot`; call before unmapping it, once nothing reads it any more.
void csig_unguard_region(int slot);

/// 1 once a read in `slot` found a page its file no longer holds (zeros stand there now), else 0.
int csig_region_lost(int slot);

/// Sends fd 2 to an unlinked temporary file. Returns 0, or -1 (fd 2 unchanged).
int csig_stderr_capture_begin(void);

/// Gives fd 2 back and writes what was captured to it. Idempotent.
void csig_stderr_capture_end(void);

/// Rows and columns of the terminal on `fd`. Returns 0, or -1 with errno set.
int csig_window_size(int fd, int *rows, int *columns);

/// Creates the wake pipe, both ends non-blocking and close-on-exec: fds[0] reads, fds[1]
/// writes. Returns 0, or -1 with errno set.
int csig_make_wake_pipe(int fds[2]);

/// The signal numbers, for Swift (SIGWINCH and friends are not all importable as values).
int csig_SIGINT(void);
int csig_SIGTERM(void);
int csig_SIGHUP(void);
int csig_SIGTSTP(void);
int csig_SIGCONT(void);
int csig_SIGWINCH(void);

#endif

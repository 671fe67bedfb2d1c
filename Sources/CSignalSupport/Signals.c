#define _GNU_SOURCE 1
#include "CSignalSupport.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Everything a handler reads is either an atomic or written before the handler that
 * reads it is installed (and not changed while it is). */

#define MAX_SIGNAL 65

static atomic_int wake_fd = -1;
static atomic_int pending[MAX_SIGNAL];

static void wake(int signo) {
    int fd = atomic_load(&wake_fd);
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signo;
        ssize_t ignored = write(fd, &byte, 1); /* a full pipe already means "wake up" */
        (void)ignored;
    }
}

void csig_set_wake_fd(int fd) { atomic_store(&wake_fd, fd); }

int csig_take_pending(int signo) {
    if (signo <= 0 || signo >= MAX_SIGNAL) return 0;
    return atomic_exchange(&pending[signo], 0);
}

/* MARK: Routing of SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT */

/* SIGCONT is routed too: a process stopped from outside (SIGSTOP) and continued learns of it,
 * to draw only once it is back in the foreground. Its default action (continue) happens
 * whatever the handler. Keep SIGTSTP at index 3 (csig_suspend_self). */
static const int routed_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT};
#define ROUTED_COUNT (sizeof routed_signals / sizeof routed_signals[0])
static struct sigaction routed_previous[ROUTED_COUNT];
static int routed_installed[ROUTED_COUNT];

static void route_handler(int signo) {
    int saved_errno = errno;
    if (signo > 0 && signo < MAX_SIGNAL) atomic_store(&pending[signo], 1);
    wake(signo);
    errno = saved_errno;
}

static int is_ignored(const struct sigaction *action) {
    return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == SIG_IGN;
}

int csig_install_routing(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = route_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < ROUTED_COUNT; i++) {
        if (routed_installed[i]) continue;
        struct sigaction previous;
        if (sigaction(routed_signals[i], NULL, &previous) != 0) return -1;
        if (is_ignored(&previous)) continue; /* nohup and friends: keep ignoring */
        routed_previous[i] = previous;
        if (sigaction(routed_signals[i], &action, NULL) != 0) return -1;
        routed_installed[i] = 1;
    }
    return 0;
}

void csig_restore_routing(void) {
    for (size_t i = 0; i < ROUTED_COUNT; i++) {
        if (!routed_installed[i]) continue;
        sigaction(routed_signals[i], &routed_previous[i], NULL);
        routed_installed[i] = 0;
    }
}

/* Stops the process with `signo` under its default action (stop), and returns once it is
 * continued; the disposition and this thread's mask are put back. */
static void stop_self_with(int signo) {
    struct sigaction default_action, previous;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signo, &default_action, &previous);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, &old);
    kill(getpid(), signo); /* the whole process stops here until SIGCONT */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(signo, &previous, NULL);
}

void csig_suspend_self(void) {
    size_t tstp = 3; /* index of SIGTSTP in routed_signals */
    if (!routed_installed[tstp]) return; /* SIGTSTP was ignored when we started: stay */
    stop_self_with(SIGTSTP);
}

void csig_stop_until_foreground(void) {
    /* SIGTTIN, as a read from the terminal in the background would send: the shell then
     * lists the job as stopped, and `fg` continues it (a job running in the background gets
     * the terminal from `fg` with no signal at all). */
    stop_self_with(SIGTTIN);
}

/* MARK: SIGWINCH, chained in front of curses' own handler */

static struct sigaction winch_previous;
static int winch_installed;

static void winch_handler(int signo, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (winch_previous.sa_flags & SA_SIGINFO) {
        if (winch_previous.sa_sigaction != NULL) winch_previous.sa_sigaction(signo, info, context);
    } else if (winch_previous.sa_handler != SIG_DFL && winch_previous.sa_handler != SIG_IGN) {
        winch_previous.sa_handler(signo);
    }
    atomic_store(&pending[signo], 1);
    wake(signo);
    errno = saved_errno;
}

int csig_install_winch(void) {
    if (winch_installed) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = winch_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    if (sigaction(SIGWINCH, &action, &winch_previous) != 0) return -1;
    winch_installed = 1;
    return 0;
}

void csig_restore_winch(void) {
    if (!winch_installed) return;
    sigaction(SIGWINCH, &winch_previous, NULL);
    winch_installed = 0;
}

/* MARK: Crash handlers */

/* SIGQUIT too: its default action also ends the process with the terminal in UI modes. */
static const int crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGQUIT};
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction crash_previous[CRASH_COUNT];
static int crash_replaced[CRASH_COUNT];

static void crash_handler(int signo, siginfo_t *info, void *context) {
    (void)context;
    /* A read past the end of a mapped file that shrank is no crash (MappedFiles.c). */
    if (signo == SIGBUS && csig_bus_guard_patch(info)) return;
    csig_emergency_restore();
    /* A fault, a trap or abort() goes on to the previous disposition (the default action,
     * or the Swift runtime's backtracer, which now writes to the real stderr). SIGQUIT and
     * a signal sent by another process get the default action: the backtracer prints and
     * returns for those, which would leave the process running with its UI torn down. */
    int external = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    for (size_t i = 0; i < CRASH_COUNT; i++) {
        if (crash_signals[i] != signo) continue;
        int use_default = external || signo == SIGQUIT;
        sigaction(signo, use_default ? &default_action : &crash_previous[i], NULL);
    }
    /* Pending until this handler returns. A fault would recur on return anyway; a trap
     * (int3) would not, hence the raise. */
    raise(signo);
}

int csig_install_crash_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t i = 0; i < CRASH_COUNT; i++) {
        if (crash_replaced[i]) continue;
        int bus = crash_signals[i] == SIGBUS;
        if (bus) csig_bus_lock(); /* the guard's handler must not change in between */
        struct sigaction previous;
        int failed = sigaction(crash_signals[i], NULL, &previous) != 0;
        /* an ignored SIGQUIT must not end the UI */
        if (!failed && !is_ignored(&previous)) {
            crash_previous[i] = previous;
            failed = sigaction(crash_signals[i], &action, NULL) != 0;
            if (!failed) crash_replaced[i] = 1;
        }
        if (bus) csig_bus_unlock();
        if (failed) return -1;
    }
    return 0;
}

void csig_restore_crash_handlers(void) {
    for (size_t i = 0; i < CRASH_COUNT; i++) {
        if (!crash_replaced[i]) continue;
        crash_replaced[i] = 0;
        if (crash_signals[i] == SIGBUS) {
            csig_bus_lock();
            csig_bus_restore_locked(&crash_previous[i]);
            csig_bus_unlock();
            continue;
        }
        sigaction(crash_signals[i], &crash_previous[i], NULL);
    }
}

int csig_is_crash_handler(void (*handler)(int, siginfo_t *, void *)) { return handler == crash_handler; }

/* MARK: Small helpers */

int csig_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int csig_make_wake_pipe(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }

int csig_SIGINT(void) { return SIGINT; }
int csig_SIGTERM(void) { return SIGTERM; }
int csig_SIGHUP(void) { return SIGHUP; }
int csig_SIGTSTP(void) { return SIGTSTP; }
int csig_SIGCONT(void) { return SIGCONT; }
int csig_SIGWINCH(void) { return SIGWINCH; }

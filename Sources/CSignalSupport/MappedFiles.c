#define _GNU_SOURCE 1
#include "CSignalSupport.h"
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* MARK: Mapped files that may shrink
 *
 * A read of a page of a mapped file past the file's end raises SIGBUS: the file was
 * truncated after it was mapped. For the regions registered here, the SIGBUS handler maps a
 * page of zeros over the page that faulted (MAP_FIXED replaces it in one step, which other
 * threads reading the mapping see at once) and marks the region lost; the read that faulted
 * is then run again and reads zeros, as `pread` reads nothing past the end. The owner of the
 * region sees the mark and reads with `pread` from then on.
 *
 * The table is read by the handler: every field is an atomic, a slot's length is stored
 * before its start (a start of 0 is a free slot), and a slot is freed (start first) only
 * once nothing reads its region any more. `mmap` is not on POSIX's list of
 * async-signal-safe functions, but on Linux glibc's `mmap` is the bare system call: it
 * takes no lock and touches no state of the process but the mapping. */

#define GUARD_SLOTS 64

struct guarded_region {
    _Atomic(uintptr_t) start;
    _Atomic(size_t) length;
    atomic_int lost;
};

static struct guarded_region regions[GUARD_SLOTS];
static atomic_size_t page_size;

/* The handler, what it replaced, and whether regions were ever guarded; written under
 * `guard_lock` only. */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction bus_previous;
static int guard_wanted;

int csig_bus_guard_patch(const siginfo_t *info) {
    /* A fault (not a signal sent with kill) inside a registered region. */
    if (info == NULL || info->si_code <= 0) return 0;
    uintptr_t address = (uintptr_t)info->si_addr;
    size_t page = atomic_load(&page_size);
    if (page == 0) return 0;
    for (size_t i = 0; i < GUARD_SLOTS; i++) {
        uintptr_t start = atomic_load(&regions[i].start);
        if (start == 0 || address < start) continue;
        if (address - start >= atomic_load(&regions[i].length)) continue;
        int saved_errno = errno;
        void *first = (void *)(address & ~(uintptr_t)(page - 1));
        void *zeros = mmap(first, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        errno = saved_errno;
        if (zeros == MAP_FAILED) return 0;
        atomic_store(&regions[i].lost, 1);
        return 1;
    }
    return 0;
}

static void bus_handler(int signo, siginfo_t *info, void *context) {
    (void)context;
    if (csig_bus_guard_patch(info)) return;
    /* Anything else: the disposition from before, as if this handler were not there. A
     * fault recurs when this returns; a signal sent with kill is raised again. */
    sigaction(signo, &bus_previous, NULL);
    if (info == NULL || info->si_code <= 0) raise(signo);
}

static int is_bus_handler(const struct sigaction *action) {
    return (action->sa_flags & SA_SIGINFO) && action->sa_sigaction == bus_handler;
}

/* Puts the guard's handler in front of `below` (with `guard_lock` held). */
static int install_bus_handler(const struct sigaction *below) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = bus_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    bus_previous = *below;
    return sigaction(SIGBUS, &action, NULL);
}

/* Makes sure a handler that patches guarded regions holds SIGBUS: the guard's, or the
 * crash handler (which puts the guard's back in its place when it goes). */
static int ensure_bus_handler(void) {
    struct sigaction current;
    if (sigaction(SIGBUS, NULL, &current) != 0) return -1;
    if (is_bus_handler(&current)) return 0;
    if ((current.sa_flags & SA_SIGINFO) && csig_is_crash_handler(current.sa_sigaction)) return 0;
    return install_bus_handler(&current);
}

void csig_bus_lock(void) { pthread_mutex_lock(&guard_lock); }

void csig_bus_unlock(void) { pthread_mutex_unlock(&guard_lock); }

void csig_bus_restore_locked(const struct sigaction *below) {
    /* `below` is the guard's handler itself when it was there before the crash handlers:
     * putting it back is all it takes. */
    if (guard_wanted && !is_bus_handler(below) && install_bus_handler(below) == 0) return;
    sigaction(SIGBUS, below, NULL);
}

int csig_guard_region(const void *start, size_t length) {
    if (start == NULL || length == 0) return -1;
    pthread_mutex_lock(&guard_lock);
    int slot = -1;
    if (atomic_load(&page_size) == 0) {
        long size = sysconf(_SC_PAGESIZE);
        if (size > 0) atomic_store(&page_size, (size_t)size);
    }
    if (atomic_load(&page_size) != 0 && ensure_bus_handler() == 0) {
        guard_wanted = 1;
        for (int i = 0; i < GUARD_SLOTS; i++) {
            if (atomic_load(&regions[i].start) != 0) continue;
            atomic_store(&regions[i].lost, 0);
            atomic_store(&regions[i].length, length);
            atomic_store(&regions[i].start, (uintptr_t)start);
            slot = i;
            break;
        }
    }
    pthread_mutex_unlock(&guard_lock);
    return slot;
}

void csig_unguard_region(int slot) {
    if (slot < 0 || slot >= GUARD_SLOTS) return;
    atomic_store(&regions[slot].start, 0);
}

int csig_region_lost(int slot) {
    if (slot < 0 || slot >= GUARD_SLOTS) return 1;
    return atomic_load(&regions[slot].lost);
}

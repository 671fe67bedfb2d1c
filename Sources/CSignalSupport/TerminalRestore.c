#define _GNU_SOURCE 1
#include "CSignalSupport.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* The terminal and fd 2 as they were before the UI, and the emergency restore that the
 * crash handlers and the atexit hook share. Only async-signal-safe calls on that path. */

/* MARK: termios, reset bytes and the emergency restore */

static struct termios saved_termios;
static int termios_fd = -1;

int csig_save_termios(int fd) {
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    termios_fd = fd;
    return 0;
}

void csig_restore_termios(void) {
    if (termios_fd >= 0) tcsetattr(termios_fd, TCSANOW, &saved_termios);
}

static char reset_bytes[512];
static size_t reset_length;
static int reset_fd = -1;
static atomic_int reset_armed;
static atomic_int saved_stderr = -1;
static atomic_int capture_fd = -1;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n;
        length -= (size_t)n;
    }
}

/* Async-signal-safe: write, read, lseek, dup2, close, tcsetattr only. */
static void stderr_capture_end(void) {
    int captured = atomic_exchange(&capture_fd, -1);
    if (captured < 0) return;
    int original = atomic_exchange(&saved_stderr, -1);
    if (original >= 0) {
        dup2(original, STDERR_FILENO);
        close(original);
    }
    char chunk[4096];
    if (lseek(captured, 0, SEEK_SET) == 0) {
        for (;;) {
            ssize_t n = read(captured, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            write_all(STDERR_FILENO, chunk, (size_t)n);
        }
    }
    close(captured);
}

void csig_emergency_restore(void) {
    int saved_errno = errno;
    if (atomic_exchange(&reset_armed, 0)) {
        write_all(reset_fd, reset_bytes, reset_length);
        csig_restore_termios();
    }
    stderr_capture_end();
    errno = saved_errno;
}

static void at_exit_restore(void) { csig_emergency_restore(); }

void csig_arm_reset(const char *bytes, size_t length, int tty_fd) {
    static int at_exit_registered;
    if (length > sizeof reset_bytes) length = sizeof reset_bytes;
    memcpy(reset_bytes, bytes, length);
    reset_length = length;
    reset_fd = tty_fd;
    if (!at_exit_registered) {
        atexit(at_exit_restore);
        at_exit_registered = 1;
    }
    atomic_store(&reset_armed, 1);
}

void csig_disarm_reset(void) { atomic_store(&reset_armed, 0); }

/* MARK: stderr capture */

int csig_stderr_capture_begin(void) {
    if (atomic_load(&capture_fd) >= 0) return 0;
    const char *directory = getenv("TMPDIR");
    if (directory == NULL || directory[0] == '\0') directory = "/tmp";
    char path[4096];
    if (snprintf(path, sizeof path, "%s/lister-stderr-XXXXXX", directory) >= (int)sizeof path) return -1;
    int file = mkostemp(path, O_CLOEXEC);
    if (file < 0) return -1;
    unlink(path); /* nothing is left behind, whatever happens to the process */
    int original = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (original < 0) {
        close(file);
        return -1;
    }
    fflush(stderr);
    if (dup2(file, STDERR_FILENO) < 0) {
        close(file);
        close(original);
        return -1;
    }
    atomic_store(&saved_stderr, original);
    atomic_store(&capture_fd, file);
    return 0;
}

void csig_stderr_capture_end(void) {
    fflush(stderr);
    stderr_capture_end();
}


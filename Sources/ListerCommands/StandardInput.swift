#if canImport(Glibc)
import Glibc
#endif

/// Standard input as the process found it: a terminal, a pipe or file, or closed (`<&-`).
///
/// A closed descriptor 0 is a trap: the next file the process opens (the terminal, a log,
/// an event descriptor) gets number 0 and is then read as the input. So a closed standard
/// input is noted and /dev/null put in its place before anything else is opened, and the
/// commands treat it as no input at all.
package enum StandardInput {
    /// Whether descriptor 0 was closed when the process started (after ``secure()``).
    // nonisolated(unsafe) is safe: written once by `secure()` at the very start of `main`,
    // before any other thread or task exists, and only read after that.
    package private(set) nonisolated(unsafe) static var wasClosed = false

    /// Notes whether descriptor 0 is closed and, if so, opens /dev/null on it. Call first
    /// thing in `main`, before any descriptor is opened.
    package static func secure() {
        guard fcntl(0, F_GETFD) == -1, errno == EBADF else { return }
        wasClosed = true
        let descriptor = open("/dev/null", O_RDONLY)
        if descriptor > 0 {  // 0 was free, so this is unexpected: keep 0 pointing at it anyway
            dup2(descriptor, 0)
            close(descriptor)
        }
    }

    /// Whether standard input is a terminal.
    package static var isTerminal: Bool { !wasClosed && isatty(0) == 1 }

    /// Whether there is nothing to read: a terminal, or closed.
    package static var hasNoInput: Bool { wasClosed || isatty(0) == 1 }
}

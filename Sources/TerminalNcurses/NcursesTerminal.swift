import CSignalSupport
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// A real terminal driven by ncursesw: the `TerminalBackend` that `lister` runs on.
///
/// ```swift
/// let terminal = try NcursesTerminal.open()
/// terminal.present(frame)
/// for await event in terminal.events { … }
/// terminal.close()          // the terminal is restored: print results now
/// ```
///
/// It draws on `/dev/tty`, so stdin and stdout may be pipes. One thread owns curses from
/// `newterm` to `endwin`: the main thread when the terminal is opened inside
/// ``MainLoop/run(_:)`` (a key is then read, handled by the main actor and drawn without a
/// thread hand-off), else a thread of its own. Every other method only leaves a request in
/// a mailbox and wakes that thread. While the UI is up, whatever the process writes to
/// stderr is kept in a temporary file and written out by ``close()``. SIGINT, SIGTERM and
/// SIGHUP arrive as `.signal` events instead of killing the process; a crash (a Swift
/// trap, SIGSEGV, abort) restores the terminal before the process dies. Only SIGKILL
/// leaves the terminal in curses' modes (`reset` repairs it).
public final class NcursesTerminal: TerminalBackend {
    // Sendable without @unchecked: every stored property is immutable and Sendable.
    // Curses itself lives in `CursesSession`, which only the thread serving it touches.
    private let mailbox: Locked<Mailbox>
    private let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    private let driver: Locked<CursesDriver?>

    /// Keys, resizes and signals, in order. Finishes when the terminal is closed.
    public let events: EventChannel<TerminalEvent>
    /// Whether colours are used: asked for in the options and supported by the terminal.
    public let colorEnabled: Bool

    /// Whether a terminal is open in this process (the signal plumbing is process-wide).
    private static let isOpen = Locked(false)

    private init(mailbox: Locked<Mailbox>, wakeFDs: (read: Int32, write: Int32), driver: CursesDriver,
                 events: EventChannel<TerminalEvent>,
                 colorEnabled: Bool) {
        self.mailbox = mailbox
        (wakeReadFD, wakeWriteFD) = wakeFDs
        self.driver = Locked(driver)
        self.events = events
        self.colorEnabled = colorEnabled
    }

    /// Takes over the controlling terminal: alternate screen, raw keys, hidden cursor.
    ///
    /// - Throws: ``NcursesTerminalError`` when there is no `/dev/tty`, `TERM` names an
    ///   unknown terminal, or another `NcursesTerminal` is open.
    public static func open(options: TerminalOptions = TerminalOptions()) throws(NcursesTerminalError) -> NcursesTerminal {
        let claimed = isOpen.withLock { open in
            defer { open = true }
            return !open
        }
        guard claimed else { throw .alreadyOpen }
        do {
            return try openClaimed(options: options)
        } catch {
            isOpen.withLock { $0 = false }
            throw error
        }
    }

    private static func openClaimed(options: TerminalOptions) throws(NcursesTerminalError) -> NcursesTerminal {
        _ = DisplayWidth.localeIsUTF8  // setlocale before curses starts
        guard let input = fopen("/dev/tty", "re") else { throw .noTerminal(reason: ttyMessage(errno)) }
        guard let output = fopen("/dev/tty", "we") else {
            let code = errno
            fclose(input)
            throw .noTerminal(reason: ttyMessage(code))
        }
        var fds: [Int32] = [-1, -1]
        guard csig_make_wake_pipe(&fds) == 0 else {
            let code = errno
            fclose(input)
            fclose(output)
            throw .setupFailed("cannot create a pipe: \(systemMessage(code))")
        }
        func undo() {
            csig_restore_crash_handlers()
            csig_restore_winch()
            csig_restore_routing()
            csig_set_wake_fd(-1)
            Glibc.close(fds[0])
            Glibc.close(fds[1])
        }
        _ = csig_save_termios(fileno(input))
        csig_set_wake_fd(fds[1])
        // Before newterm, so curses sees handlers in place and installs none of its own.
        guard csig_install_routing() == 0 else {
            let code = errno
            undo()
            fclose(input)
            fclose(output)
            throw .setupFailed("cannot install signal handlers: \(systemMessage(code))")
        }

        let mailbox = Locked(Mailbox())
        let events = EventChannel<TerminalEvent>()
        let session = CursesSession(input: input, output: output, wakeReadFD: fds[0], mailbox: mailbox,
                                    events: events, options: options)
        let driver: CursesDriver
        let startup: Startup
        do {
            (driver, startup) = try start(session)
        } catch {
            undo()
            throw error
        }
        _ = csig_stderr_capture_begin()  // best effort: without it stderr shows on screen
        return NcursesTerminal(mailbox: mailbox, wakeFDs: (fds[0], fds[1]), driver: driver, events: events,
                               colorEnabled: startup.colorEnabled)
    }

    /// Sets curses up on the thread that will serve it: this one inside ``MainLoop``, else
    /// a new one. On failure the tty files are closed and no thread is left running.
    private static func start(_ session: sending CursesSession) throws(NcursesTerminalError) -> (CursesDriver, Startup) {
        if MainLoop.isServingCurrentThread {
            let started = MainActor.assumeIsolated { () -> Result<(CursesDriver, Startup), NcursesTerminalError> in
                switch session.start() {
                case .success(let startup): return .success((.mainLoop(MainLoopCurses(session)), startup))
                case .failure(let error): return .failure(error)
                }
            }
            return try started.get()
        }
        let id: pthread_t
        do {
            id = try CursesSession.startThread(session)
        } catch {
            fclose(session.input)
            fclose(session.output)
            throw error
        }
        // From here on only the curses thread touches `session`, except its `started` and
        // `startup` fields, which are a semaphore and a lock.
        session.started.wait()
        switch session.startup.withLock({ $0 }) {
        case .started(let startup):
            return (.thread(id), startup)
        case .failed(let error):
            pthread_join(id, nil)  // the thread closed the tty files and ended
            throw error
        case nil:
            pthread_join(id, nil)
            throw .setupFailed("the curses thread did not start")
        }
    }

    private static func ttyMessage(_ code: Int32) -> String {
        code == ENXIO ? "no controlling terminal" : systemMessage(code)
    }

    deinit { close() }

    /// The size of the screen, as the curses thread last saw it.
    public var size: Size { mailbox.withLock { $0.size } }

    /// Shows `frame` soon; a frame not drawn yet is replaced (newest wins).
    ///
    /// Only stores the frame and wakes the curses thread, which draws the cells that
    /// changed since the frame it drew last.
    public func present(_ frame: Buffer) {
        mailbox.post(wakeFD: wakeWriteFD) { mailbox in
            mailbox.frame = frame
            mailbox.prepared = []  // an offer not taken yet was for the frame before
            mailbox.generation &+= 1
        }
    }

    /// Offers frames for the keys that may come next: the curses thread works out their
    /// bytes while it waits, and writes them the moment one of those keys is read, if
    /// nothing was posted since.
    public func prepare(_ frames: [PreparedFrame]) {
        mailbox.post(wakeFD: wakeWriteFD) { mailbox in
            mailbox.prepared = frames
            mailbox.generation &+= 1
        }
    }

    /// Repaints the whole screen from scratch (Ctrl-L).
    public func redraw() {
        mailbox.post(wakeFD: wakeWriteFD) { $0.redraw = true }
    }

    /// Gives the terminal back to the shell and stops the process (Ctrl-Z); the screen is
    /// restored when the process continues.
    public func suspend() {
        mailbox.post(wakeFD: wakeWriteFD) { $0.suspend = true }
    }

    /// Gives the terminal to `body` on the curses thread, curses ended meanwhile, and
    /// restores the screen when it returns. Returns at once: the frames and requests posted
    /// meanwhile wait for `body` to end, and a close asked for meanwhile comes after it.
    public func handOver(_ body: @escaping @Sendable () -> Void) {
        mailbox.post(wakeFD: wakeWriteFD) { $0.handOver.append(body) }
    }

    /// Ends curses and restores the terminal; then prints what was written to stderr.
    ///
    /// Blocks until the curses thread has run `endwin` and ended. Afterwards the normal
    /// screen is back, the cursor visible, the tty modes as they were, fd 2 is the
    /// original stderr and ``events`` is finished. Calling it again does nothing. A terminal
    /// opened inside ``MainLoop`` is closed on the main thread, or from another thread
    /// while the loop still runs.
    public func close() {
        guard let driver = driver.withLock({ driver in defer { driver = nil }; return driver }) else { return }
        mailbox.post(wakeFD: wakeWriteFD) {
            $0.close = true
            $0.closed = true
        }
        switch driver {
        case .thread(let id):
            pthread_join(id, nil)
        case .mainLoop(let curses):
            // Curses belongs to the main thread: there (even after the loop has ended) it is
            // torn down at once; elsewhere the main thread's loop does it and this waits.
            if MainLoop.isMainThread {
                MainActor.assumeIsolated { curses.serveClose() }
            } else {
                curses.closed.wait()
            }
        }
        csig_restore_crash_handlers()
        csig_restore_routing()
        csig_set_wake_fd(-1)
        csig_stderr_capture_end()
        Glibc.close(wakeReadFD)
        Glibc.close(wakeWriteFD)
        events.finish()
        Self.isOpen.withLock { $0 = false }
    }
}

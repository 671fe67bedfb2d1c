import CNcurses
import CSignalSupport
import Dispatch
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// What the thread that sets curses up reports once `newterm` has succeeded or failed.
struct Startup: Sendable {
    /// Whether colours are in use.
    var colorEnabled: Bool
}

/// How setting curses up ended, as the curses thread leaves it for the opener.
///
/// An enum of its own, not a `Result`: the session's lock holds it from the start, and a
/// `Locked<Result<Startup, NcursesTerminalError>?>` has its type made from its mangled name
/// at run time, which checks `NcursesTerminalError: Error` by a scan of every conformance
/// record in the binary before the first frame (docs/PERFORMANCE.md, "Start-up: conformance
/// scans").
enum StartupReport: Sendable {
    case started(Startup)
    case failed(NcursesTerminalError)
}

/// Curses from `newterm` to `endwin`: the only code that calls curses.
///
/// It is served by one thread only, either a thread of its own (``startThread(_:)``) or
/// the main thread's ``MainLoop``; either way that thread polls the tty and the wake pipe
/// and calls ``service(tty:wake:)``. tty input becomes events, and a wake-up means a signal
/// arrived or the mailbox holds a request. The object is created by
/// ``NcursesTerminal/open(options:)`` and never touched by another thread after that.
final class CursesSession {
    let input: UnsafeMutablePointer<FILE>
    let output: UnsafeMutablePointer<FILE>
    let wakeReadFD: Int32
    let mailbox: Locked<Mailbox>
    let events: EventChannel<TerminalEvent>
    let options: TerminalOptions
    /// Where the start-up result goes on a thread of its own; `started` is signalled once
    /// it is there.
    let startup: Locked<StartupReport?>
    let started: DispatchSemaphore

    private var screen: OpaquePointer?
    /// Draws the frames; set once curses is up.
    var painter: Painter?
    /// The terminal's own control strings, for the whole screen.
    var strings: ControlStrings?
    /// Inline (``TerminalOptions/height``): where the interface is on the normal screen;
    /// `nil` on the alternate screen. See `CursesSession+Inline.swift`.
    var placement: InlinePlacement?
    /// Whether the interface is inline: curses is kept off the normal screen (``settle()``).
    var isInline = false
    private var hangupReported = false
    /// Joins Esc and the key after it into Alt keys.
    private var escapes = EscapeCombiner()
    /// Continued in the background: nothing is drawn until the process is in the foreground.
    private var isBackground = false
    /// The newest frame posted while in the background, drawn on the way back.
    private var heldFrame: Buffer?

    init(input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, wakeReadFD: Int32,
         mailbox: Locked<Mailbox>, events: EventChannel<TerminalEvent>,
         options: TerminalOptions) {
        self.input = input
        self.output = output
        self.wakeReadFD = wakeReadFD
        self.mailbox = mailbox
        self.events = events
        self.options = options
        startup = Locked(nil)
        started = DispatchSemaphore(value: 0)
    }

    /// The descriptors to poll for input, in the order ``service(tty:wake:)`` takes them.
    var descriptors: [Int32] { [fileno(input), wakeReadFD] }

    /// Starts a thread of its own running ``runOnOwnThread()``; the thread keeps the object alive.
    static func startThread(_ session: CursesSession) throws(NcursesTerminalError) -> pthread_t {
        let context = Unmanaged.passRetained(session).toOpaque()
        var id = pthread_t()
        let code = pthread_create(&id, nil, cursesThreadMain, context)
        guard code == 0 else {
            Unmanaged<CursesSession>.fromOpaque(context).release()
            throw .setupFailed("cannot start the curses thread: \(systemMessage(code))")
        }
        return id
    }

    /// The body of a thread of its own: set up, serve until asked to close, tear down.
    func runOnOwnThread() {
        let result = start()
        startup.withLock {
            switch result {
            case .success(let report): $0 = .started(report)
            case .failure(let error): $0 = .failed(error)
            }
        }
        started.signal()
        guard case .success = result else { return }
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            if poll(&fds, nfds_t(fds.count), -1) < 0, errno != EINTR { break }
            KeyTrace.mark(.woke)
            let outcome = service(tty: fds[0].revents, wake: fds[1].revents)
            if outcome == .close { break }
            if outcome == .ttyGone { fds[0].fd = -1 }  // stop polling a terminal that went away
        }
        tearDown()
    }

    /// Sets curses up on the calling thread; on failure the tty files are closed.
    func start() -> Result<Startup, NcursesTerminalError> {
        let result = setUp()
        if case .failure = result {
            fclose(input)
            fclose(output)
        }
        return result
    }

    // MARK: Start and end

    private func setUp() -> Result<Startup, NcursesTerminalError> {
        // Ask the tty for its size, ignoring LINES/COLUMNS from the environment. Set on the
        // pre-screen itself: ncurses 6.4 copies use_env but not use_tioctl from the global
        // settings into a screen, and then reads the size from terminfo after a resize.
        // newterm() builds the screen on this same pre-screen, then forgets it.
        guard let prescreen = new_prescr() else { return .failure(.setupFailed("out of memory")) }
        use_env_sp(prescreen, false)
        use_tioctl_sp(prescreen, true)
        if options.height != nil {
            // Saved (DECSC) before curses writes anything: its scroll region sends the cursor
            // home, and a terminal without an alternate screen has nothing else to put it
            // back where the inline interface must start (``cursorBeforeSettling()``).
            _ = Painter.write(Array("\u{1B}7".utf8), to: fileno(output))
        }
        guard let screen = newterm(nil, output, input) else {
            return .failure(.unknownTerminalType(getenv("TERM").map { String(cString: $0) }))
        }
        self.screen = screen
        _ = set_term(screen)
        guard let strings = ControlStrings.terminfo(colors: options.colorEnabled && has_colors()) else {
            endTerminal()  // TERM=dumb and other glass ttys
            return .failure(.unsupportedTerminalType(getenv("TERM").map { String(cString: $0) } ?? ""))
        }
        let window = cncurses_stdscr()
        // Curses never waits in `read` on the tty: the thread that reads keys also serves the
        // main actor (inside `MainLoop`) and draws, and a load's result, a resize or a signal
        // must not wait for the next key. It reads only after `poll` said the tty is ready,
        // but it reads on by itself after a mouse report its mask drops, or in the middle of
        // one cut across two writes (issue 33); with no byte there it now gets EAGAIN and
        // `wget_wch` returns ERR. Only this open of /dev/tty is affected, not the shell's.
        let flags = fcntl(fileno(input), F_GETFL)
        if flags >= 0 { _ = fcntl(fileno(input), F_SETFL, flags | O_NONBLOCK) }
        raw()           // Ctrl-C and Ctrl-Z arrive as keys 3 and 26: the runtime decides
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        _ = curs_set(0)
        set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))
        if options.mouse {
            // Every press and release the terminal reports, though Lister uses only the
            // left button's presses and the wheel (``KeyDecoding/decodeMouse``): a report
            // left out of the mask makes `wget_wch` read the next byte with a *blocking*
            // `read`, nodelay or not, and the thread serving the loop would wait there for
            // the next key while load results and frames wait for it (issue 33: a release
            // after a click on a title held the sort's rows until the next key). No clicks
            // in the mask: double clicks are told apart by the runtime, so curses must not
            // merge reports or hold a press back waiting for a second one.
            _ = mousemask(cncurses_BUTTON_REPORTS(), nil)
            _ = mouseinterval(0)
        }
        for (sequence, code) in KeyDecoding.fallbackSequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
        for (sequence, code) in KeyDecoding.altArrowSequences + [KeyDecoding.controlDeleteSequence] {
            if key_defined(sequence) > 0 { define_key(sequence, 0) }  // drops the terminfo's own code
            define_key(sequence, code)
        }
        self.strings = strings
        painter = Painter(strings: strings, fd: fileno(output))
        isInline = options.height != nil
        let cursor = cursorBeforeSettling()
        settleAtStart()
        if let height = options.height { placeInline(height, cursor: cursor) }
        armEmergencyReset()
        guard csig_install_winch() == 0, csig_install_crash_handlers() == 0 else {
            let message = systemMessage(errno)
            endTerminal()
            return .failure(.setupFailed("cannot install signal handlers: \(message)"))
        }
        mailbox.withLock { $0.size = currentSize() }
        return .success(Startup(colorEnabled: strings.foreground != nil))
    }

    /// Lets curses finish what it has to write (entering the alternate screen, a clear
    /// after a resize, its modes again after `endwin`), so that nothing of curses is pending.
    ///
    /// Curses no longer draws frames (``Painter`` does), but `wget_wch` refreshes `stdscr`
    /// whenever it was touched, and a resize touches it: a refresh left for the next key
    /// would clear the frame drawn meanwhile. Called once set up, after a resize and after
    /// a resume, each time before the screen is drawn again.
    func settle() {
        guard isInline else {
            refresh()
            return
        }
        settleOffScreen()
    }

    /// ``settle()`` once set up, without curses' first refresh on the alternate screen.
    ///
    /// That refresh only clears a screen that the first frame clears too, after comparing
    /// every cell of its windows: half a million instructions before the first frame
    /// (docs/PERFORMANCE.md, "Start-up: conformance scans, ... curses' first refresh").
    /// What it must prevent is a later refresh: `wget_wch` refreshes `stdscr` when it was
    /// touched, and a new window is all touched, so `stdscr` is marked unchanged. Curses'
    /// own start (`smcup`, keypad mode) has been written by then: `curs_set` flushed it. A
    /// resize or a resume still settles with a refresh, which clears as before.
    private func settleAtStart() {
        guard !isInline else { return settleOffScreen() }
        _ = cncurses_untouchwin(cncurses_stdscr())
    }

    /// Precomputes what a crash handler writes to undo the UI: any escape sequence cut
    /// short by the crash cancelled (CAN), mouse reporting off, keypad off, attributes off,
    /// auto-margins on, cursor visible, alternate screen off.
    private func armEmergencyReset() {
        // xterm's mouse modes, which terminfo has no capability to turn off.
        var bytes: [UInt8] = [0x18] + Array((options.mouse ? "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l" : "").utf8)
        for name in ["rmkx", "sgr0", "smam", "cnorm"] + (isInline ? [] : ["rmcup"]) {
            bytes += ControlStrings.terminfoString(name) ?? []
        }
        bytes += inlineExitBytes()
        var utf8 = bytes.map { CChar(bitPattern: $0) }
        csig_arm_reset(&utf8, utf8.count, fileno(output))
    }

    private func endTerminal() {
        csig_restore_winch()
        endwin()
        csig_disarm_reset()
        if let screen { delscreen(screen) }
        screen = nil
    }

    /// Ends curses and gives the tty back (on the thread that served the session).
    func tearDown() {
        KeyTrace.flush()
        leaveInline()
        endTerminal()
        returnToOrigin()
        csig_restore_termios()  // the modes saved before newterm, while the tty is still open
        fclose(input)
        fclose(output)
        events.finish()
    }

    // MARK: The loop

    /// What ``service(tty:wake:)`` asks of the thread serving the session.
    enum ServiceOutcome {
        case keepGoing
        /// The tty hung up: stop polling it (it would report POLLHUP for ever).
        case ttyGone
        /// Close was asked for: call ``tearDown()`` and stop serving.
        case close
    }

    /// Handles what `poll` reported for the tty and the wake pipe: signals, keys, and the
    /// mailbox's requests (a frame to draw among them).
    func service(tty: Int16, wake: Int16) -> ServiceOutcome {
        if wake != 0 { drainWakePipe() }
        var outcome = ServiceOutcome.keepGoing
        if tty & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            outcome = .ttyGone
            reportHangup()
        }
        mailbox.expectTake()
        handleSignals()
        readInput()
        let requests = mailbox.take()
        KeyTrace.mark(.taken)
        defer { KeyTrace.endPass() }
        // A program handed the terminal runs before a close asked for after it (execute+accept).
        for body in requests.handOver { handOver(body) }
        if requests.close { return .close }
        if requests.suspend { suspend() }
        if isBackground {
            // Continued in the background (SIGSTOP, then SIGCONT from outside): the shell
            // owns the screen. The newest frame waits for the way back to the foreground.
            if let frame = requests.frame { heldFrame = frame }
            return outcome
        }
        if requests.redraw { painter?.invalidate() }
        if let frame = requests.frame {
            painter?.draw(frame, screen: currentSize())
        } else if requests.redraw {
            painter?.repaintLast(screen: currentSize())
        }
        if let prepared = requests.prepared {
            painter?.prepare(prepared, generation: requests.generation, screen: currentSize())
        }
        return outcome
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeReadFD, &bytes, bytes.count) > 0 {}
    }

    private func handleSignals() {
        let routed: [(Int32, TerminalSignal)] = [
            (csig_SIGINT(), .interrupt), (csig_SIGTERM(), .terminate), (csig_SIGHUP(), .hangup),
        ]
        for (signal, event) in routed where csig_take_pending(signal) != 0 {
            if event == .hangup { reportHangup() } else { events.yield(.signal(event)) }
        }
        if csig_take_pending(csig_SIGTSTP()) != 0 { suspend() }
        if csig_take_pending(csig_SIGCONT()) != 0 { continued() }
        // SIGWINCH needs nothing here: curses turns it into KEY_RESIZE in readInput().
        _ = csig_take_pending(csig_SIGWINCH())
    }

    private func reportHangup() {
        guard !hangupReported else { return }
        hangupReported = true
        events.yield(.signal(.hangup))
    }

    /// Reads keys until curses has none left (it may hold bytes `poll` cannot see).
    private func readInput() {
        let window = cncurses_stdscr()
        var value: wint_t = 0
        while true {
            let status = wget_wch(window, &value)
            if status == ERR {
                for input in escapes.flush() { deliver(input) }  // an Esc alone: nothing came within the delay
                return
            }
            for input in escapes.feed(KeyDecoding.decode(status: status, value: UInt32(value))) { deliver(input) }
        }
    }

    /// Reports one read, Alt keys already joined.
    private func deliver(_ input: CursesInput) {
        switch input {
        case .key(let key):
            KeyTrace.mark(.keyRead)
            // The frame drawn ahead for this key goes out before the key is handled;
            // the frame handling it gives is then drawn as a difference from it.
            _ = painter?.drawPrepared(for: key, generation: { mailbox.withLock(\.generation) })
            events.yield(.key(key))
            KeyTrace.mark(.rendered)  // inside MainLoop the frame is ready when yield returns
        case .resize: resized()
        case .mouse: readMouse()
        case .ignored: break
        }
    }

    /// Takes every report curses parsed for one `KEY_MOUSE`, and hands on those Lister uses.
    ///
    /// A press and its release read together are two reports behind one `KEY_MOUSE`, and
    /// `getmouse` gives the newest first: each is taken (at most the queue's eight), and
    /// they go out oldest first.
    private func readMouse() {
        var reports: [MouseEvent?] = []
        var event = MEVENT()
        while reports.count < 8, getmouse(&event) == OK {
            reports.append(KeyDecoding.decodeMouse(buttons: event.bstate, row: event.y, column: event.x))
        }
        for case let mouse? in reports.reversed() { events.yield(.mouse(mouse)) }
    }

    private func resized() {
        if isInline { return resizedInline() }
        let size = currentSize()
        mailbox.withLock { $0.size = size }
        settle()  // curses clears after a resize
        painter?.invalidate()  // the runtime's frame for the new size comes next, in full
        events.yield(.resize(size))
    }

    /// The size the interface draws in: the inline rows, or the whole screen.
    func currentSize() -> Size {
        let screen = screenSize()
        guard let placement else { return screen }
        return Size(rows: placement.rows, columns: screen.columns)
    }

    /// The size of the whole screen, as curses last saw it.
    func screenSize() -> Size {
        let window = cncurses_stdscr()
        return Size(rows: Int(cncurses_getmaxy(window)), columns: Int(cncurses_getmaxx(window)))
    }

    /// Whether this process's group owns the terminal (false after `kill -STOP` and
    /// `kill -CONT` from outside, until `fg`).
    private var isForeground: Bool {
        let group = tcgetpgrp(fileno(input))
        return group < 0 || group == getpgrp()  // no answer: draw, as before
    }

    /// Continued after a stop this process did not ask for (SIGSTOP from outside): in the
    /// background it draws nothing; back in the foreground (`fg`), where the shell may have
    /// left its own terminal modes, curses' modes are put back and the whole screen drawn.
    private func continued() {
        guard isForeground else {
            isBackground = true
            // Stopped again until `fg`, which continues a stopped job (SIGCONT, so this
            // runs again) but gives a running one the terminal with no signal at all.
            csig_stop_until_foreground()
            return
        }
        isBackground = false
        reset_prog_mode()  // raw input, no echo, keypad: the modes the shell replaced
        settle()
        painter?.invalidate()
        if let frame = heldFrame {
            heldFrame = nil
            painter?.draw(frame, screen: currentSize())
        } else {
            painter?.repaintLast(screen: currentSize())
        }
    }

    /// Runs `body` with the terminal as the shell had it (fzf's `execute`), then restores
    /// the screen: curses' modes come back with the first refresh after `endwin`.
    private func handOver(_ body: () -> Void) {
        leaveInline()
        endwin()
        returnToOrigin()
        body()
        retakeTerminal()
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and restores the screen once
    /// the process is continued (at a new size if the terminal changed meanwhile).
    private func suspend() {
        leaveInline()
        endwin()
        returnToOrigin()
        csig_suspend_self()
        _ = csig_take_pending(csig_SIGCONT())  // this stop was ours: restored below
        // Continued. Keep tty changes made meanwhile (as curses' own SIGTSTP handler does),
        // then the first refresh after endwin restores curses' modes.
        def_shell_mode()
        _ = csig_save_termios(fileno(input))
        retakeTerminal()
    }

    /// Draws the screen again after the shell or a program had the terminal (at a new size
    /// if it changed meanwhile; inline, below what they printed).
    private func retakeTerminal() {
        var rows: Int32 = 0, columns: Int32 = 0
        let window = cncurses_stdscr()
        let resizedMeanwhile = csig_window_size(fileno(output), &rows, &columns) == 0 && rows > 0 && columns > 0
            && (rows != cncurses_getmaxy(window) || columns != cncurses_getmaxx(window))
        if isInline, let height = options.height {
            if resizedMeanwhile { resize_term(rows, columns) }
            resumeInline(height)  // below what the shell printed meanwhile
        } else if resizedMeanwhile {
            resize_term(rows, columns)  // resized while stopped: no SIGWINCH came
            resized()
        } else {
            settle()
            painter?.invalidate()
            painter?.repaintLast(screen: currentSize())
        }
    }
}

/// The entry point of a curses thread of its own: a plain C function, outside any actor.
private func cursesThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<CursesSession>.fromOpaque(context).takeRetainedValue().runOnOwnThread()
    return nil
}

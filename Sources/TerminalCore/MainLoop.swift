import CMainQueue

#if canImport(Glibc)
import Glibc
#endif

/// Serves the main actor on the main thread, together with the descriptors a terminal
/// watches, so that a key travels from the tty to the main actor and back to the screen
/// without leaving the thread.
///
/// On Linux, main-actor jobs are jobs of the main dispatch queue. An `async` `main.swift`
/// ends in `dispatch_main()`, which hands that queue to libdispatch's thread pool: every
/// key then wakes a chain of pool threads before the main actor runs, and the thread that
/// draws afterwards. `MainLoop.run` instead drains the main queue on the main thread in a
/// `poll` loop that also watches file descriptors (``watch(_:handler:)``);
/// `NcursesTerminal` watches its tty there when it is opened inside the loop.
///
/// ```swift
/// // main.swift, with no top-level `await`:
/// let status = MainLoop.run { () -> Int32 in
///     guard let terminal = try? NcursesTerminal.open() else { return 2 }
///     let outcome = await Runtime(root: Planets(), terminal: terminal).run()
///     terminal.close()
///     return outcome.exitStatus
/// }
/// exit(status)
/// ```
public enum MainLoop {
    /// A set of descriptors the loop polls for input, and what it calls when they are ready.
    @MainActor
    public final class Watch {
        /// The descriptors polled for input; a negative one is skipped (as by `poll`).
        public var descriptors: [Int32]
        let handler: @MainActor (_ events: [Int16]) -> Void
        /// Whether the loop still polls these descriptors.
        public private(set) var isActive = true

        init(descriptors: [Int32], handler: @escaping @MainActor ([Int16]) -> Void) {
            self.descriptors = descriptors
            self.handler = handler
        }

        /// Stops polling: the handler is not called again, even in the current turn.
        public func cancel() {
            isActive = false
            MainLoop.watches.removeAll { $0 === self }
        }
    }

    @MainActor private static var watches: [Watch] = []
    @MainActor private static var running = false

    /// Runs `body` on the main actor and serves the main thread until `body` returns.
    ///
    /// Call it once, from the main thread, in a program that never calls
    /// `dispatch_main()` (so a `main.swift` without top-level `await`). Load tasks and other
    /// work off the main actor still run on the global executor's threads.
    public static func run<T: Sendable>(_ body: @escaping @MainActor () async -> T) -> T {
        precondition(cmq_is_main_thread() != 0, "MainLoop.run must be called on the main thread")
        let queue = cmq_main_queue_fd()
        precondition(queue >= 0, "MainLoop.run needs libdispatch's main-queue handle (Linux)")
        return MainActor.assumeIsolated {
            precondition(!running, "MainLoop.run is already running")
            running = true
            defer { running = false }
            let result = Locked<T?>(nil)
            Task { @MainActor in
                let value = await body()
                result.withLock { $0 = value }
            }
            while true {
                if let value = result.withLock({ $0 }) { return value }
                serveOnce(queue: queue)
            }
        }
    }

    /// Whether the calling thread is the process's main thread.
    public static var isMainThread: Bool { cmq_is_main_thread() != 0 }

    /// Whether ``run(_:)`` is serving the calling thread, so ``watch(_:handler:)`` works here.
    public static var isServingCurrentThread: Bool {
        cmq_is_main_thread() != 0 && MainActor.assumeIsolated { running }
    }

    /// Polls `descriptors` for input while the loop runs and calls `handler` on the main
    /// actor with their `revents` (in the same order) whenever any of them is ready.
    ///
    /// Only while ``isServingCurrentThread``: nothing else would poll them.
    @MainActor
    public static func watch(_ descriptors: [Int32], handler: @escaping @MainActor (_ events: [Int16]) -> Void) -> Watch {
        precondition(running, "MainLoop.watch needs MainLoop.run to be serving the main thread")
        let watch = Watch(descriptors: descriptors, handler: handler)
        watches.append(watch)
        return watch
    }

    /// Waits for the main queue or a watched descriptor, then serves what is ready.
    @MainActor
    private static func serveOnce(queue: Int32) {
        var current = watches
        var fds = [pollfd(fd: queue, events: Int16(POLLIN), revents: 0)] + descriptors(of: current)
        guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
            precondition(errno == EINTR, "MainLoop: poll failed (errno \(errno))")
            return
        }
        KeyTrace.mark(.woke)
        var ready = fds[1..<fds.count].map(\.revents)
        if fds[0].revents != 0 {
            var count: UInt64 = 0
            _ = read(queue, &count, MemoryLayout<UInt64>.size)  // an eventfd: reset it first
            cmq_drain_main_queue()
            // The jobs may have added a watch or made a descriptor ready (a frame posted to
            // the terminal's wake pipe, often by the job that opened the terminal): look
            // again without waiting, so it is served in this turn, before the jobs those
            // jobs queued, which the queue runs in its next drain. The first frame used to
            // be written only after the frames drawn ahead of it.
            current = watches
            var again = descriptors(of: current)
            ready = poll(&again, nfds_t(again.count), 0) > 0 ? again.map(\.revents) : again.map { _ in 0 }
        }
        var index = 0
        for watch in current {
            let events = Array(ready[index..<index + watch.descriptors.count])
            index += watch.descriptors.count
            if watch.isActive, events.contains(where: { $0 != 0 }) { watch.handler(events) }
        }
    }

    /// The descriptors of `watches` to poll for input, in order.
    @MainActor
    private static func descriptors(of watches: [Watch]) -> [pollfd] {
        var fds: [pollfd] = []
        for watch in watches {
            fds += watch.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        }
        return fds
    }
}

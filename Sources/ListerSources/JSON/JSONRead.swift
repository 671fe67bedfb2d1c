import Lister
import TerminalCore

/// A JSON document being read before its screen opens, handed to the screen's first load.
///
/// `lister json FILE` starts reading, then waits a moment (``waitToOpen(after:)``): a
/// document read whole by then, or one that fails, is known before the screen opens (a
/// missing file, invalid JSON or a wrong `--items` exit with status 2, as always); a longer
/// one opens the screen, whose first load goes on with the same read (``follow(_:)``),
/// showing its rows as they are parsed. Standard input, read only once, can be followed
/// only once.
package final class JSONRead: Sendable {
    private struct State {
        var latest: JSONRows?
        var result: Result<JSONRows, ListError>?
        var firstByte: ContinuousClock.Instant?
        var followed = false
    }

    private let state = Locked(State())
    private let task = Locked<Task<Void, Never>?>(nil)

    private init() {}

    /// Starts `read` on a task of its own; its reports are kept for the screen.
    package static func start(_ read: @escaping @Sendable (LoadProgress<JSONRows>) async throws -> JSONRows) -> JSONRead {
        let handle = JSONRead()
        let progress = LoadProgress<JSONRows> { rows in
            handle.state.withLock { state in
                state.latest = rows
                if state.firstByte == nil, rows.bytesRead > 0 { state.firstByte = .now }
            }
        }
        let task = Task.detached {
            let result: Result<JSONRows, ListError>
            do {
                result = .success(try await read(progress))
            } catch {
                result = .failure(ListError(error))
            }
            handle.state.withLock { $0.result = result }
        }
        handle.task.withLock { $0 = task }
        return handle
    }

    /// Waits until the read ends, or until `delay` has passed since its first byte came:
    /// the result if it ended, nil if it goes on (open the screen and follow it).
    package func waitToOpen(after delay: Duration) async -> Result<JSONRows, ListError>? {
        while true {
            let (result, firstByte) = state.withLock { ($0.result, $0.firstByte) }
            if let result { return result }
            if let firstByte, ContinuousClock.now - firstByte >= delay { return nil }
            if Task.isCancelled { return .failure(ListError("cancelled")) }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits until the read has reported `count` rows, has ended, or `limit` has passed
    /// (an HTTP body, whose first byte may be slow to come): the rows to decide from, all of
    /// them if it ended, those reported so far otherwise (nil: none came, or it failed
    /// before any did). The read goes on either way; a failure is the screen's to show.
    package func firstRows(_ count: Int, within limit: Duration) async -> JSONRows? {
        let deadline = ContinuousClock.now + limit
        while true {
            let (latest, result) = state.withLock { ($0.latest, $0.result) }
            if case .success(let rows)? = result { return rows }
            if result != nil { return latest }
            if let latest, latest.count >= count { return latest }
            if ContinuousClock.now >= deadline || Task.isCancelled { return latest }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The rows the read has reported so far (nil before its first report).
    package var rowsSoFar: JSONRows? { state.withLock { $0.latest } }

    /// Whether ``follow(_:)`` was called (a second load reads the input again).
    package var isFollowed: Bool { state.withLock { $0.followed } }

    /// The read's rows as they come, to the end: the load of the screen that opened on it.
    /// Cancelled, it stops the read.
    package func follow(_ progress: LoadProgress<JSONRows>) async throws -> JSONRows {
        state.withLock { $0.followed = true }
        var shown: (count: Int, bytes: Int) = (-1, -1)
        while true {
            let (latest, result) = state.withLock { ($0.latest, $0.result) }
            if let latest, latest.count != shown.count || latest.bytesRead != shown.bytes {
                progress(latest)
                shown = (latest.count, latest.bytesRead)
            }
            if let result { return try result.get() }
            if Task.isCancelled {
                cancel()
                throw CancellationError()
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops the read.
    package func cancel() {
        task.withLock { $0?.cancel() }
    }
}

import Lister
import TerminalCore

/// `lister watch -- CMD`: the command's output as a list, run again every interval, the
/// `watch` that scrolls, filters and picks.
///
/// The load runs the command once (`r` runs it now); the feed then runs it every
/// ``interval`` after the previous run ended, so a run that outlasts the interval is never
/// started twice. Each run's lines replace the list, keeping the selection on the same
/// line text; a failing run leaves the last good lines and says its exit status and last
/// line in the status bar.
package struct WatchScreen: LiveListScreen {
    /// The command: one shell command line, or a program and its arguments.
    package let command: [String]
    /// The time between the end of a run and the start of the next.
    package let interval: Duration
    /// The last run the load made, for the feed's first note.
    private let lastLoad = Locked<WatchRun?>(nil)

    /// Watches `command` every `interval`.
    package init(command: [String], interval: Duration = .seconds(2)) {
        self.command = command
        self.interval = interval
    }

    package var title: String { "every \(Self.seconds(interval)): \(command.joined(separator: " "))" }
    package var pickMode: PickMode { .single }
    package var emptyMessage: String { "No output" }

    /// Runs the command now: its lines, or its failure as the list's error.
    package nonisolated func load() async throws -> WatchOutput {
        let run = try await WatchRun.run(command)
        lastLoad.withLock { $0 = run }
        guard run.succeeded || !run.lines.isEmpty else { throw ListError(run.summary, isRetryable: true) }
        return run.lines
    }

    package nonisolated func changes() -> AsyncThrowingStream<ListChange<WatchLine>, any Error> {
        let (command, interval, first) = (self.command, self.interval, lastLoad.withLock { $0 })
        return AsyncThrowingStream { continuation in
            let task = Task {
                if let first { continuation.yield(.note(first.summary)) }
                while !Task.isCancelled {
                    do {
                        try await Task.sleep(for: interval)
                        let run = try await WatchRun.run(command)
                        if run.succeeded { continuation.yield(.replaceAll(ItemList(run.lines))) }
                        continuation.yield(.note(run.summary))
                    } catch is CancellationError {
                        break
                    } catch {
                        continuation.yield(.note("\(error)"))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    package func row(_ line: WatchLine, context: RowContext) -> Text { Text(line.text) }

    /// The filter reads the lines' bytes where they are.
    package func filterSource(for items: ItemList<WatchLine>) -> (any FilterableText)? {
        items.storage as? WatchOutput
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds)s" : "\(seconds).\(tenths)s"
    }
}

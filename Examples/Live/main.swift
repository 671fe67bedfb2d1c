// A live list: the app's job queue sends changes (a job starts, a job finishes) and the
// list shows them as they come, keeping the selection on its job and following the end.
// Space pauses the queue through an action, and the screen's handle says so.
import Lister
import Synchronization

struct Job: Identifiable, Sendable { let id: Int; var state: String }

/// The app's model: every 0.4 s a job starts or the job running finishes, in turn.
final class JobQueue: Sendable {
    let isPaused = Mutex(false), ticks = Mutex(0)

    func changes() -> AsyncStream<ListChange<Job>> {
        AsyncStream {
            try? await Task.sleep(for: .milliseconds(400))
            if self.isPaused.withLock({ $0 }) { return .note("paused") }
            let tick = self.ticks.withLock { $0 += 1; return $0 }
            return tick % 2 == 1 ? .append([Job(id: tick / 2 + 1, state: "running")]) : .update(Job(id: tick / 2, state: "done"))
        }
    }
}

struct Jobs: LiveListScreen {
    let title = "Jobs"
    let queue = JobQueue()
    let handle: ScreenHandle? = ScreenHandle()
    var followsEnd: Bool { true }
    var canReload: Bool { false }  // no load(): `r` restarts the feed, keeping the rows

    nonisolated func changes() -> AsyncStream<ListChange<Job>> { queue.changes() }
    func row(_ job: Job, context: RowContext) -> Text { Text("job \(job.id)  \(job.state)") }

    var actions: [ScreenAction<Jobs>] {
        [ScreenAction(.character(" "), help: "Pause or resume the queue") { jobs in
            let paused = jobs.queue.isPaused.withLock { $0.toggle(); return $0 }
            jobs.handle?.showMessage(paused ? "Queue paused" : "Queue running")
            return nil
        }]
    }
}

_ = try ListerApp.run(Jobs())  // throws when not started from a terminal

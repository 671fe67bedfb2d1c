/// How one of a host's concerns starts and cancels its loads: the scheduler, the screen's
/// id, and the reply that brings the load's message back to the host (wrapped into the
/// host's `Message`, ``Reply/wrapping(_:)``). Made by the host for each call, so the
/// concern holds no reference to the host or the scheduler between calls.
@MainActor
struct HostLoads<Message: Sendable> {
    /// Where loads run.
    let scheduler: any LoadScheduler
    /// The screen the loads are the host's for (``LoadID/screen``).
    let screen: Int
    /// Brings a load's message back to the host.
    let reply: Reply<Message>

    /// Starts `operation` as the load `generation` of `stream` (``LoadScheduler/startLoad(_:reporting:)``).
    func start(_ stream: LoadStream, generation: Int,
               reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        scheduler.startLoad(LoadID(screen: screen, stream: stream, generation: generation), reporting: operation)
    }

    /// Starts `operation`, which reports nothing before its result.
    func start(_ stream: LoadStream, generation: Int, _ operation: @escaping @Sendable () async -> Delivery) {
        scheduler.startLoad(LoadID(screen: screen, stream: stream, generation: generation), operation)
    }

    /// Cancels the load `generation` of `stream`.
    func cancel(_ stream: LoadStream, generation: Int) {
        scheduler.cancelLoad(LoadID(screen: screen, stream: stream, generation: generation))
    }
}

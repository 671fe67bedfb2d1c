@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The runtime's books of loads, on their own: held while the first frame is drawn,
/// started in order when let go, cancelled by id, crossed off when delivered.
@MainActor
@Suite struct LoadBookTests {
    private let channel = EventChannel<Runtime.Event>()

    private func book() -> LoadBook {
        LoadBook(continuation: channel, probe: ProbeCounter(continuation: channel), logger: Configuration().logger)
    }

    private func id(_ stream: LoadStream, _ generation: Int = 1) -> LoadID {
        LoadID(screen: 1, stream: stream, generation: generation)
    }

    /// A load that delivers at once.
    private let done: @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery = { _ in
        Delivery(apply: { _, _ in true }, summary: nil)
    }

    @Test func heldLoadsWaitCanBeCancelledAndStartWhenLetGo() async {
        let book = book()
        book.held = []
        book.start(id(.list), now: .zero, describe: { _ in [:] }, reporting: done)
        book.start(id(.filter), now: .zero, describe: { _ in [:] }, reporting: done)
        book.start(id(.feed), now: .zero, describe: { _ in [:] }, reporting: done)
        book.cancel(id(.filter), now: .zero, describe: { _ in [:] })
        #expect(book.count == 2 && book.inFlight.count == 0)  // held, none started
        book.releaseHeld(now: .seconds(1), describe: { _ in [:] })
        #expect(book.held == nil && book.inFlight.count == 2)
        #expect(book.inFlight[id(.filter)] == nil && book.inFlight[id(.list)]?.startedAt == .seconds(1))
        book.start(id(.section(2)), now: .seconds(2), describe: { _ in [:] }, reporting: done)
        #expect(book.inFlight.count == 3)  // not held any more: started at once
        for _ in 0..<3 {
            guard case .loadFinished(let load, let delivery)? = await channel.next() else {
                Issue.record("no delivery")
                return
            }
            book.finished(load, summary: delivery.summary, now: .seconds(3), describe: { _ in [:] })
        }
        #expect(book.count == 0)
    }

    @Test func cancellingALoadInFlightCancelsItsTask() {
        let book = book()
        book.start(id(.list), now: .zero, describe: { _ in [:] }) { _ in
            // A load that runs until it is cancelled: a stream that never yields (its
            // continuation kept) ends then.
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            withExtendedLifetime(continuation) {}
            return Delivery(apply: { _, _ in true }, summary: nil)
        }
        #expect(book.inFlight[id(.list)]?.task.isCancelled == false)
        book.cancel(id(.list), now: .zero, describe: { _ in [:] })
        #expect(book.inFlight[id(.list)]?.task.isCancelled == true)
        book.cancelAll()
        #expect(book.count == 0)
    }
}

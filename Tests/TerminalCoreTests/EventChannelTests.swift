import TerminalCore
import XCTest

/// `EventChannel` hands events to one consumer, in order, as a task or as calls.
final class EventChannelTests: XCTestCase {
    func testIteratorGetsElementsInOrderThenNilAfterFinish() async {
        let channel = EventChannel<Int>()
        channel.yield(1)
        let consumer = Task { @MainActor in
            var seen: [Int] = []
            for await value in channel { seen.append(value) }
            return seen
        }
        channel.yield(2)
        channel.yield(3)
        channel.finish()
        channel.yield(4)  // after the end: dropped
        let seen = await consumer.value
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testCancellingTheWaitingConsumerEndsIt() async {
        let channel = EventChannel<Int>()
        let consumer = Task { @MainActor in await channel.next() }
        await Task.yield()
        consumer.cancel()
        let value = await consumer.value
        XCTAssertNil(value)
    }

    @MainActor
    func testDeliverHandsBufferedThenLaterElementsInOrderOffTheMainLoop() async {
        let channel = EventChannel<Int>()
        channel.yield(1)
        channel.yield(2)
        var seen: [Int?] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            channel.deliver { value in
                seen.append(value)
                if value == nil { done.resume() }
            }
            channel.yield(3)
            Task.detached {
                channel.yield(4)
                channel.finish()
            }
        }
        XCTAssertEqual(seen, [1, 2, 3, 4, nil])
    }

    func testInsideTheMainLoopAnElementYieldedOnTheMainThreadIsHandledBeforeYieldReturns() {
        let channel = EventChannel<Int>()
        let order = MainLoop.run { () -> [String] in
            var order: [String] = []
            channel.deliver { value in order.append("handled \(value.map(String.init) ?? "end")") }
            await Task.yield()  // the delivery of the (empty) buffer runs
            channel.yield(1)
            order.append("yield returned")
            return order
        }
        XCTAssertEqual(order, ["handled 1", "yield returned"])
    }
}

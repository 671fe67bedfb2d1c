import TerminalCore
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `MainLoop` serves the main actor and watched descriptors on the main thread.
final class MainLoopTests: XCTestCase {
    func testRunsTheBodyOnTheMainThreadAndReturnsItsValue() {
        XCTAssertFalse(MainLoop.isServingCurrentThread)
        let value = MainLoop.run { () -> [Bool] in
            let before = MainLoop.isServingCurrentThread
            // A hop to the pool and back: the main actor resumes through the loop.
            let offMain = await Task.detached { MainLoop.isServingCurrentThread }.value
            return [before, offMain, MainLoop.isServingCurrentThread]
        }
        XCTAssertEqual(value, [true, false, true])
        XCTAssertFalse(MainLoop.isServingCurrentThread)
    }

    func testWatchCallsTheHandlerWithTheReadyDescriptorsUntilCancelled() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let (readFD, writeFD) = (fds[0], fds[1])
        let seen = MainLoop.run { () -> [String] in
            var seen: [String] = []
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                var watch: MainLoop.Watch?
                watch = MainLoop.watch([-1, readFD]) { events in
                    var byte: UInt8 = 0
                    _ = read(readFD, &byte, 1)
                    seen.append("\(events[0]) \(events[1] & Int16(POLLIN) != 0) \(byte)")
                    if byte == 2 {
                        watch?.cancel()
                        done.resume()
                    }
                }
                Task.detached {
                    for byte: UInt8 in [1, 2] {
                        var value = byte
                        _ = write(writeFD, &value, 1)
                    }
                }
            }
            // Cancelled: a byte written now is left in the pipe.
            var three: UInt8 = 3
            _ = write(writeFD, &three, 1)
            await Task.yield()
            return seen
        }
        // Bytes 1 and 2 may arrive in one turn or two: each read takes one byte.
        XCTAssertEqual(seen.last, "0 true 2")
        XCTAssertTrue(seen.allSatisfy { $0.hasPrefix("0 true") })
        var left: UInt8 = 0
        XCTAssertEqual(read(readFD, &left, 1), 1)
        XCTAssertEqual(left, 3)
    }

    /// A job that makes a watched descriptor ready (the runtime posting a frame to the
    /// terminal's wake pipe) has it served in the same turn, before a job it queued (the
    /// frames drawn ahead): the first frame used to be written only after those.
    func testADescriptorAJobMadeReadyIsServedBeforeTheJobsThatJobQueued() throws {
        XCTAssertEqual(try orderServed(watchAddedByTheJob: false), ["descriptor", "queued job"])
    }

    /// A watch added by a job, on a descriptor ready at once (the terminal opened by the job
    /// that posts the first frame), is served in that turn, before a job that job queued.
    func testAWatchAJobAddedIsServedBeforeTheJobsThatJobQueued() throws {
        XCTAssertEqual(try orderServed(watchAddedByTheJob: true), ["descriptor", "queued job"])
    }

    /// Which comes first: a watched pipe made ready by a main-actor job (written by it, or
    /// written before and watched from the job on), or a job that job queued.
    private func orderServed(watchAddedByTheJob: Bool) throws -> [String] {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let (readFD, writeFD) = (fds[0], fds[1])
        if watchAddedByTheJob {
            var byte: UInt8 = 1
            XCTAssertEqual(write(writeFD, &byte, 1), 1)
        }
        return MainLoop.run { () -> [String] in
            var order: [String] = []
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                var watch: MainLoop.Watch?
                @MainActor func startWatching() {
                    watch = MainLoop.watch([readFD]) { _ in
                        var byte: UInt8 = 0
                        _ = read(readFD, &byte, 1)
                        order.append("descriptor")
                        watch?.cancel()
                        if order.count == 2 { done.resume() }
                    }
                }
                if !watchAddedByTheJob { startWatching() }
                Task { @MainActor in
                    if watchAddedByTheJob {
                        startWatching()
                    } else {
                        var byte: UInt8 = 1
                        _ = write(writeFD, &byte, 1)
                    }
                    Task { @MainActor in
                        order.append("queued job")
                        if order.count == 2 { done.resume() }
                    }
                }
            }
            return order
        }
    }
}

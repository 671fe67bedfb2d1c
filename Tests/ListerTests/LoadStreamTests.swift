@testable @_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A host double that records the typed messages its loads bring back.
@MainActor
final class MessageRecorder: MessageReceiver {
    enum Message: Sendable {
        case text(String)
    }

    var received: [(stream: LoadStream, generation: Int, text: String)] = []

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        switch message {
        case .text(let text): received.append((load.stream, load.generation, text))
        }
        return true
    }
}

/// One screen, several loads in flight: each is keyed by its stream and generation, is
/// cancelled on its own, and brings back a typed message.
@MainActor
@Suite struct LoadStreamTests {
    /// An app whose root screen is shown (id 1) and idle, so only the test's loads run.
    func makeApp() async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 30))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        return app
    }

    @Test func loadsOfTheSameGenerationOnOtherStreamsAreKeptApartAndCancelledAlone() async {
        let app = await makeApp()
        let recorder = MessageRecorder()
        let list = ScriptedLoader<String>()
        let filter = ScriptedLoader<String>()
        let section = ScriptedLoader<String>()
        for (stream, loader) in [(LoadStream.list, list), (.filter, filter), (.section(2), section)] {
            let reply = Reply(to: recorder)
            app.runtime.startLoad(LoadID(screen: 1, stream: stream, generation: 7)) {
                let text = (try? await loader.load()) ?? "cancelled"
                return reply(.text(text))
            }
        }
        await app.settle()
        #expect(app.loadsInFlight == 3)
        // Cancelling the list's load of generation 7 leaves the other two streams' alone.
        app.runtime.cancelLoad(LoadID(screen: 1, stream: .list, generation: 7))
        await app.settle()
        #expect(list.cancelledCalls == [1])
        #expect(filter.cancelledCalls.isEmpty && section.cancelledCalls.isEmpty)
        filter.succeed("matches")
        section.succeed("section rows")
        await app.settle()
        #expect(app.loadsInFlight == 0)
        let received = recorder.received.map { "\($0.stream) \($0.generation) \($0.text)" }.sorted()
        #expect(received == ["filter 7 matches", "list 7 cancelled", "section 2 7 section rows"])
    }

    @Test func aMessageForAScreenThatWasLeftIsDropped() async {
        let app = await makeApp()
        let recorder = MessageRecorder()
        let loader = ScriptedLoader<String>()
        let reply = Reply(to: recorder)
        // Screen 2 is not on the stack (never pushed, or left): its messages are not applied.
        app.runtime.startLoad(LoadID(screen: 2, stream: .list, generation: 1)) {
            reply(.text((try? await loader.load()) ?? "cancelled"))
        }
        await app.settle()
        loader.succeed("late")
        await app.settle()
        #expect(recorder.received.isEmpty)
    }

    @Test func aReplyDoesNotKeepItsHostAlive() async {
        var recorder: MessageRecorder? = MessageRecorder()
        let reply = Reply(to: recorder!)
        weak let weakRecorder = recorder
        recorder = nil
        #expect(weakRecorder == nil)
        #expect(reply(.text("late")).apply(LoadID(screen: 1, stream: .list, generation: 1), .zero) == false)
    }

    /// Loads asked for while the first frame is drawn (inside `run()`) are held, not
    /// started: a load running meanwhile took a core from the frame. Held ones can be
    /// cancelled or replaced, and start in order when let go.
    @Test func loadsHeldForTheFirstFrameStartWhenLetGoUnlessCancelled() async {
        let app = await makeApp()
        let recorder = MessageRecorder()
        let first = ScriptedLoader<String>(), dropped = ScriptedLoader<String>(), replaced = ScriptedLoader<String>()
        let replacement = ScriptedLoader<String>()
        app.runtime.loadBook.held = []
        for (stream, loader) in [(LoadStream.list, first), (.filter, dropped), (.section(1), replaced), (.section(1), replacement)] {
            let reply = Reply(to: recorder)
            app.runtime.startLoad(LoadID(screen: 1, stream: stream, generation: 3)) {
                reply(.text((try? await loader.load()) ?? "cancelled"))
            }
        }
        app.runtime.cancelLoad(LoadID(screen: 1, stream: .filter, generation: 3))
        await Task.yield()  // not `settle()`: it waits for loads in flight, and held ones count
        #expect(app.runtime.loadBook.inFlight.count == 0)
        #expect(app.runtime.pendingLoads.inFlight == 2)  // the list's and the section's second
        #expect([first, dropped, replaced, replacement].map(\.callCount) == [0, 0, 0, 0])
        app.runtime.releaseHeldLoads()
        await app.settle()
        #expect(app.runtime.loadBook.held == nil)
        #expect([first, dropped, replaced, replacement].map(\.callCount) == [1, 0, 0, 1])
        first.succeed("rows")
        replacement.succeed("section rows")
        await app.settle()
        let received = recorder.received.map { "\($0.stream) \($0.text)" }.sorted()
        #expect(received == ["list rows", "section 1 section rows"])
        #expect(app.loadsInFlight == 0)
    }
}

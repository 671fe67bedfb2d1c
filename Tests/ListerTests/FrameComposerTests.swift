@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The frame drawn from a ``FrameInputs`` value alone, by a ``FrameComposer`` of its own
/// (not the runtime's): the runtime's state is read only where the inputs are made.
@MainActor
@Suite struct FrameComposerTests {
    private func app() async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 40))
        await app.start()
        loader.succeed((1...3).map { Fruit(id: $0, name: "fruit \($0)") })
        await app.settle()
        return app
    }

    @Test func theInputsHintTakesTheStatusBarAndTheBreadcrumbIsKept() async throws {
        let app = await app()
        let composer = FrameComposer(configuration: Configuration())
        var inputs = try #require(app.runtime.frameInputs())
        inputs.hint = "a hint of the inputs"
        let frame = try #require(composer.compose(inputs, reusingSpare: false, regions: RegionMap()))
        #expect(frame.buffer.lines.contains { $0.contains("a hint of the inputs") })
        #expect(frame.buffer.lines[1].hasPrefix("fruit 1"))
        #expect(frame.helpOffset == nil)  // no help: the runtime's offset is left alone
        #expect(composer.header?.titles == ["Fruit"])  // the next frame pastes it
        #expect(!app.lines.contains { $0.contains("a hint of the inputs") })  // the runtime's frame is its own
    }

    @Test func helpIsDrawnFromItsLinesAndItsOffsetClamped() async throws {
        let app = await app()
        let composer = FrameComposer(configuration: Configuration())
        var inputs = try #require(app.runtime.frameInputs())
        inputs.help = ([("a", "first"), ("b", "second"), ("c", "third")], 50)
        let frame = try #require(composer.compose(inputs, reusingSpare: false, regions: RegionMap()))
        #expect(frame.helpOffset == 0)  // three lines fit: scrolled back to the first
        #expect(frame.buffer.lines.contains { $0.contains("first") })
        #expect(frame.buffer.cursor == nil)
    }
}

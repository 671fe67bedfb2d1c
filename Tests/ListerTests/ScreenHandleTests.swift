import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list of 40 rows steered by a handle.
private struct Handled: ListScreen {
    var title = "Handled"
    let handle: ScreenHandle?
    let loader: ScriptedLoader<[Fruit]>

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func open(_ fruit: Fruit) -> OpenResult { .screen(Handled(handle: nil, loader: loader)) }
}

private let forty = (0..<40).map { Fruit(id: $0, name: "row \($0)") }

@MainActor
@Suite struct ScreenHandleTests {
    func start(_ handle: ScreenHandle, loader: ScriptedLoader<[Fruit]> = ScriptedLoader()) async -> HeadlessApp {
        let app = HeadlessApp(root: Handled(handle: handle, loader: loader), size: Size(rows: 8, columns: 40))
        await app.start()
        loader.succeed(forty)
        await app.settle()
        return app
    }

    @Test func selectsAnItemByIdentityFromAnyTask() async {
        let handle = ScreenHandle()
        let app = await start(handle)
        await Task.detached { handle.select(27) }.value
        await app.settle()
        #expect(app.lines.last?.hasPrefix("28/40") == true, "\(app.lines)")
        #expect(app.lines.contains("row 27"))
        handle.select(400)  // no such item: nothing moves
        handle.select("27")  // an id of another type: nothing either
        await app.settle()
        #expect(app.lines.last?.hasPrefix("28/40") == true, "\(app.lines)")
    }

    @Test func refreshesAndReloadsAsTheKeysDo() async {
        let handle = ScreenHandle()
        let loader = ScriptedLoader<[Fruit]>()
        let app = await start(handle, loader: loader)
        handle.refresh()
        await app.settle()
        #expect(loader.callCount == 2)
        #expect(app.lines.last?.contains("refreshing") == true, "\(app.lines)")
        loader.succeed(Array(forty.prefix(3)))
        await app.settle()
        handle.reload()
        await app.settle()
        #expect(loader.callCount == 3)
    }

    @Test func showsAMessagePushesPopsAndQuitsWithAValue() async {
        let handle = ScreenHandle()
        let loader = ScriptedLoader<[Fruit]>()
        let app = await start(handle, loader: loader)
        handle.showMessage("job 7 finished")
        await app.settle()
        #expect(app.lines.last?.contains("job 7 finished") == true, "\(app.lines)")
        let pushedHandle = ScreenHandle()
        handle.push(Handled(handle: pushedHandle, loader: loader))
        await app.settle()
        #expect(app.lines[0].contains("Handled › Handled"), "\(app.lines)")
        pushedHandle.pop()
        await app.settle()
        #expect(!app.lines[0].contains("›"), "\(app.lines)")
        handle.quit(with: "done")
        await app.settle()
        #expect(app.outcome?.picked(as: String.self) == ["done"])
    }

    @Test func doesNothingOnceItsScreenIsGone() async {
        let handle = ScreenHandle()
        handle.showMessage("before it is shown")  // not attached yet: nothing
        let loader = ScriptedLoader<[Fruit]>()
        let root = Handled(handle: nil, loader: loader)
        let app = HeadlessApp(root: root, size: Size(rows: 8, columns: 40))
        await app.start()
        loader.succeed(forty)
        await app.settle()
        await app.press(.enter)  // a screen with no handle; now push one with it
        handle.showMessage("unseen")
        await app.settle()
        #expect(!app.screen.contains("unseen"))
        let app2 = await start(handle)
        await app2.press(.enter)  // the handled screen stays below the new one
        handle.select(5)
        await app2.settle()
        await app2.press(.escape)
        #expect(app2.lines.last?.hasPrefix("6/40") == true, "\(app2.lines)")  // a screen below still takes it
        await app2.press(.escape)
        #expect(app2.outcome != nil)
        handle.select(9)
        handle.quit(with: 1)
        await app2.settle()
        #expect(app2.outcome?.picked(as: Int.self) == [])  // it ended with Esc, not with the late quit
    }

    @Test func selectingAnItemAFilterHidesClearsTheFilter() async {
        let handle = ScreenHandle()
        let app = await start(handle)
        await app.press(.character("/"))
        await app.type("row 3")
        await app.press(.enter)  // the filter is kept: row 3, row 30…39
        await app.settle()
        #expect(!app.screen.contains("row 27"))
        handle.select(27)
        await app.settle()
        #expect(app.lines.contains("row 27"), "\(app.lines)")
        #expect(app.lines.last?.hasPrefix("28/40") == true, "\(app.lines)")
        handle.select(33)  // shown by no filter now: just moves
        await app.settle()
        #expect(app.lines.last?.hasPrefix("34/40") == true, "\(app.lines)")
    }

    @Test func aScreenBelowTheTopNeitherPushesNorPops() async {
        let handle = ScreenHandle()
        let loader = ScriptedLoader<[Fruit]>()
        let app = await start(handle, loader: loader)
        await app.press(.enter)  // a screen without the handle on top
        loader.succeed(forty)
        await app.settle()
        handle.pop()
        handle.push(Handled(title: "Pushed", handle: nil, loader: loader))
        await app.settle()
        #expect(app.lines[0].contains("Handled › Handled"), "\(app.lines)")
        #expect(!app.screen.contains("Pushed"), "\(app.lines)")
    }
}

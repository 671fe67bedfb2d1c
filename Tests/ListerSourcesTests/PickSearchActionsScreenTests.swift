import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// The `--bind` actions of fzf's ripgrep launcher and the `transform` family, on a headless
/// picker: what they change only on the screen (the prompt, the header, a failure's
/// message), and how `transform` numbers the commands it adds.
@MainActor
@Suite struct PickSearchActionsScreenTests {
    /// A picker on `a1 b2 c3` whose Ctrl-A runs the bindings' chain of `ctrl-a`.
    private func app(_ arguments: [String]) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments)
        var screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options,
                                preloaded: LineStore(Array("a1\nb2\nc3\n".utf8)))
        var keys = KeyMap.standard
        var next = 0
        for binding in options.bindings {
            let command = try PickCommands.command(for: binding.actions, trigger: binding.trigger, layoutReversed: true) { _ in
                defer { next += 1 }
                return next
            }
            if let key = binding.key { keys.bind([key.key], to: command, help: "") }
            if case .event(let event) = binding.trigger, let promptEvent = PromptEvent(rawValue: event.rawValue) {
                screen.eventCommands[promptEvent] = command
            }
        }
        let app = HeadlessApp(root: screen, size: Size(rows: 8, columns: 40), configuration: Configuration(keyMap: keys))
        await app.start()
        return app
    }

    @Test func changePromptAndChangeHeaderAreDrawn() async throws {
        let app = try await app(["--layout=reverse", "--bind", "ctrl-a:change-prompt(2. fzf> )+change-header(HDR)"])
        #expect(app.lines[0] == ">")  // reversed, as fzf: the prompt on top; lines end at their last character
        await app.press(.control("a"))
        #expect(app.lines[0] == "2. fzf>")
        #expect(app.lines[2].hasPrefix("HDR"), "\(app.screen)")  // --header's place: after the info line
    }

    @Test func transformPromptTakesTheFirstLineOfTheOutput() async throws {
        let app = try await app(["--layout=reverse", "--bind", "ctrl-a:transform-prompt(printf 'P{q}>\\nignored\\n')"])
        await app.type("b")
        await app.press(.control("a"))
        #expect(app.lines[0] == "Pb>b", "\(app.screen)")  // {q} is shell-quoted in the command
    }

    @Test func aFailingTransformSaysSoAndThePickerStays() async throws {
        let app = try await app(["--layout=reverse", "--bind", "ctrl-a:transform(exit 3)"])
        await app.press(.control("a"))
        #expect(app.outcome == nil)
        #expect(app.screen.contains("transform failed (exit status 3)"), "\(app.screen)")
    }

    @Test func transformAddsEachCommandOnceAfterThoseOfTheBindings() throws {
        let options = try PickOptions.parse(["--bind", "ctrl-a:reload(ls)+execute(vi)"])
        var screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options)
        let first = try screen.compileAdded("toggle-sort+execute(less)+reload(ls)+up")
        // After reload(ls) (0) and execute(vi) (0) of the bindings; the default layout's up is down.
        #expect(first == .sequence([.screenCommand(1), .terminalCommand(1), .screenCommand(2), .down]))
        #expect(try screen.compileAdded("reload(ls)+toggle-sort") == .sequence([.screenCommand(2), .screenCommand(1)]))
        #expect(screen.commandActions.map(\.description) == ["reload(ls)", "toggle-sort", "reload(ls)"])
        #expect(screen.terminalActions.map(\.description) == ["execute(vi)", "execute(less)"])
        #expect(throws: PickOptions.Failure.self) { try screen.compileAdded("bogus") }
    }

    @Test func unbindAndRebindNameKeysAndEvents() throws {
        #expect(try PickTrigger.parseList("ctrl-a,change,,,x") == [.key(try PickKey.parse("ctrl-a")), .event(.change),
                                                                  .key(try PickKey.parse(",")), .key(try PickKey.parse("x"))])
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--bind", "ctrl-a:unbind(nokey)"]) }
        let failure = #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--bind", "ctrl-a:rebind()"]) }
        #expect(failure?.description.contains("rebind: expected keys or events") == true)
    }

    @Test func keysFzfNamesBesidesLetters() throws {
        let expected: [(String, Key)] = [("ctrl-]", .control("]")), ("ctrl-\\", .control("\\")), ("ctrl-^", .control("^")),
                                         ("ctrl-6", .control("^")), ("ctrl-alt-a", .alt(.control("a"))), ("shift-left", .shiftLeft),
                                         ("shift-right", .shiftRight), ("ctrl-delete", .controlDelete), ("alt-left", .alt(.left))]
        for (name, key) in expected {
            let parsed = try PickKey.parse(name)
            #expect(parsed.key == key, "\(name)")
            #expect(parsed.name == name)  // as --expect prints it
        }
        #expect(throws: PickOptions.Failure.self) { try PickKey.parse("ctrl-alt-up") }
    }

    @Test func clicksRunTheirBindings() async throws {
        let app = try await app(["--layout=reverse", "--bind", "left-click:change-prompt(L> ),double-click:change-prompt(D> )"])
        let row = try #require(app.lines.firstIndex { $0.hasPrefix("b2") })
        await app.mouse(.press, row: row, column: 1)
        #expect(app.lines[0] == "L>")  // the click selected b2, then ran its binding
        await app.mouse(.press, row: row, column: 1)
        #expect(app.lines[0] == "D>")
        #expect(app.outcome == nil)  // bound: the double click no longer chooses
        await app.press(.enter)
        #expect(app.outcome.map { "\($0)" }?.contains("b2") == true)
    }
}

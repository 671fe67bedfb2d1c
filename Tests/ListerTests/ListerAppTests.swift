import Lister
import Testing

/// `ListerApp.run(_:on:options:)`, the part of the one-call start that runs on any terminal:
/// the app runs until it ends, its options reach the runtime and the terminal, and the
/// outcome (a picked item) comes back. The terminal half is checked in tmux
/// (`ExampleEndToEndTests`).
@MainActor
@Suite struct ListerAppTests {
    struct Moon: Identifiable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    struct Moons: ListScreen {
        let title = "Moons"
        var pickMode: PickMode = .none

        nonisolated func load() async throws -> [Moon] {
            ["Io", "Europa", "Ganymede", "Callisto"].enumerated().map { Moon(id: $0, name: $1) }
        }

        func row(_ moon: Moon, context: RowContext) -> Text { Text(moon.name) }
    }

    /// Starts the app on `terminal`, waits for its rows, sends `keys` and returns the outcome.
    func run(_ screen: Moons, options: ListerApp.Options = ListerApp.Options(), keys: [Key]) async -> Outcome {
        let terminal = HeadlessTerminal(size: Size(rows: 8, columns: 30))
        let app = Task { @MainActor in await ListerApp.run(screen, on: terminal, options: options) }
        // The load runs on a task of its own: yield until its rows are drawn (no sleeping).
        var turns = 0
        while !terminal.screen.contains("Callisto"), turns < 1_000_000 {
            await Task.yield()
            turns += 1
        }
        #expect(terminal.screen.contains("Io"))
        for key in keys { terminal.send(.key(key)) }
        return await app.value
    }

    @Test func runsTheScreenUntilTheUserQuits() async {
        let outcome = await run(Moons(), keys: [.character("q")])
        guard case .finished = outcome else {
            Issue.record("expected .finished, got \(outcome)")
            return
        }
        #expect(outcome.exitStatus == 0)
    }

    @Test func returnsThePickedItem() async {
        let outcome = await run(Moons(pickMode: .single), keys: [.down, .enter])
        #expect(outcome.picked(as: Moon.self) == [Moon(id: 1, name: "Europa")])
    }

    @Test func theKeyMapOfTheOptionsIsTheOneUsed() async {
        var options = ListerApp.Options()
        options.keyMap.bind([.character("q")], to: .down, help: "Next row")
        // With the standard key map q would cancel the picker; with this one it moves down.
        let outcome = await run(Moons(pickMode: .single), options: options, keys: [.character("q"), .enter])
        #expect(outcome.picked(as: Moon.self) == [Moon(id: 1, name: "Europa")])
    }

    @Test func theOptionsSplitIntoTheTerminalsAndTheRuntimes() {
        let options = ListerApp.Options(mouse: false, colors: false, escapeDelayMilliseconds: 40, drawsAhead: false)
        #expect(options.terminalOptions.mouse == false)
        #expect(options.terminalOptions.colorEnabled == false)
        #expect(options.terminalOptions.escapeDelayMilliseconds == 40)
        #expect(options.configuration.drawsAhead == false)
        let defaults = ListerApp.Options()
        #expect(defaults.terminalOptions.mouse)  // an app answers clicks unless told not to
        #expect(defaults.configuration.drawsAhead)
    }
}

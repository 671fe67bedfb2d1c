/// The help overlay (`?`): whether it is up, the first line shown, the keys it takes while
/// up, and its lines for the screen shown. The runtime routes keys to it first and puts
/// its lines in the frame's inputs (``FrameInputs/help``).
struct HelpState {
    /// Whether the overlay is up.
    var isShown = false
    /// The first line shown, as the user scrolled it; clamped when the overlay is drawn.
    var offset = 0

    /// `?`: shows the overlay from its first line.
    mutating func show() {
        isShown = true
        offset = 0
    }

    /// Takes `command` while the overlay is up: ↑ ↓ and the pages scroll it, `?` and Esc
    /// close it. Nil when it is not up, and for quitting, suspending and redrawing, which
    /// act as always; false for every other command, which does nothing meanwhile.
    mutating func take(_ command: Command) -> Bool? {
        guard isShown, ![.quit, .interrupt, .suspend, .redraw].contains(command) else { return nil }
        switch command {
        case .help, .back: isShown = false
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= 10
        case .pageDown: offset += 10
        case .top: offset = 0
        case .bottom: offset = Int.max / 2
        default: return false
        }
        return true
    }

    /// The overlay's lines over `entry`: the screen's own actions, then the bindings of
    /// `keyMap` whose commands do something there (``offers(_:on:canGoBack:)``).
    @MainActor
    static func lines(of entry: StackEntry, keyMap: KeyMap, canGoBack: Bool) -> [(keys: String, help: String)] {
        let bindings = keyMap.bindings.filter { offers($0.command, on: entry, canGoBack: canGoBack) }
        return (entry.keys?.actionHelp ?? []) + bindings.map { ($0.keyLabel, $0.help) }
    }

    /// Whether `command` does something now: the runtime's own commands always do (going
    /// to the parent only with a screen to go back to), the rest as `entry` says.
    @MainActor
    static func offers(_ command: Command, on entry: StackEntry, canGoBack: Bool) -> Bool {
        switch command {
        case .help, .back, .quit, .interrupt, .suspend, .redraw: return true
        case .parent: return canGoBack
        default: return entry.keys?.offers(command) ?? true
        }
    }
}

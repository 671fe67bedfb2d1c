@testable import Lister
import ListerTestSupport
import TerminalCore

/// What a step did besides answering loads and moving the clock.
enum ChaosInput: Equatable, CustomStringConvertible {
    case none
    case key(Key)
    case mouse
    /// Two clicks with the clock moved between them (so the model may change on its own).
    case doubleClick
    case signal(TerminalSignal)

    var description: String {
        switch self {
        case .none: "no input"
        case .key(let key): "key \(key.label)"
        case .mouse: "the mouse"
        case .doubleClick: "a double click"
        case .signal(let signal): "signal \(signal)"
        }
    }
}

/// The invariants of the keys that do not move through the list: the help overlay holds
/// every key but its own, Ctrl-Z suspends, Ctrl-L redraws, only Ctrl-C and signals
/// interrupt, and clicks too far apart are no double click.
extension ChaosRun {
    /// The sections screen on top, if one is.
    var topSections: SectionsHost<ChaosSections>? { app.runtime.stack.last as? SectionsHost<ChaosSections> }

    /// What a key can change: the stack, the top screen's position and state, the loads
    /// started, the last list drawn (selection, rows, filter, marks), a sections screen's
    /// selected row.
    func modelFingerprint() -> String {
        let runtime = app.runtime
        var parts = [runtime.stack.map(\.title).joined(separator: " › ")]
        if let status = runtime.stack.last?.status(now: app.now) { parts.append("\(status.position) \(status.state)") }
        parts.append("calls " + ChaosKind.allCases.map { "\(world.callCount($0))" }.joined(separator: ","))
        parts.append("section calls " + world.sections.map { "\($0.callCount)" }.joined(separator: ","))
        if let drawn = observer.snapshots.last ?? lastDrawn {
            let filter = drawn.filter.map { "\($0.query.terms.map(\.text))" } ?? "none"
            parts.append("\(Self.describe(drawn)) filter \(filter) marks \((drawn.marks ?? []).sorted())")
        }
        if let sections = topSections { parts.append("row \(sections.selectedRow.map { "\($0)" } ?? "none")") }
        return parts.joined(separator: " / ")
    }

    func checkInput() -> String? {
        if let doubleClickFailure { return doubleClickFailure }
        if let drawAheadFailure { return drawAheadFailure }
        let keyMap = app.runtime.configuration.keyMap
        let command: Command? = if case .key(let key) = stepInput { keyMap.command(for: key) } else { nil }
        if helpAtStepStart {
            tally["steps under help", default: 0] += 1
            let passes: [Command] = [.help, .back, .quit, .interrupt, .suspend, .redraw]
            if stepInput == .mouse || (command.map { !passes.contains($0) } ?? (stepInput != .none)) {
                let now = modelFingerprint()
                if now != fingerprintAtStepStart {
                    return "with help shown, \(stepInput) changed the model:\n  before \(fingerprintAtStepStart)\n  after  \(now)"
                }
                if !app.runtime.showingHelp { return "with help shown, \(stepInput) closed it" }
            }
            if command == .help || command == .back, app.runtime.showingHelp { return "\(stepInput) did not close the help" }
        } else if app.runtime.showingHelp, command != .help {
            return "help shows after \(stepInput), which is not the help key"
        }
        let suspensions = app.terminal.suspensions - suspensionsAtStepStart
        if suspensions != (command == .suspend ? 1 : 0) { return "\(stepInput) suspended the terminal \(suspensions) times" }
        let redraws = app.terminal.redraws - redrawsAtStepStart
        if redraws != (command == .redraw ? 1 : 0) { return "\(stepInput) redrew the terminal \(redraws) times" }
        return nil
    }

    /// Whether the episode may have ended by `signal`: Ctrl-C or the signal itself.
    func mayBeInterrupted(by signal: TerminalSignal) -> Bool {
        switch stepInput {
        case .key(let key): return signal == .interrupt && app.runtime.configuration.keyMap.command(for: key) == .interrupt
        case .signal(let sent): return sent == signal
        case .none, .mouse, .doubleClick: return false
        }
    }
}

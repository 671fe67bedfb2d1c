@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore

/// The invariants of the chaos test, checked after every step. Each returns a message
/// saying what broke, or nil.
extension ChaosRun {
    func check() -> String? {
        checkFrame() ?? checkStack() ?? checkLoads() ?? checkSnapshots() ?? checkDetails() ?? checkTop() ?? checkSections()
            ?? checkInput() ?? checkRowReuse() ?? checkSelectionShown()
    }

    // MARK: - The selection is on screen

    /// A list whose selected item is shown draws it inside the list's region: the cursor
    /// (placed on the selected row) is on one of the region's lines, whatever the size, the
    /// row heights or the filter. Checked when the last body drawn was the top screen's.
    private func checkSelectionShown() -> String? {
        guard let frame = app.frame, !app.runtime.needsRender, !app.runtime.showingHelp,
              let top = app.runtime.stack.last, let snapshot = observer.snapshots.last,
              snapshot.kind.rawValue == top.title, !snapshot.items.isEmpty, !snapshot.isLoading,
              let list = app.runtime.regions.rect(of: .list), list.height > 0, list.width > 0
        else { return nil }
        if let filter = snapshot.filter {
            guard filter.engine.isFiltering, filter.engine.visibleCount > 0, filter.selection != nil else { return nil }
        }
        tally["selections on screen", default: 0] += 1
        guard let cursor = frame.cursor else {
            return "\(top.title): item \(snapshot.selection) is selected, but no row is drawn selected (no cursor)"
        }
        if snapshot.filter != nil, cursor.row == list.bottom { return nil }  // typing: the cursor is on the filter's line
        guard cursor.row >= list.top, cursor.row < list.bottom else {
            return "\(top.title): the selected row is drawn on line \(cursor.row), outside the list's lines \(list.top)..<\(list.bottom)"
        }
        return nil
    }

    // MARK: - Rows reused from earlier frames

    /// The last frame, drawn with rows kept from earlier frames, is the frame drawn from
    /// scratch: no reused row is stale.
    private func checkRowReuse() -> String? {
        guard let frame = app.frame, !app.runtime.needsRender,
              let host = app.runtime.stack.last as? any RowReusingHost else { return nil }
        host.reusesRows = false
        defer { host.reusesRows = true }
        guard let fresh = app.runtime.composeFrame(), fresh != frame else { return nil }
        tally["stale frames", default: 0] += 1
        let row = (0..<frame.size.rows).first { frame.line($0) != fresh.line($0) || !frame.rowEquals($0, in: fresh) } ?? 0
        return "a reused row is stale: row \(row) shows \(String(reflecting: frame.line(row))), drawn afresh \(String(reflecting: fresh.line(row)))"
    }

    // MARK: - The frame fits the terminal

    /// The last frame has the terminal's size; wide characters are whole; no control
    /// character reaches a cell.
    private func checkFrame() -> String? {
        let size = app.terminal.size
        guard let frame = app.frame else { return "no frame drawn" }
        guard frame.size == size else { return "the frame is \(frame.size) on a \(size) terminal" }
        for row in 0..<size.rows {
            var continuations = 0  // continuation cells the last wide cell still needs
            for column in 0..<size.columns {
                let width = Int(frame[row, column].width)
                if width == 0 {
                    guard continuations > 0 else {
                        return "a continuation cell at row \(row), column \(column) follows no wide character"
                    }
                    continuations -= 1
                    continue
                }
                guard continuations == 0 else {
                    return "the wide character before row \(row), column \(column) lacks a continuation cell"
                }
                continuations = width - 1
            }
            if continuations > 0 { return "a wide character at the end of row \(row) is cut" }
            for scalar in frame.line(row).unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                return "a control character U+\(String(scalar.value, radix: 16)) reached row \(row)"
            }
        }
        return nil
    }

    // MARK: - The stack and the header

    private func checkStack() -> String? {
        let titles = app.runtime.stack.map(\.title)
        let kinds = titles.compactMap(ChaosKind.init(rawValue:))
        guard kinds.count == titles.count, Set(kinds).count == kinds.count, kinds.first == root else {
            return "unexpected stack \(titles)"
        }
        let size = app.terminal.size
        if size.rows >= 3, size.columns > 0, !app.runtime.showingHelp {  // help covers the header
            var expected = Breadcrumb(titles).visibleText(width: size.columns)
            while expected.last == " " { expected.removeLast() }
            guard app.lines.first == expected else {
                return "the header shows \(app.lines.first.debugDescription), not the stack \(expected.debugDescription)"
            }
        }
        return nil
    }

    // MARK: - Loads in flight

    /// Each loader has at most one live call (not cancelled), and only while its screen is
    /// on the stack and loading: a screen never waits for a load nobody runs, and a load
    /// nobody waits for is cancelled.
    private func checkLoads() -> String? {
        let hosts = Dictionary(uniqueKeysWithValues: app.runtime.stack.map { (ChaosKind(rawValue: $0.title)!, $0) })
        for kind in ChaosKind.allCases where kind != .sections {  // checkSections: a loader per section
            let live = world.live(kind)
            if live.count > 1 { return "\(kind.rawValue) has \(live.count) loads in flight: calls \(live)" }
            let isLoading = hosts[kind]?.isLoading ?? false
            if isLoading, live.isEmpty { return "\(kind.rawValue) says a load is in flight, but no call of its loader is waiting" }
            if !isLoading, let call = live.first {
                return hosts[kind] == nil
                    ? "call \(call) of \(kind.rawValue) is still wanted after its screen was closed (not cancelled)"
                    : "call \(call) of \(kind.rawValue) is still wanted, but its screen is not loading (not cancelled)"
            }
        }
        return nil
    }

    /// Whether `kind` may still show its spinner without a load in flight: a result that came
    /// while the spinner was up is held until the spinner has shown for its minimum.
    private func mayHoldSpinner(_ kind: ChaosKind, at now: Duration) -> Bool {
        guard let answered = lastLiveAnswerAt[kind] else { return false }
        return now <= answered + timing.spinnerMinimum
    }

    // MARK: - What the list screens drew

    /// For every body drawn during the step: the selection is on an item (or the list is
    /// empty), a paged list's ids are unique and its pages in order, a one-shot list comes
    /// from one load, rows come only from a load that was current when it answered, the
    /// selection stays on its item when rows change under it, and while filtering it is on
    /// a match.
    private func checkSnapshots() -> String? {
        for snapshot in observer.snapshots {
            let name = "\(snapshot.kind.rawValue) (screen \(snapshot.instance))"
            let count = snapshot.items.count
            if count > 0, !(0..<count).contains(snapshot.selection) {  // empty: the index waits for rows
                return "\(name): selection \(snapshot.selection) outside \(count) rows"
            }
            if snapshot.isSpinnerVisible, !snapshot.isLoadInFlight, !mayHoldSpinner(snapshot.kind, at: snapshot.now) {
                return "\(name): the spinner shows with no load in flight"
            }
            let calls = snapshot.items.map(\.call)
            if snapshot.kind == .paged {
                if Set(snapshot.items.map(\.id)).count != count { return "\(name): an id is shown twice" }
                if calls != calls.sorted() { return "\(name): pages out of order: calls \(calls)" }
            } else if Set(calls).count > 1 {
                return "\(name): rows of several loads mixed: calls \(Set(calls).sorted())"
            }
            if let failure = checkFresh(calls: Set(calls), kind: snapshot.kind, instance: snapshot.instance, name: name) {
                return failure
            }
            if let failure = checkErrors(snapshot.errors, kind: snapshot.kind, instance: snapshot.instance, name: name) {
                return failure
            }
            if let failure = checkFilter(snapshot, name: name) ?? checkStream(snapshot, calls: calls, name: name) { return failure }
            if let before = previous[snapshot.instance], !stepMovesSelection, before.revision != snapshot.revision,
               before.filter == nil, snapshot.filter == nil, let id = before.selectedItem?.id,
               snapshot.items.contains(where: { $0.id == id }), snapshot.selectedItem?.id != id,
               before.pendingSelection == nil || snapshot.selectedItem?.id != before.pendingSelection
            {
                // (A stream that replaced the rows selects the item selected before it, when
                // that item comes: the one exception.)
                return "\(name): new rows moved the selection from item \(id) to \(snapshot.selectedItem.map { "\($0.id)" } ?? "nothing")"
            }
            previous[snapshot.instance] = snapshot
            tally["snapshots", default: 0] += 1
        }
        return nil
    }

    /// Rows of a call a screen shows for the first time must come from a call that answered
    /// while it was live, and that was the newest call of its loader when the step began
    /// (no newer load had started: the result is not stale).
    private func checkFresh(calls: Set<Int>, kind: ChaosKind, instance: Int, name: String) -> String? {
        checkFirstShown(calls, seen: &seenCalls[instance, default: []], live: answeredLive[kind, default: []],
                        newest: newestAtStepStart[kind, default: 0], name: name)
    }

    /// An error shown is a timeout, the framework's own, or the error of a call that failed
    /// while live and was the newest call of its loader when the error first showed.
    private func checkErrors(_ errors: [ListError], kind: ChaosKind, instance: Int, name: String) -> String? {
        switch chaosCalls(of: errors, name: name) {
        case .failure(let failure): return failure.message
        case .success(let calls):
            return checkFirstShown(calls, seen: &seenErrors[instance, default: []], live: failedLive[kind, default: []],
                                   newest: newestAtStepStart[kind, default: 0], name: name, what: "the error of ")
        }
    }

    /// Calls shown for the first time (their rows, or `what` of them) must have answered while
    /// live, and been the newest call of their loader when the step began; they are then seen.
    func checkFirstShown(_ calls: Set<Int>, seen: inout Set<Int>, live: Set<Int>, newest: Int, name: String,
                         what: String = "") -> String? {
        for call in calls.subtracting(seen).sorted() {
            guard live.contains(call) else {
                return "\(name): shows \(what)call \(call), which was cancelled before it answered (a stale result applied)"
            }
            guard call == newest else {
                return "\(name): shows \(what)call \(call) for the first time after call \(newest) started (a stale result applied)"
            }
            seen.insert(call)
        }
        return nil
    }

    /// The calls whose errors `errors` are; timeouts and the framework's own errors name none.
    func chaosCalls(of errors: [ListError], name: String) -> Result<Set<Int>, ListError> {
        var calls: Set<Int> = []
        for error in errors {
            if let call = chaosCall(of: error) {
                calls.insert(call)
            } else if !error.message.hasPrefix("timed out after"), !error.message.hasSuffix("brought no new items") {
                return .failure(ListError("\(name): shows an error no load answered: \(error.message.debugDescription)"))
            }
        }
        return .success(calls)
    }

    /// A stream's rows only grow while they come from one load; a refresh in the background
    /// (the newest load) never shows its rows before it ends.
    private func checkStream(_ snapshot: ChaosSnapshot, calls: [Int], name: String) -> String? {
        guard snapshot.kind == .stream, let call = calls.first else { return nil }
        tally["stream snapshots", default: 0] += 1
        if snapshot.isRefreshing, call == world.callCount(.stream) {
            return "\(name): the refresh in the background (load \(call)) shows its rows before it ended"
        }
        guard let before = previous[snapshot.instance], before.items.first?.call == call, Set(calls).count == 1 else { return nil }
        if !snapshot.items.starts(with: before.items) {
            return "\(name): the rows of load \(call) went from \(before.items.count) to \(snapshot.items.count) without only growing"
        }
        if snapshot.items.count > before.items.count { tally["stream rows grown", default: 0] += 1 }
        return nil
    }

    private func checkFilter(_ snapshot: ChaosSnapshot, name: String) -> String? {
        // While a reload shows no rows, the filter keeps the old rows' matches (see the report
        // of the chaos test): checked only while rows show.
        guard let filter = snapshot.filter, filter.engine.isFiltering, filter.engine.running == nil,
              let matches = filter.engine.matches, !snapshot.items.isEmpty else { return nil }
        tally["filtered snapshots", default: 0] += 1
        if filter.engine.rowCount != snapshot.items.count {
            return "\(name): the filter looks at \(filter.engine.rowCount) rows of \(snapshot.items.count)"
        }
        let rows = (0..<matches.count).map { filter.engine.row(atVisible: $0) }
        if let bad = rows.first(where: { !(0..<snapshot.items.count).contains($0) }) {
            return "\(name): the filter matches row \(bad) of \(snapshot.items.count)"
        }
        if !rows.isEmpty, filter.selection == nil {
            return "\(name): while filtering, the selected row \(snapshot.selection) is not among the \(rows.count) matches"
        }
        return nil
    }

    private func checkDetails() -> String? {
        for (instance, error) in observer.detailErrors {
            if let failure = checkErrors([error], kind: .detail, instance: instance, name: "Detail (screen \(instance))") {
                return failure
            }
        }
        for (instance, call) in observer.detailContents {
            if let failure = checkFresh(calls: [call], kind: .detail, instance: instance, name: "Detail (screen \(instance))") {
                return failure
            }
        }
        return nil
    }

    // MARK: - The top screen and the status bar

    /// Whatever the top screen shows as loading has a load in flight (or, for the spinner,
    /// a held result); the status bar's position is the selection; the selected row is
    /// drawn.
    private func checkTop() -> String? {
        guard let top = app.runtime.stack.last, let kind = ChaosKind(rawValue: top.title) else { return nil }
        let status = top.status(now: app.now)
        let screen = app.screen
        if status.state == "refreshing" || status.state.hasPrefix("loading page") || screen.contains("Loading more") {
            if !top.isLoading { return "\(kind.rawValue) shows \(status.state.debugDescription) with no load in flight" }
        }
        if status.state == "loading" || screen.contains("Loading \(kind.rawValue)") {
            if !top.isLoading, !mayHoldSpinner(kind, at: app.now) { return "\(kind.rawValue) shows loading with no load in flight" }
        }
        let size = app.terminal.size
        if size.rows >= 2, size.columns >= 20, !app.runtime.showingHelp, let line = app.lines.last {
            let position = Sanitizer.clean(status.position)
            if DisplayWidth.of(position) < size.columns, !line.hasPrefix(position) {
                return "the status bar \(line.debugDescription) does not start with \(position.debugDescription)"
            }
        }
        guard kind != .detail, kind != .sections, let snapshot = observer.snapshots.last else { return nil }
        guard snapshot.kind == kind else { return "the top screen is \(kind.rawValue), but \(snapshot.kind.rawValue) was drawn last" }
        let expected: String
        if let filter = snapshot.filter, filter.engine.isFiltering {
            let position = filter.selection.map { $0 + 1 } ?? 0
            expected = "\(position)/\(filter.engine.visibleCount) of \(snapshot.items.count)"
        } else {
            expected = snapshot.items.isEmpty ? "0/0" : "\(snapshot.selection + 1)/\(snapshot.items.count)"
        }
        if !status.position.hasPrefix(expected) || status.position.dropFirst(expected.count).first?.isNumber == true {
            return "the status position \(status.position.debugDescription) is not the selection \(expected)"
        }
        return checkSelectionDrawn(snapshot)
    }

    /// A loaded, unfiltered list with room for rows draws its selected row in reverse video.
    private func checkSelectionDrawn(_ snapshot: ChaosSnapshot) -> String? {
        let size = app.terminal.size
        guard snapshot.filter == nil, !snapshot.items.isEmpty, size.rows >= 5, size.columns >= 4, !app.runtime.showingHelp,
              let frame = app.frame else { return nil }
        for row in 1..<(size.rows - 1) where frame[row, 0].style.attributes.contains(.reverse) { return nil }
        return "\(snapshot.kind.rawValue): the selected row \(snapshot.selection) is not drawn"
    }

    // MARK: - How an episode ended

    /// `q` and Esc end a browser as finished and a picker as cancelled; a pick comes from
    /// the picker: the marked rows in list order, else the selected row.
    func checkOutcome() -> String? {
        guard let outcome = app.outcome else { return nil }
        tally["outcome \(outcome)".prefix(18).description, default: 0] += 1
        switch outcome {
        case .finished:
            return topAtStepStart == .picker ? "a picker ended as finished" : nil
        case .cancelled:
            return topAtStepStart == .picker ? nil : "\(topAtStepStart.rawValue) ended as cancelled"
        case .interrupted(let signal):
            return mayBeInterrupted(by: signal) ? nil : "interrupted by \(signal) after \(stepInput)"
        case .picked(let values):
            let picked = values.compactMap { $0 as? ChaosItem }
            guard topAtStepStart == .picker, picked.count == values.count else {
                return "\(topAtStepStart.rawValue) picked \(values)"
            }
            guard let shown = previous.values.filter({ $0.kind == .picker }).max(by: { $0.instance < $1.instance }) else {
                return "a pick from a picker never drawn"
            }
            let expected = shown.marks.map { marks in shown.items.filter { marks.contains($0.id) } } ?? []
            if !expected.isEmpty || !(shown.marks ?? []).isEmpty {
                return picked == expected ? nil : "picked \(picked.map(\.id)), not the marked rows \(expected.map(\.id))"
            }
            return picked == [shown.selectedItem].compactMap { $0 } ? nil
                : "picked \(picked.map(\.id)), not the selected row \(shown.selectedItem.map { "\($0.id)" } ?? "none")"
        }
    }
}

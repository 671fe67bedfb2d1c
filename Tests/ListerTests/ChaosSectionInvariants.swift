@testable import Lister
import ListerTestSupport
import TerminalCore

/// The invariants of the sectioned screen (ChaosSections.swift), read from its host: each
/// section has at most one load, and only while it shows loading; the selection is on an
/// item or a section's state row that exists; no stale section result shows; rows loading
/// around the selection do not move it; `r` on a section's state row retries that section
/// only.
extension ChaosRun {
    func checkSections() -> String? {
        let host = app.runtime.stack.lazy.compactMap { $0 as? SectionsHost<ChaosSections> }.first
        if let host, let failure = checkSectionsShown(host) { return failure }  // a stale result first: it says more
        for (section, loader) in world.sections.enumerated() {
            let live = loader.waitingCalls.filter { !loader.cancelledCalls.contains($0) }
            if live.count > 1 { return "section \(section) has \(live.count) loads in flight: calls \(live)" }
            let inFlight = host?.models[section].isLoadInFlight ?? false
            if inFlight, live.isEmpty { return "section \(section) says a load is in flight, but no call of its loader waits" }
            if !inFlight, let call = live.first {
                return "call \(call) of section \(section) is still wanted, but "
                    + (host == nil ? "its screen was closed (not cancelled)" : "the section is not loading (not cancelled)")
            }
        }
        return nil
    }

    /// The rows are the sections' states, the selection is on one that can be selected, and
    /// each section shows what it may.
    private func checkSectionsShown(_ host: SectionsHost<ChaosSections>) -> String? {
        tally["steps with sections", default: 0] += 1
        let instance = host.screen.instance
        // Filtered: each section's items whose title matches, the others hidden (checked
        // item by item with `FilterQuery.matches`, not with the host's matching).
        let query = host.query
        let expected = SectionRows<Int>(host.models.map { model -> SectionRows<Int>.Content in
            switch model.state {
            case .idle, .loading: return .loading
            case .error: return .failed
            case .empty: return query.isEmpty ? .empty : .hidden
            case .loaded(let items):
                if query.isEmpty { return .items(items.map(\.id)) }
                let matches = items.indices.filter { query.matches(items[$0].title) }.map { (index: $0, id: items[$0].id) }
                return matches.isEmpty ? .hidden : .matches(matches)
            }
        })
        if host.rows != expected { return "Sections (screen \(instance)): the rows drawn are not the sections' states" }
        if let row = host.selectedRow {
            guard (0..<host.rows.count).contains(row) else { return "Sections: selection \(row) outside \(host.rows.count) rows" }
            switch host.rows[row] {
            case .item, .loading, .failed: break
            case .header, .empty: return "Sections: the selection is on \(host.rows[row]), which cannot be selected"
            }
        } else if let row = host.rows.firstSelectable(from: 0, forward: true) {
            return "Sections: nothing is selected, yet row \(row) (\(host.rows[row])) can be"
        }
        for section in host.models.indices {
            if let failure = checkSection(section, of: host) { return failure }
        }
        return checkSectionSelection(host) ?? checkSectionRetry(host)
    }

    /// A section shown loading has a load in flight (or a result held for the spinner's
    /// minimum); its rows and errors come from the newest live call.
    private func checkSection(_ section: Int, of host: SectionsHost<ChaosSections>) -> String? {
        let model = host.models[section]
        let name = "Sections (screen \(host.screen.instance)) section \(section)"
        let showsLoading = switch model.state { case .idle, .loading: true; default: false }
        let holds = sectionLastLiveAnswerAt[section].map { app.now <= $0 + timing.spinnerMinimum } ?? false
        if showsLoading, !model.isLoadInFlight, !holds { return "\(name) shows loading with no load in flight" }
        if model.isRefreshing, !model.isLoadInFlight { return "\(name) says refreshing with no load in flight" }
        let calls = Set(model.state.items.map(\.call))
        if calls.count > 1 { return "\(name): rows of several loads mixed: calls \(calls.sorted())" }
        let key = host.screen.instance * 8 + section
        let newest = sectionNewestAtStepStart[section]
        if let failure = checkFirstShown(calls, seen: &sectionSeenCalls[key, default: []], live: sectionAnsweredLive[section, default: []],
                                         newest: newest, name: name) {
            return failure
        }
        switch chaosCalls(of: [model.state.error, model.refreshError].compactMap { $0 }, name: name) {
        case .failure(let failure): return failure.message
        case .success(let calls):
            return checkFirstShown(calls, seen: &sectionSeenErrors[key, default: []], live: sectionFailedLive[section, default: []],
                                   newest: newest, name: name, what: "the error of ")
        }
    }

    /// Rows that change while no key moves the selection keep it on its item or state row.
    private func checkSectionSelection(_ host: SectionsHost<ChaosSections>) -> String? {
        guard !stepMovesSelection, let start = sectionsAtStepStart, start.instance == host.screen.instance,
              let anchor = start.row?.anchor, let row = host.rows.row(of: anchor), host.selectedRow != row else { return nil }
        return "Sections: new rows moved the selection from \(start.row.map { "\($0)" } ?? "-") (now row \(row)) to "
            + (host.selectedRow.map { "\(host.rows[$0])" } ?? "nothing")
    }

    /// `r` on a loading or failed section's row starts a load of that section only; on a
    /// failed one it does start one.
    private func checkSectionRetry(_ host: SectionsHost<ChaosSections>) -> String? {
        guard case .key(let key) = stepInput, !helpAtStepStart, app.runtime.configuration.keyMap.command(for: key) == .refresh,
              let start = sectionsAtStepStart, start.instance == host.screen.instance, let row = start.row,
              !host.filter.isEditing  // open now means open before (r cannot open it): r was text
        else { return nil }
        let retried: Int
        switch row {
        case .loading(let section), .failed(let section): retried = section
        case .item, .header, .empty: return nil
        }
        tally["section retries", default: 0] += 1
        for (section, loader) in world.sections.enumerated() where section != retried {
            if loader.callCount != sectionNewestAtStepStart[section] {
                return "r on \(row) started a load of section \(section) too"
            }
        }
        if case .failed = row, world.sections[retried].callCount != sectionNewestAtStepStart[retried] + 1 {
            return "r on \(row) did not load the section again"
        }
        return nil
    }
}

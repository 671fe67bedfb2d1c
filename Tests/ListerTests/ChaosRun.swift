@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore

/// One chaos run: random steps from a seed against the chaos screens (ChaosFixtures.swift)
/// in a ``HeadlessApp``, the invariants (ChaosInvariants.swift) checked after every step.
///
/// A run is a series of episodes: an app from its start to its outcome (`q`, Esc at the
/// root, a pick); then a fresh app with fresh loaders. Loads are answered by steps too, at
/// random: the newest call or any waiting one (a cancelled one: an old load finishing after
/// a newer one started), with rows or an error; a call never answered stalls.
@MainActor
final class ChaosRun {
    let seed: UInt64
    var random: SplitMix64
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300), frameInterval: .milliseconds(80))
    private(set) var world: ChaosWorld
    private(set) var observer = ChaosObserver()
    private(set) var app: HeadlessApp
    private(set) var step = 0
    private(set) var episode = 0
    /// The most recent actions, for the failure message.
    private(set) var recent: [String] = []
    /// Steps of the run so far that were checked (a run ends early on failure).
    private(set) var checkedSteps = 0

    // What the checks know about the episode.
    /// Calls answered with a value while not cancelled: the only ones whose items may show.
    var answeredLive: [ChaosKind: Set<Int>] = [:]
    /// Calls answered with an error while not cancelled: the only ones whose errors may show.
    var failedLive: [ChaosKind: Set<Int>] = [:]
    /// Errors each screen instance has shown.
    var seenErrors: [Int: Set<Int>] = [:]
    /// When a call was last answered (value or error) while not cancelled.
    var lastLiveAnswerAt: [ChaosKind: Duration] = [:]
    /// The newest call of each loader when the step began.
    var newestAtStepStart: [ChaosKind: Int] = [:]
    /// Calls whose items each screen instance has shown.
    var seenCalls: [Int: Set<Int>] = [:]
    /// The last snapshot of each screen instance.
    var previous: [Int: ChaosSnapshot] = [:]
    /// Whether the step was a key or a click (which move the selection on purpose).
    var stepMovesSelection = false
    /// The root screen of the episode.
    private(set) var root: ChaosKind = .menu
    /// The kind of screen on top when the step began.
    var topAtStepStart: ChaosKind = .menu
    /// Counts of what happened, to show that the run reached the interesting states.
    var tally: [String: Int] = [:]
    /// The rows sent so far to each streaming load.
    var streamRows: [Int: [ChaosItem]] = [:]
    /// What the sections' loaders answered, as above for the other kinds, by section.
    var sectionAnsweredLive: [Int: Set<Int>] = [:]
    var sectionFailedLive: [Int: Set<Int>] = [:]
    var sectionLastLiveAnswerAt: [Int: Duration] = [:]
    var sectionNewestAtStepStart: [Int] = []
    /// Calls and errors each sections screen has shown, by `ChaosRun.sectionKey`.
    var sectionSeenCalls: [Int: Set<Int>] = [:]
    var sectionSeenErrors: [Int: Set<Int>] = [:]
    /// The top sections screen when the step began: its instance and selected row.
    var sectionsAtStepStart: (instance: Int, row: SectionRows<Int>.Row?)?
    /// What the step did besides answering loads, for the checks of keys and mouse.
    var stepInput: ChaosInput = .none
    /// The help overlay was up when the step began, and what the model looked like then.
    var helpAtStepStart = false
    var fingerprintAtStepStart = ""
    /// The last list body drawn before this step.
    var lastDrawn: ChaosSnapshot?
    var suspensionsAtStepStart = 0
    var redrawsAtStepStart = 0
    /// What a double click did wrong, found while the step ran.
    var doubleClickFailure: String?
    /// Set when a key gave another frame than the one drawn ahead for it.
    var drawAheadFailure: String?

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
        world = ChaosWorld(ignoresCancellation: true, pageSize: 5, pagedTimeout: nil)
        app = HeadlessApp(root: ChaosMenu(world: world, observer: observer, instance: 0))
    }

    /// Runs `steps` steps; returns the first failure's message, or nil.
    func run(steps: Int) async -> String? {
        await startEpisode()
        if let failure = check() { return report(failure) }
        for index in 1...steps {
            step = index
            beginStep()
            await performRandomAction()
            if app.outcome != nil {
                if let failure = checkOutcome() { return report(failure) }
                endEpisode()
                await startEpisode()
            }
            if let failure = check() { return report(failure) }
            if index % 250 == 0, let failure = await quiesceAndCheck() { return report(failure) }
            checkedSteps = index
        }
        if let failure = await quiesceAndCheck() { return report(failure) }
        endEpisode()
        return nil
    }

    // MARK: - Episodes

    private func startEpisode() async {
        episode += 1
        tally["episodes", default: 0] += 1
        let ignoresCancellation = random.chance(0.75)
        world = ChaosWorld(
            ignoresCancellation: ignoresCancellation,
            pageSize: random.int(2...8),
            pagedTimeout: random.pick([nil, .seconds(2), .seconds(30)])
        )
        observer = ChaosObserver()
        answeredLive = [:]
        failedLive = [:]
        seenErrors = [:]
        lastLiveAnswerAt = [:]
        seenCalls = [:]
        previous = [:]
        streamRows = [:]
        sectionAnsweredLive = [:]
        sectionFailedLive = [:]
        sectionLastLiveAnswerAt = [:]
        sectionSeenCalls = [:]
        sectionSeenErrors = [:]
        lastDrawn = nil
        let size = randomSize()
        // A third of the episodes start on the menu, a third on a stream and a third on
        // sections, which the menu alone would reach only now and then.
        root = random.weighted([(weight: 1, value: ChaosKind.menu), (1, .stream), (1, .sections)])
        let instance = observer.newInstance()
        let screen: any Screen = switch root {
        case .stream: ChaosStreamScreen(world: world, observer: observer, instance: instance)
        case .sections: ChaosSections(world: world, observer: observer, instance: instance)
        default: ChaosMenu(world: world, observer: observer, instance: instance)
        }
        app = HeadlessApp(root: screen, size: size, configuration: Configuration(timing: timing))
        log("episode \(episode): \(root.rawValue), \(size), cancelled calls \(ignoresCancellation ? "wait for an answer" : "end at once"), page \(world.pageSize)")
        beginStep()
        await app.start()
    }

    /// Ends every call still waiting, so no task of the episode is left parked.
    private func endEpisode() {
        for kind in ChaosKind.allCases {
            for call in world.waiting(kind) { world.fail(kind, call: call, ListError("episode over")) }
        }
        for loader in world.sections {
            for call in loader.waitingCalls { loader.fail(ListError("episode over"), call: call) }
        }
    }

    private func beginStep() {
        if let drawn = observer.snapshots.last { lastDrawn = drawn }
        observer.beginStep()
        for kind in ChaosKind.allCases { newestAtStepStart[kind] = world.callCount(kind) }
        sectionNewestAtStepStart = world.sections.map(\.callCount)
        topAtStepStart = app.runtime.stack.last.flatMap { ChaosKind(rawValue: $0.title) } ?? .menu
        sectionsAtStepStart = topSections.map { host in (host.screen.instance, host.selectedRow.map { host.rows[$0] }) }
        stepMovesSelection = false
        stepInput = .none
        doubleClickFailure = nil
        drawAheadFailure = nil
        helpAtStepStart = app.runtime.showingHelp
        fingerprintAtStepStart = modelFingerprint()
        suspensionsAtStepStart = app.terminal.suspensions
        redrawsAtStepStart = app.terminal.redraws
    }

    // MARK: - Actions

    private enum Action {
        case key, type, resize, advance, answer, mouse, doubleClick, signal
    }

    private static let keys: [(weight: Int, value: Key)] = [
        (6, .down), (4, .up), (2, .character("j")), (2, .character("k")), (2, .pageDown), (2, .pageUp),
        (2, .home), (3, .end), (1, .character("g")), (1, .character("G")),
        (4, .enter), (2, .character("l")), (2, .right), (2, .character("h")), (1, .left), (2, .escape), (2, .backspace),
        (3, .character("/")), (4, .tab), (3, .character("r")), (1, .function(5)), (2, .character("R")),
        (2, .character("<")), (2, .character(">")), (1, .control("l")), (1, .character("?")), (1, .control("z")),
    ]

    private func performRandomAction() async {
        let action = random.weighted([
            (weight: 460, value: Action.key), (60, .type), (40, .resize), (140, .advance), (280, .answer), (8, .mouse),
            (12, .doubleClick), (1, .signal),
        ])
        switch action {
        case .key:
            await pressRandomKey()
        case .type:
            let character = random.pick(chaosFilterCharacters)
            stepMovesSelection = true
            stepInput = .key(.character(character))
            log("type \(String(reflecting: character))")
            await app.press(.character(character))
        case .resize:
            let size = randomSize()
            log("resize \(size)")
            await app.resize(to: size)
        case .advance:
            let duration = Duration.milliseconds(random.weighted([
                (weight: 3, value: 1), (3, 50), (3, 99), (3, 100), (3, 150), (3, 299), (3, 300), (3, 500), (2, 1000), (2, 2100),
                (1, 5000), (1, 31000),
            ]))
            log("advance \(duration)")
            await app.advance(by: duration)
        case .answer:
            await answerRandomCall()
        case .mouse:
            let kind = random.pick([MouseEvent.Kind.press, .press, .wheelUp, .wheelDown])
            let row = random.int(0...max(0, app.terminal.size.rows))
            stepMovesSelection = true
            stepInput = .mouse
            log("mouse \(kind) row \(row)")
            await app.mouse(kind, row: row, column: random.int(0...10))
        case .doubleClick:
            await doubleClick()
        case .signal:
            let signal = random.pick([TerminalSignal.interrupt, .terminate, .hangup])
            stepInput = .signal(signal)
            log("signal \(signal)")
            await app.signal(signal)
        }
    }

    /// The most time between the clicks of a double click, as promised (not read from the
    /// runtime, so that a change of the runtime's shows here).
    static let doubleClickInterval = Duration.milliseconds(400)

    /// Two clicks on one row of the list, a random time apart on the virtual clock: within
    /// the double-click interval they open the row.
    private func doubleClick() async {
        let list = ScreenLayout(size: app.terminal.size).body
        var row = list.height > 0 ? random.int(list.top...(list.bottom - 1)) : 0
        if random.chance(0.9), let frame = app.frame,  // mostly on the selected row, which has something to open
           let selected = (list.top..<list.bottom).first(where: { frame[$0, 0].style.attributes.contains(.reverse) }) {
            row = selected
        }
        let gap = Duration.milliseconds(random.pick([0, 100, 300, 399, 400, 401, 450, 600]))
        stepMovesSelection = true
        stepInput = .doubleClick
        log("double click row \(row), \(gap) apart")
        await app.mouse(.press, row: row, column: 1)
        guard app.outcome == nil else { return }
        let stackBetween = app.runtime.stack.count
        if gap > .zero { await app.advance(by: gap) }
        await app.mouse(.press, row: row, column: 1)
        guard app.outcome == nil else { return }
        if app.runtime.stack.count > stackBetween {
            tally["double clicks that opened", default: 0] += 1
            if gap > Self.doubleClickInterval { doubleClickFailure = "clicks \(gap) apart opened a screen" }
        }
    }

    private func pressRandomKey() async {
        let key: Key
        if app.runtime.showingHelp, random.chance(0.2) {
            key = random.pick([.character("?"), .escape])  // help does not stay up for most of the run
        } else {
            key = random.chance(0.002) ? .character("q") : random.chance(0.0005) ? .control("c") : random.weighted(Self.keys)
        }
        stepMovesSelection = true
        stepInput = .key(key)
        log("key \(key.label)")
        // The frame drawn ahead for the key, if any, is the frame handling it gives (before
        // any load answers).
        let ahead = app.terminal.preparedFrame(for: key)
        app.runtime.process(.terminal(.key(key)))
        if let ahead, app.outcome == nil {
            tally["frames drawn ahead and checked", default: 0] += 1
            if let frame = app.frame, frame != ahead {
                let row = (0..<frame.size.rows).first { frame.line($0) != ahead.line($0) || !frame.rowEquals($0, in: ahead) } ?? 0
                drawAheadFailure = "the frame drawn ahead for \(key.label) is not the frame the key gave: row \(row) shows \(String(reflecting: frame.line(row))), drawn ahead \(String(reflecting: ahead.line(row)))"
            }
        }
        await app.settle()
    }

    /// Answers a waiting call: mostly the newest live one, else any (cancelled ones too).
    /// With nothing waiting, presses a key instead.
    private func answerRandomCall() async {
        let kinds = ChaosKind.allCases.filter { !world.waiting($0).isEmpty }
        let sections = world.sections.indices.filter { !world.sections[$0].waitingCalls.isEmpty }
        guard !kinds.isEmpty || !sections.isEmpty else {
            await pressRandomKey()
            return
        }
        let choice = random.int(0...(kinds.count + sections.count - 1))
        guard choice < kinds.count else {
            let section = sections[choice - kinds.count]
            let loader = world.sections[section]
            let live = loader.waitingCalls.filter { !loader.cancelledCalls.contains($0) }
            let call = !live.isEmpty && random.chance(0.7) ? live[live.count - 1] : random.pick(loader.waitingCalls)
            answerSection(section, call: call, succeed: random.chance(0.75))
            await app.settle()
            return
        }
        let kind = kinds[choice]
        let live = world.live(kind)
        let call = !live.isEmpty && random.chance(0.7) ? live[live.count - 1] : random.pick(world.waiting(kind))
        answer(kind, call: call, succeed: random.chance(0.75), ending: false)
        await app.settle()
    }

    /// Answers call `call` of `kind` with rows (or a detail) or an error, and notes whether
    /// the call was live.
    private func answer(_ kind: ChaosKind, call: Int, succeed: Bool, ending: Bool) {
        let isLive = !world.cancelled(kind).contains(call)
        if isLive {
            lastLiveAnswerAt[kind] = app.now
            if succeed { answeredLive[kind, default: []].insert(call) } else { failedLive[kind, default: []].insert(call) }
        }
        tally[isLive ? "live answers" : "stale answers", default: 0] += 1
        log("answer \(kind.rawValue) call \(call) \(succeed ? "with a value" : "with an error")\(isLive ? "" : " (cancelled: stale)")")
        guard succeed else {
            let message = random.pick(["offline", "HTTP 500", "refused\u{1B}[2J"])
            world.fail(kind, call: call, ListError("\(message) (call \(call))"))
            return
        }
        switch kind {
        case .menu: world.menu.succeed(items(call: call), call: call)
        case .grouped: world.grouped.succeed(items(call: call).sorted { $0.id < $1.id }, call: call)
        case .picker: world.picker.succeed(items(call: call), call: call)
        case .detail: world.detail.succeed(ChaosDetail(call: call, lineCount: random.int(0...40)), call: call)
        case .stream:
            // A snapshot that extends the one before, as the contract asks; at times the end.
            let sent = streamRows[call, default: []]
            let rows = sent + (sent.count..<(sent.count + random.int(0...6))).map { item(id: $0, call: call) }
            streamRows[call] = rows
            tally[world.cancelled(.stream).contains(call) ? "stale stream steps" : "live stream steps", default: 0] += 1
            world.stream.send(ending || random.chance(0.2) ? .finish(rows) : .rows(rows), call: call)
        case .sections: preconditionFailure("sections are answered by answerSection")
        case .paged:
            let request = world.paged.requests[call - 1]
            let total = ending && request.offset > 0 ? 0 : random.int(0...(4 * request.limit))
            var ids = Array(request.offset..<max(request.offset, min(request.offset + request.limit, total)))
            if request.offset > 0, !ids.isEmpty, random.chance(0.15) { ids[0] = request.offset - 1 }  // a repeat
            world.paged.succeed(ids.map { item(id: $0, call: call) }, call: call)
        }
    }

    /// Answers call `call` of section `section`'s loader, and notes whether it was live.
    private func answerSection(_ section: Int, call: Int, succeed: Bool) {
        let loader = world.sections[section]
        let isLive = !loader.cancelledCalls.contains(call)
        if isLive {
            sectionLastLiveAnswerAt[section] = app.now
            if succeed { sectionAnsweredLive[section, default: []].insert(call) } else { sectionFailedLive[section, default: []].insert(call) }
        }
        tally[isLive ? "live section answers" : "stale section answers", default: 0] += 1
        log("answer section \(section) call \(call) \(succeed ? "with a value" : "with an error")\(isLive ? "" : " (cancelled: stale)")")
        if succeed {
            loader.succeed(items(call: call), call: call)
        } else {
            loader.fail(ListError("\(random.pick(["offline", "HTTP 503"])) (call \(call))"), call: call)
        }
    }

    /// The rows of a one-shot load: some of ids 0..<45, at times none, at times shuffled.
    private func items(call: Int) -> [ChaosItem] {
        guard !random.chance(0.1) else { return [] }
        let count = random.int(1...30)
        var ids = Array((0..<45).filter { _ in random.chance(0.6) }.prefix(count))
        if random.chance(0.1) { ids.shuffle(using: &random) }
        return ids.map { item(id: $0, call: call) }
    }

    private func item(id: Int, call: Int) -> ChaosItem {
        let word = chaosWords[(id * 7 + call) % chaosWords.count]
        let long = random.chance(0.1) ? " " + String(repeating: "wide 東京 ", count: 12) : ""
        return ChaosItem(id: id, call: call, title: "\(word) \(id)\(long)")
    }

    private func randomSize() -> Size {
        random.weighted([
            (weight: 2, value: Size(rows: 1, columns: 1)),
            (1, Size(rows: 0, columns: 80)),
            (1, Size(rows: 1, columns: 80)),
            (1, Size(rows: 2, columns: 30)),
            (1, Size(rows: 3, columns: 12)),
            (1, Size(rows: 12, columns: 0)),
            (4, Size(rows: 24, columns: 80)),
            (6, Size(rows: random.int(0...30), columns: random.int(0...100))),
        ])
    }

    // MARK: - Quiescence

    /// Answers every waiting call (live ones with values, a last page empty) until nothing
    /// waits, lets the spinner's minimum pass, then checks that the app is idle: nothing
    /// says loading and nothing would wake it.
    private func quiesceAndCheck() async -> String? {
        log("quiesce")
        for _ in 0..<20 {
            beginStep()
            let waiting = ChaosKind.allCases.flatMap { kind in world.waiting(kind).map { (kind, $0) } }
            for (kind, call) in waiting {
                answer(kind, call: call, succeed: !world.cancelled(kind).contains(call), ending: true)
            }
            for (section, loader) in world.sections.enumerated() {
                for call in loader.waitingCalls { answerSection(section, call: call, succeed: !loader.cancelledCalls.contains(call)) }
            }
            await app.settle()
            if let failure = check() { return failure }
            beginStep()
            await app.advance(by: .seconds(1))  // a result held for the spinner's minimum shows
            if let failure = check() { return failure }
            if ChaosKind.allCases.allSatisfy({ world.waiting($0).isEmpty }),
               world.sections.allSatisfy({ $0.waitingCalls.isEmpty }) { break }  // nothing new started
        }
        let waiting = ChaosKind.allCases.filter { !world.waiting($0).isEmpty }
        if !waiting.isEmpty { return "loads still waiting after quiescence: \(waiting)" }
        if let section = world.sections.indices.first(where: { !world.sections[$0].waitingCalls.isEmpty }) {
            return "section \(section)'s loads still waiting after quiescence"
        }
        if app.loadsInFlight != 0 { return "\(app.loadsInFlight) loads in flight with none waiting" }
        if let deadline = app.nextDeadline { return "idle, yet the app would wake at \(deadline)" }
        if let top = app.runtime.stack.last {
            let state = top.status(now: app.now).state
            if state == "loading" || state.contains("refreshing") || state.hasPrefix("loading") {
                return "idle, yet the status bar says \(state.debugDescription)"
            }
        }
        if app.screen.contains("Loading") { return "idle, yet the screen says Loading" }
        tally["quiescent checks", default: 0] += 1
        return nil
    }

    // MARK: - Reporting

    /// `Menu#1 rev 3 sel 2 (id 7) of 12`: a snapshot in a failure message.
    static func describe(_ snapshot: ChaosSnapshot) -> String {
        "\(snapshot.kind.rawValue)#\(snapshot.instance) rev \(snapshot.revision) sel \(snapshot.selection)"
            + " (id \(snapshot.selectedItem.map { "\($0.id)" } ?? "-")) of \(snapshot.items.count)"
            + (snapshot.filter == nil ? "" : " filtered") + (snapshot.isRefreshing ? " refreshing" : "")
    }

    func log(_ action: String) {
        recent.append("step \(step): \(action)")
        if recent.count > 20 { recent.removeFirst(recent.count - 20) }
    }

    private func report(_ failure: String) -> String {
        let framed = app.lines.map { "|\($0)" }.joined(separator: "\n")
        return """
            chaos seed \(seed) failed at step \(step) (episode \(episode)): \(failure)
            replay: LISTER_CHAOS_SEED=\(seed) LISTER_CHAOS_STEPS=\(step) swift test --filter ChaosTests
            last actions:
            \(recent.map { "  " + $0 }.joined(separator: "\n"))
            stack: \(app.runtime.stack.map(\.title).joined(separator: " › ")), terminal \(app.terminal.size), now \(app.now)
            lists drawn in the step: \(observer.snapshots.suffix(8).map(Self.describe).joined(separator: "; "))
            screen:
            \(framed)
            """
    }
}

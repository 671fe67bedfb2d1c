@_spi(Testing) import Lister
import ListerSources
import ListerTestSupport
import TerminalCore

/// (b) A Down key applied and drawn, through the whole ``Runtime`` as `HeadlessApp` drives
/// it: key table, model transition, layout, rendering the frame, comparing it with the
/// last one, and the headless terminal's diff of what it would send. Only curses and the
/// terminal itself are left out. Without drawing ahead (`Configuration.drawsAhead`), the
/// key's own work; with it, also the frames for Down and Up that the runtime then draws
/// ahead (work done after the key has been answered).
///
/// With a preview pane, a Down is timed until the frame whose pane shows the new item's
/// preview (its first line, "line N", checked between events, off the clock): the key's
/// frame, and the preview's load and the frame it gives when the key's frame had none. What
/// the runtime then does before the next key (a prefetch of the next neighbour) is timed
/// apart, as "settled".
///
/// (e) How many cells ``Buffer/changes(since:)`` reports for one Down at 120 columns.
///
/// (f) What the terminal backend then does with the frame: ``FrameEncoder`` turning it
/// into bytes (ANSI control strings), timed on the same frames, and how many bytes.
@MainActor
enum KeyBenchmarks {
    /// Rows of the list area at 120x40 (title and status bar take two).
    static let pageRows = RenderBenchmarks.size.rows - 2

    /// Times Down within a page and when every Down scrolls, on `store`.
    static func run(store: LineStore, label: String, keyPrefix: String, presses: Int, drawsAhead: Bool = false,
                    previews: Bool = false, immediatePreview: Bool = false, prefetches: Bool = false,
                    into report: inout Report) async {
        let screen = BenchScreen(store: store, previews: previews, immediatePreview: immediatePreview, prefetches: prefetches)
        let app = HeadlessApp(root: screen,
                              size: RenderBenchmarks.size,
                              configuration: Configuration(drawsAhead: drawsAhead))
        await app.start()
        let expected = "1/\(store.count)"
        guard app.lines.last?.hasPrefix(expected) == true else {
            report.notes.append("key benchmark \(keyPrefix): the list did not load (status: \(app.lines.last ?? "none"))")
            return
        }

        // Within a page: from the first row, Down moves the highlight; no row scrolls.
        var withinPage = Samples()
        var settled = Samples()
        var pageCells: [Int] = []
        var pageFrames: [(Buffer, Buffer)] = []
        let perCycle = pageRows - 2
        while withinPage.count < presses {
            await app.press(.home)
            for _ in 0..<min(perCycle, presses - withinPage.count) {
                let (time, cells, frames) = await timedDown(app, preview: previews, settled: &settled)
                withinPage.append(time)
                pageCells.append(cells)
                if let frames { pageFrames.append(frames) }
            }
        }

        // Scrolling: the selection sits on the last visible row, so every Down scrolls.
        await app.press(.home)
        for _ in 0..<pageRows { await app.press(.down) }
        var scrolling = Samples()
        var scrollCells: [Int] = []
        var scrollFrames: [(Buffer, Buffer)] = []
        for _ in 0..<presses {
            let (time, cells, frames) = await timedDown(app, preview: previews, settled: &settled)
            scrolling.append(time)
            scrollCells.append(cells)
            if let frames { scrollFrames.append(frames) }
        }

        var what = drawsAhead ? "Down + render + Down and Up drawn ahead" : "Down + render"
        if previews {
            what += immediatePreview ? " + the preview pane made in the frame" : " + the preview pane loaded and drawn"
            if prefetches { what += ", neighbours prefetched" }
        }
        report.results.append(.timing("\(keyPrefix)_page", "\(what) (HeadlessApp), \(label), within a page", withinPage))
        report.results.append(.timing("\(keyPrefix)_scroll", "\(what) (HeadlessApp), \(label), scrolling", scrolling))
        if prefetches {
            report.results.append(.timing("\(keyPrefix)_settled", "\(what) (HeadlessApp), \(label), until settled (prefetch done), both", settled))
        }
        guard !drawsAhead else { return }  // the frames and their bytes are the same
        report.results.append(cellResult("\(keyPrefix)_cells_page", "changed cells per Down, \(label), within a page", pageCells))
        report.results.append(cellResult("\(keyPrefix)_cells_scroll", "changed cells per Down, \(label), scrolling", scrollCells))
        for (suffix, place, frames) in [("page", "within a page", pageFrames), ("scroll", "scrolling", scrollFrames)]
        where !frames.isEmpty {
            let (time, bytes) = encode(frames)
            report.results.append(.timing("\(keyPrefix)_encode_\(suffix)", "encode a Down's frame (FrameEncoder), \(label), \(place)", time))
            report.results.append(cellResult("\(keyPrefix)_bytes_\(suffix)", "bytes encoded per Down, \(label), \(place)", bytes, unit: "bytes"))
        }
    }

    /// Times encoding the second frame of each pair once the first is on screen.
    private static func encode(_ frames: [(Buffer, Buffer)]) -> (Samples, [Int]) {
        var samples = Samples()
        var sizes: [Int] = []
        var output: [UInt8] = []
        for (before, after) in frames {
            var encoder = FrameEncoder(strings: .ansi)
            encoder.encode(before, screen: RenderBenchmarks.size, into: &output)
            output.removeAll(keepingCapacity: true)
            let start = monotonicNanoseconds()
            encoder.encode(after, screen: RenderBenchmarks.size, into: &output)
            samples.append(monotonicNanoseconds() - start)
            sizes.append(output.count)
            output.removeAll(keepingCapacity: true)
        }
        return (samples, sizes)
    }

    /// Presses Down once: the time it took, the cells that changed on screen, and the
    /// frames before and after.
    private static func timedDown(_ app: HeadlessApp, preview: Bool, settled: inout Samples) async
        -> (UInt64, Int, (Buffer, Buffer)?) {
        let before = app.frame
        var elapsed: UInt64
        if preview {
            elapsed = await untilPreviewShown(app)
            let start = monotonicNanoseconds()
            await app.settle()  // what the key left running (a prefetch), before the next key
            settled.append(elapsed + monotonicNanoseconds() - start)
        } else {
            let start = monotonicNanoseconds()
            await app.press(.down)
            elapsed = monotonicNanoseconds() - start
        }
        let cells = app.frame?.changes(since: before).reduce(0) { $0 + $1.cells.count } ?? 0
        return (elapsed, cells, before.flatMap { old in app.frame.map { (old, $0) } })
    }

    /// Presses Down and runs the app's events until its pane shows the new item's preview:
    /// the time the app took (the check between events is off the clock).
    private static func untilPreviewShown(_ app: HeadlessApp) async -> UInt64 {
        let runtime = app.runtime
        var start = monotonicNanoseconds()
        runtime.process(.terminal(.key(.down)))
        var elapsed = monotonicNanoseconds() - start
        while !showsSelectedPreview(app), runtime.pendingLoads.inFlight > 0 {
            start = monotonicNanoseconds()
            guard let event = await runtime.nextEvent() else { break }
            runtime.process(event)
            elapsed += monotonicNanoseconds() - start
        }
        return elapsed
    }

    /// Whether the pane's first line names the selected line (`line N`, N from the status
    /// bar's `N/count`).
    static func showsSelectedPreview(_ app: HeadlessApp) -> Bool {
        let lines = app.lines
        guard lines.count > 2, let status = lines.last else { return false }
        let selected = String(status.prefix { $0 != "/" }.filter { $0 != " " })
        return lines[1].hasSuffix("│line \(selected)")
    }

    private static func cellResult(_ key: String, _ label: String, _ cells: [Int], unit: String = "cells") -> Result {
        let sorted = cells.sorted()
        let median = Double(sorted[sorted.count / 2])
        let p95 = Double(sorted[min(sorted.count - 1, Int(0.95 * Double(sorted.count - 1)))])
        return Result(key: key, label: label, unit: unit, median: median, p95: p95, repetitions: cells.count)
    }
}

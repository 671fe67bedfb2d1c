import Lister
import TerminalCore

/// How the demo's loaders behave, so a person can see every state: latency, failures,
/// empty lists. Every loading screen counts its own loads.
package struct DemoOptions: Sendable, Hashable {
    /// How long each load takes.
    package var latency: Duration
    /// Probability (0...1) that a load fails.
    package var failRate: Double
    /// The first N loads of each screen fail, then loads succeed.
    package var failFirst: Int
    /// Every list loads empty.
    package var empty: Bool
    /// Seed of the failure draws, so a run can be repeated.
    package var seed: UInt64
    /// Loading page N of a paged list (section N of a sectioned one) fails once, then
    /// succeeds; nil fails no page.
    package var failPage: Int?

    /// Creates options; the defaults let a person see the spinner.
    package init(
        latency: Duration = .milliseconds(600), failRate: Double = 0, failFirst: Int = 0, empty: Bool = false,
        seed: UInt64 = 1, failPage: Int? = nil
    ) {
        self.latency = latency
        self.failRate = failRate
        self.failFirst = failFirst
        self.empty = empty
        self.seed = seed
        self.failPage = failPage
    }
}

/// Carries out ``DemoOptions`` for one screen: waits, fails when told to, counts loads.
final class DemoLoadPolicy: Sendable {
    let options: DemoOptions
    let screenName: String
    private let loads = Locked(0)
    private let failedPage = Locked(false)

    init(options: DemoOptions, screenName: String) {
        self.options = options
        self.screenName = screenName
    }

    /// Waits the latency, then throws if this load must fail; returns `items` or none.
    /// - Parameters:
    ///   - page: the page (or section) this load is, for `--fail-page`.
    ///   - unit: what a page is called in the message: "page" or "section".
    func run<T: Sendable>(_ items: [T], page: Int? = nil, unit: String = "page") async throws -> [T] {
        let number = loads.withLock { n -> Int in
            n += 1
            return n
        }
        if options.latency > .zero { try await Task.sleep(for: options.latency) }
        if let page, page == options.failPage, failedPage.withLock({ failed in
            defer { failed = true }
            return !failed
        }) {
            throw ListError("simulated failure of \(unit) \(page) (--fail-page \(page))")
        }
        if number <= options.failFirst {
            throw ListError("simulated failure of load \(number) (--fail-first \(options.failFirst))")
        }
        if options.failRate > 0, draw(number) < options.failRate {
            throw ListError("simulated failure of load \(number) (--fail-rate \(options.failRate))")
        }
        return options.empty ? [] : items
    }

    /// A repeatable number in 0..<1 for load `number` of this screen.
    private func draw(_ number: Int) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in screenName.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var generator = SplitMix64(seed: options.seed ^ hash ^ UInt64(number))
        return Double(generator.next() >> 11) / Double(1 << 53)
    }
}

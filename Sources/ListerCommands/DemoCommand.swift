import ArgumentParser
import Lister
import ListerSources

/// `lister demo`: lists on data embedded in the binary, with loaders that can be slowed
/// down and made to fail, so every state can be seen. Without a name, a menu of the demos.
struct DemoCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse demo lists embedded in the binary.",
        discussion: """
            Without a name, a menu of the demos opens: \(DemoName.allCases.map(\.rawValue).joined(separator: ", ")). \
            The options apply to every load: the feed's, each page of the books, each section.
            """
    )

    enum Name: String, ExpressibleByArgument, CaseIterable {
        case feed, books, sections, live

        var demo: DemoName {
            switch self {
            case .feed: return .feed
            case .books: return .books
            case .sections: return .sections
            case .live: return .live
            }
        }
    }

    @Argument(help: "Which demo: \(Name.allCases.map(\.rawValue).joined(separator: ", ")); none opens a menu.")
    var name: Name?

    @Option(help: "Milliseconds each load takes.")
    var latency: Int = 600

    @Option(help: "Probability (0 to 1) that a load fails.")
    var failRate: Double = 0

    @Option(help: "The first N loads of each screen fail, then loads succeed.")
    var failFirst: Int = 0

    @Flag(help: "Every list loads empty.")
    var empty = false

    @Option(help: "Seed for the simulated failures.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Loading page N (in the sections demo, section N) fails once, then succeeds.", valueName: "n"))
    var failPage: Int?

    @OptionGroup var interface: InterfaceOptions

    func validate() throws {
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds, not \(latency)") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1, not \(failRate)") }
        guard failFirst >= 0 else { throw ValidationError("--fail-first must be 0 or more, not \(failFirst)") }
        if let failPage, failPage < 1 { throw ValidationError("--fail-page must be 1 or more, not \(failPage)") }
    }

    func execute() async throws {
        let options = DemoOptions(
            latency: .milliseconds(latency), failRate: failRate, failFirst: failFirst, empty: empty, seed: seed,
            failPage: failPage
        )
        let log = try interface.openLog()
        let screen = name.map { $0.demo.screen(options: options) } ?? DemoMenuScreen(options: options)
        let outcome = try await AppRunner.run(screen, interface: interface, log: log)
        throw ExitCode(outcome.exitStatus)
    }
}

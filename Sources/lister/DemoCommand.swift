import ArgumentParser
import Lister
import ListerSources

/// `lister demo`: lists on data embedded in the binary, with loaders that can be slowed
/// down and made to fail, so every state can be seen.
struct DemoCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse demo lists embedded in the binary."
    )

    enum Name: String, ExpressibleByArgument, CaseIterable {
        case feed
    }

    @Argument(help: "Which demo: \(Name.allCases.map(\.rawValue).joined(separator: ", ")).")
    var name: Name = .feed

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

    @OptionGroup var interface: InterfaceOptions

    func validate() throws {
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds, not \(latency)") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1, not \(failRate)") }
        guard failFirst >= 0 else { throw ValidationError("--fail-first must be 0 or more, not \(failFirst)") }
    }

    func execute() async throws {
        let options = DemoOptions(
            latency: .milliseconds(latency), failRate: failRate, failFirst: failFirst, empty: empty, seed: seed
        )
        let outcome = try await AppRunner.run(FeedScreen(options: options), interface: interface)
        throw ExitCode(outcome.exitStatus)
    }
}

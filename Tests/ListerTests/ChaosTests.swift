import Foundation
import Testing

/// Thousands of random steps against screens whose loads succeed, fail, stall and finish
/// out of order, on a virtual clock, with the invariants checked after every step (see
/// ChaosRun.swift and ChaosInvariants.swift). Fixed seeds make every run the same; a failure
/// prints the seed, the step and the last actions.
///
/// Replay one seed (and stop at a step) with
/// `LISTER_CHAOS_SEED=7 LISTER_CHAOS_STEPS=1234 swift test --filter ChaosTests`.
@MainActor
@Suite struct ChaosTests {
    nonisolated static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 123]  // 123 found the filter over a reload
    static let steps = 2400

    @Test(arguments: seeds)
    func randomStepsKeepTheInvariants(seed: UInt64) async {
        let environment = ProcessInfo.processInfo.environment
        var seed = seed
        if let only = environment["LISTER_CHAOS_SEED"].flatMap(UInt64.init) {
            // Any seed, replayed in the first test case only.
            guard seed == Self.seeds[0] else { return }
            seed = only
        }
        let steps = environment["LISTER_CHAOS_STEPS"].flatMap(Int.init) ?? (Self.underThreadSanitizer ? Self.steps / 4 : Self.steps)
        let run = ChaosRun(seed: seed)
        if let failure = await run.run(steps: steps) {
            Issue.record(Comment(rawValue: failure))
            return
        }
        #expect(run.checkedSteps == steps)
        guard steps >= Self.steps else { return }
        // The run reached the states it is meant to shake.
        #expect(run.tally["stale answers", default: 0] > 5, "\(run.tally)")
        #expect(run.tally["live answers", default: 0] > 80, "\(run.tally)")
        #expect(run.tally["filtered snapshots", default: 0] > 20, "\(run.tally)")
        #expect(run.tally["episodes", default: 0] > 3, "\(run.tally)")
        #expect(run.tally["quiescent checks", default: 0] >= steps / 250, "\(run.tally)")
        // Sections, streams and help (double clicks that open and `r` on a section's state
        // row come 1 to 9 times a seed: too few to require of each).
        #expect(run.tally["steps with sections", default: 0] > 50, "\(run.tally)")
        // (seed 21 reaches 8: a sectioned list's filter line takes typed keys, `q` among them,
        // so its episodes last longer since it filters.)
        #expect(run.tally["live stream steps", default: 0] > 5, "\(run.tally)")
        #expect(run.tally["stream rows grown", default: 0] > 0, "\(run.tally)")
        #expect(run.tally["steps under help", default: 0] > 20, "\(run.tally)")
        // Keys on settled lists, where frames are drawn ahead (9 to 36 a seed).
        #expect(run.tally["frames drawn ahead and checked", default: 0] > 5, "\(run.tally)")
        // Selected rows checked to be on the list's lines (rows of two lines among them).
        #expect(run.tally["selections on screen", default: 0] > 100, "\(run.tally)")
    }

    /// Whether the thread sanitizer is on (`make test-tsan`): it runs a quarter of the steps,
    /// each several times slower.
    nonisolated static var underThreadSanitizer: Bool {
        #if os(Linux)
        return dlsym(nil, "__tsan_init") != nil
        #else
        return false
        #endif
    }

    /// The same seed gives the same run.
    @Test func aSeedReplaysTheSameRun() async {
        let first = ChaosRun(seed: 42), second = ChaosRun(seed: 42)
        _ = await first.run(steps: 200)
        _ = await second.run(steps: 200)
        #expect(first.recent == second.recent)
        #expect(first.step == second.step && first.episode == second.episode)
        #expect(first.app.screen == second.app.screen)
    }
}

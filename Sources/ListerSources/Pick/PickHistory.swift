import Foundation

/// `lister pick --history FILE`: the queries of earlier runs, one a line, oldest first, as
/// fzf keeps them; each accepted query that is not empty is appended, and the file keeps
/// the newest `--history-size` of them.
public enum PickHistory {
    /// The queries in `path`; a file that does not exist yet is created empty. A file that
    /// cannot be read or created is an error naming it.
    public static func read(_ path: String) throws(PickOptions.Failure) -> [String] {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path), !manager.createFile(atPath: path, contents: nil) {
            throw PickOptions.Failure("--history \(path): cannot create the file (does its directory exist and can you write there?)")
        }
        guard let data = manager.contents(atPath: path) else {
            throw PickOptions.Failure("--history \(path): cannot read the file")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Appends `query` to `entries` and writes the newest `limit` of them to `path`.
    public static func append(_ query: String, to entries: [String], path: String, limit: Int) throws(PickOptions.Failure) {
        guard !query.isEmpty else { return }
        let kept = (entries + [query]).suffix(limit)
        do {
            try Data(kept.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PickOptions.Failure("--history \(path): cannot write the file (\(error.localizedDescription))")
        }
    }
}

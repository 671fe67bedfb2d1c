import ListerCommands

// `lister sqlite`, run by `lister` (execv) once the arguments are checked: the only
// executable that loads GRDB and SQLite.
ListerMain.main(as: SiblingRunner(sibling: .sqlite) { command in
    guard let sqlite = command as? SqliteCommand else { return }
    try await SqliteRun.run(sqlite)
})

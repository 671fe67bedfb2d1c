import ListerCommands

// Everything is in ListerCommands, which the sibling executables (`lister-json`,
// `lister-sqlite`) share: this binary links neither Foundation's networking nor GRDB.
ListerMain.main()

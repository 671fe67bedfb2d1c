// One `import Lister` is enough for a screen and its start: the cells, keys, sizes and
// `HeadlessTerminal` of TerminalCore, and `NcursesTerminal` and its options for the unusual
// starts. Only TerminalNcurses imports CNcurses; curses' own names stay hidden there.
@_exported import TerminalCore
@_exported import TerminalNcurses

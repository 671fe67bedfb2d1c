import Lister
import TerminalCore

/// The options of `lister pick`, under fzf's names, parsed by hand: fzf's `+i`, `-1` and
/// `--opt=value` forms, and a clear error for an fzf option that is not supported.
package struct PickOptions: Sendable, Equatable {
    package var query = ""
    /// `--filter QUERY`: no interface, print the matches in rank order.
    package var filter: String?
    package var selectOne = false
    package var exitZero = false
    package var printQuery = false
    package var header: String?
    package var headerLines = 0
    package var prompt = "> "
    /// `--layout reverse`: the prompt on top, the best match under it.
    package var reverse = false
    /// `--layout reverse-list`: the prompt at the bottom, the best match on top of the list.
    /// Without it (fzf's default layout) the best match is just above the prompt and the
    /// list grows upward.
    package var reverseList = false
    package var multi = false
    /// `--multi=N`: at most N lines can be marked; nil: any number.
    package var multiLimit: Int?
    package var read0 = false
    package var print0 = false
    package var expect: [PickKey] = []
    package var bindings: [PickBinding] = []
    package var fields = PickFields()
    package var tiebreaks: [FuzzyTiebreak] = [.length]
    package var caseMode: FuzzyPattern.CaseMode = .smart
    package var exact = false
    package var extended = true
    /// `--literal`: letters with accents match only themselves (fzf folds `é` to `e`).
    package var literal = false
    /// `--scheme`: which boundaries score most (its tiebreaks unless `--tiebreak` follows).
    package var scheme = FuzzyScheme.default
    /// `--algo`: how fuzzy terms are aligned (v2, the default, or fzf's greedy v1).
    package var algorithm = FuzzyAlgorithm.v2
    package var sorts = true
    package var tac = false
    package var noMouse = false
    /// `--bash`, `--zsh`, `--fish`: print the key bindings of that shell and exit.
    package var shellScript: PickShell?
    /// `--height N[%]`: drawn inline, in N rows (or N% of the screen) below the cursor.
    package var height: InlineHeight?
    /// `--ansi`: SGR colours in the input are shown, and escape sequences are not matched.
    package var ansi = false
    /// `--preview CMD`: the command that previews the selected line.
    package var preview: PreviewCommand?
    /// `--preview-window`: where the pane goes.
    /// `--preview-window`: fzf's default is the right half, in a rounded box.
    package var previewWindow = PickOptions.defaultPreviewWindow
    /// `--preview-window +N`: where each preview opens.
    package var previewScroll: PreviewWindow.Scroll?
    /// `--history FILE`: the queries of earlier runs (Ctrl-P/N walk them); each accepted
    /// query is appended.
    package var history: String?
    /// `--history-size N`: the most queries kept in the file.
    package var historySize = 1000
    /// fzf's look options (`--border`, `--color`, `--cycle`…): PickOptions+Look.swift.
    package var look = PickLook()
    /// `--disabled`: the query filters nothing (every line shows, in input order); the
    /// `change` event and `{q}` still see it (`enable-search` turns search on).
    package var searchDisabled = false
    /// `--sync`: the picker starts once the whole input is read.
    package var sync = false
    /// `--track`: the selected line stays selected while a new query matches it.
    package var track = false
    /// `--filepath-word`: the prompt's words are the parts of a path.
    package var filepathWord = false

    package init() {}

    /// The `--bind` actions the picker runs itself (``PickScreen/perform(command:context:)``,
    /// ``PickScreen/change(command:context:)``), in the order of the bindings:
    /// `execute-silent(CMD)`, `reload(CMD)`, `reload-sync(CMD)`, `toggle-sort`,
    /// `change-preview-window(…)`. A binding's ``Lister/Command/screenCommand(_:)`` is its
    /// index here.
    package var commandActions: [PickAction] {
        bindings.flatMap(\.actions).filter(\.name.isScreenCommand)
    }

    /// The `execute(CMD)` actions of `--bind`, in the order of the bindings: a binding's
    /// ``Lister/Command/terminalCommand(_:)`` is its index here.
    package var terminalActions: [PickAction] {
        bindings.flatMap(\.actions).filter { $0.name == .execute }
    }

    /// How a query is read under these options.
    package var patternOptions: FuzzyPattern.Options {
        FuzzyPattern.Options(caseMode: caseMode, exact: exact, extended: extended, foldsAccents: !literal, scheme: scheme,
                             algorithm: algorithm, forward: FuzzyPattern.Options.forward(tiebreaks: tiebreaks))
    }

    /// The ranking of `query` under these options.
    package func ranking(of query: String) -> FuzzyRanking {
        FuzzyRanking(pattern: FuzzyPattern(query, options: patternOptions), tiebreaks: tiebreaks, sorts: sorts, reversed: tac)
    }

    /// A usage error: what was wrong and what to do; exit status 2.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
        /// `failure` as found in `LISTER_DEFAULT_OPTS`: the message names the variable.
        package init(inDefaults failure: Failure) {
            description = failure.description.hasPrefix("LISTER_DEFAULT_OPTS")
                ? failure.description : "in LISTER_DEFAULT_OPTS: " + failure.description
        }
    }

    /// fzf options that `lister pick` knows and does not support yet, with why.
    static let unsupported: [String: String] = {
        var table: [String: String] = [:]
        for name in ["--jump-labels",
                     "--black", "--listen", "--toggle-sort",
                     "--no-clear", "--tmux", "--style", "--wrap", "--gap",
                     "--with-shell", "--walker", "--walker-root", "--walker-skip", "--nth-separator", "--freeze-left",
                     "--freeze-right", "--ghost", "--footer", "--list-border", "--input-border"] {
            table[name] = "is an fzf option that lister pick does not support"
        }
        return table
    }()

    /// fzf's preview window: the right half, in a rounded box.
    package static var defaultPreviewWindow: PreviewPlacement {
        var placement = PreviewPlacement.right(.percent(50))
        placement.border = .rounded
        return placement
    }

    /// Parses `arguments` (`LISTER_DEFAULT_OPTS` first, then the command line's).
    package static func parse(_ arguments: [String]) throws(Failure) -> PickOptions {
        var options = PickOptions()
        var index = 0
        func value(for name: String, inline: String?) throws(Failure) -> String {
            if let inline { return inline }
            guard index < arguments.count else { throw Failure("\(name) needs a value") }
            defer { index += 1 }
            return arguments[index]
        }
        func number(_ text: String, for name: String) throws(Failure) -> Int {
            guard let value = Int(text), value >= 0 else { throw Failure("\(name) takes a number of 0 or more, not '\(text)'") }
            return value
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
                      ["-q", "-f", "-d", "-n"].contains(String(argument.prefix(2))) {
                name = String(argument.prefix(2))  // -qfoo, as fzf takes it
                inline = String(argument.dropFirst(2))
            }
            switch name {
            case "-q", "--query": options.query = try value(for: name, inline: inline)
            case "-f", "--filter": options.filter = try value(for: name, inline: inline)
            case "-1", "--select-1": options.selectOne = true
            case "+1", "--no-select-1": options.selectOne = false
            case "-0", "--exit-0": options.exitZero = true
            case "+0", "--no-exit-0": options.exitZero = false
            case "--print-query": options.printQuery = true
            case "--no-print-query": options.printQuery = false
            case "--header": options.header = try value(for: name, inline: inline)
            case "--header-lines": options.headerLines = try number(value(for: name, inline: inline), for: name)
            case "--prompt": options.prompt = try value(for: name, inline: inline)
            case "--preview": options.preview = PreviewCommand(try value(for: name, inline: inline))
            case "--preview-window":
                do {
                    let text = try value(for: name, inline: inline)
                    options.previewWindow = try PreviewWindow.parse(text, over: defaultPreviewWindow)
                    options.previewScroll = PreviewWindow.scroll(text)
                } catch let error as PreviewWindow.Invalid {
                    throw Failure(error.description)
                } catch {
                    throw Failure("\(error)")
                }
            case "--layout":
                switch try value(for: name, inline: inline) {
                case "default": (options.reverse, options.reverseList) = (false, false)
                case "reverse": (options.reverse, options.reverseList) = (true, false)
                case "reverse-list": (options.reverse, options.reverseList) = (false, true)
                case let other: throw Failure("--layout takes default, reverse or reverse-list, not '\(other)'")
                }
            case "--reverse": (options.reverse, options.reverseList) = (true, false)
            case "--no-reverse": options.reverse = false
            case "-m", "--multi":
                options.multi = true
                options.multiLimit = nil
                if let inline, try number(inline, for: name) > 0 { options.multiLimit = try number(inline, for: name) }
            case "+m", "--no-multi": options.multi = false
            case "--read0": options.read0 = true
            case "--print0": options.print0 = true
            case "--expect":
                options.expect += try value(for: name, inline: inline).split(separator: ",").map { name throws(Failure) in
                    try PickKey.parse(String(name))
                }
            case "--bind": options.bindings += try PickBinding.parseList(value(for: name, inline: inline))
            case "-d", "--delimiter": options.fields.setDelimiter(try value(for: name, inline: inline))
            case "-n", "--nth": options.fields.nth = try PickFields.nth(value(for: name, inline: inline))
            case "--with-nth": options.fields.withNth = try PickFields.expression(value(for: name, inline: inline), option: "--with-nth")
            case "--accept-nth": options.fields.acceptNth = try PickFields.expression(value(for: name, inline: inline), option: "--accept-nth")
            case "--tiebreak": options.tiebreaks = try tiebreaks(value(for: name, inline: inline))
            case "--scheme", "--algo": try options.apply(name, value(for: name, inline: inline))
            case "-i", "--ignore-case": options.caseMode = .ignore
            case "+i", "--no-ignore-case": options.caseMode = .respect
            case "--smart-case": options.caseMode = .smart
            case "-e", "--exact": options.exact = true
            case "--no-exact": options.exact = false
            case "-x", "--extended": options.extended = true
            case "+x", "--no-extended": options.extended = false
            case "+s", "--no-sort": options.sorts = false
            case "-s", "--sort": options.sorts = true
            case "--ansi": options.ansi = true
            case "--no-ansi": options.ansi = false
            case "--tac": options.tac = true
            case "--bash": options.shellScript = .bash
            case "--zsh": options.shellScript = .zsh
            case "--fish": options.shellScript = .fish
            case "--no-tac": options.tac = false
            case "--no-mouse": options.noMouse = true
            case "--height":
                do {
                    options.height = try InlineHeight.parse(value(for: name, inline: inline))
                } catch let error as InlineHeight.Invalid {
                    throw Failure(error.description)
                } catch {
                    throw Failure("\(error)")
                }
            case "--no-height": options.height = nil
            case "--history": options.history = try value(for: name, inline: inline)
            case "--no-history": options.history = nil
            case "--history-size":
                options.historySize = try number(value(for: name, inline: inline), for: name)
                guard options.historySize > 0 else { throw Failure("--history-size takes a number of 1 or more") }
            default:
                if inline == nil, options.applySwitch(name) || options.applyBehaviourSwitch(name) { continue }
                if try options.look.parse(name, inline: inline, value: { () throws(Failure) in try value(for: name, inline: inline) }) {
                    continue
                }
                if let why = unsupported[name] { throw Failure("\(name) \(why)") }
                if argument.hasPrefix("-") || argument.hasPrefix("+") {
                    throw Failure("unknown option '\(argument)' (see lister pick --help)")
                }
                throw Failure("unexpected argument '\(argument)': lister pick reads standard input (or LISTER_DEFAULT_COMMAND)")
            }
        }
        options.applyMinHeight()
        return options
    }
}

/// Splits a command line the way a POSIX shell splits words: blanks separate, single
/// quotes keep everything, double quotes keep all but `\"` and `\\`, a backslash escapes
/// the next character. For `LISTER_DEFAULT_OPTS`.
package func shellWords(_ text: String) throws(PickOptions.Failure) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = text.makeIterator()
    while let character = iterator.next() {
        switch character {
        case " ", "\t", "\n":
            if inWord { words.append(word) }
            word = ""
            inWord = false
        case "'":
            inWord = true
            while true {
                guard let next = iterator.next() else { throw PickOptions.Failure("LISTER_DEFAULT_OPTS: a ' is not closed") }
                if next == "'" { break }
                word.append(next)
            }
        case "\"":
            inWord = true
            while true {
                guard let next = iterator.next() else { throw PickOptions.Failure("LISTER_DEFAULT_OPTS: a \" is not closed") }
                if next == "\"" { break }
                if next == "\\", let escaped = iterator.next() {
                    if escaped != "\"" && escaped != "\\" { word.append("\\") }
                    word.append(escaped)
                } else {
                    word.append(next)
                }
            }
        case "\\":
            inWord = true
            if let escaped = iterator.next(), escaped != "\n" { word.append(escaped) }
        default:
            inWord = true
            word.append(character)
        }
    }
    if inWord { words.append(word) }
    return words
}

/// Something other than a key that runs `--bind` actions, as fzf names it.
package enum PickEvent: String, CaseIterable, Hashable, Sendable {
    /// Once, when the picker starts (before the input is read).
    case start
    /// When the input has been read to its end (again after each `reload`).
    case load
    /// When the query changes.
    case change
    /// When the selection moves to another line.
    case focus
    /// When the matches of a query are complete.
    case result
    /// With each `result` that has no match, or exactly one.
    case zero, one
    /// When the marks change.
    case multi
    /// When Backspace is pressed on an empty query.
    case backwardEOF = "backward-eof"
    /// When the terminal's size changes.
    case resize
    /// A click on a line (once it is selected), a double click, the wheel.
    case leftClick = "left-click", doubleClick = "double-click", scrollUp = "scroll-up", scrollDown = "scroll-down"
}

/// What runs the actions of a `--bind` entry: a key or an event.
package enum PickTrigger: Hashable, Sendable {
    /// A key (`ctrl-a`, `f1`, `x`...).
    case key(PickKey)
    /// An event (`start`, `load`, `change`, `focus`, `result`).
    case event(PickEvent)

    /// Parses fzf's name of a key or an event.
    package static func parse(_ name: String) throws(PickOptions.Failure) -> PickTrigger {
        if let event = PickEvent(rawValue: name) { return .event(event) }
        do {
            return .key(try PickKey.parse(name))
        } catch {
            throw PickOptions.Failure("\(error.description); events: \(PickEvent.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// Parses the keys and events of `unbind(…)` and `rebind(…)`: names separated by
    /// commas (`ctrl-a,change`); `,` alone is the comma key, as in fzf.
    package static func parseList(_ text: String) throws(PickOptions.Failure) -> [PickTrigger] {
        var triggers: [PickTrigger] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            // A name is at least one character, so a ',' first is the comma key.
            let end = rest.dropFirst().firstIndex(of: ",") ?? rest.endIndex
            triggers.append(try parse(String(rest[..<end])))
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        guard !triggers.isEmpty else { throw PickOptions.Failure("expected keys or events, as in unbind(ctrl-a,change)") }
        return triggers
    }

    /// fzf's name of the key or event.
    package var name: String {
        switch self {
        case .key(let key): key.name
        case .event(let event): event.rawValue
        }
    }
}

/// One action of a `--bind` entry, with its argument (`execute(CMD)`, `change-query(TEXT)`...).
package struct PickAction: Hashable, Sendable {
    /// The actions `lister pick` runs, under fzf's names.
    package enum Name: String, CaseIterable, Hashable, Sendable {
        case accept, abort, up, down, first, last, top, toggle, select, deselect, ignore, become, reload, put
        case acceptNonEmpty = "accept-non-empty"
        case pageUp = "page-up"
        case pageDown = "page-down"
        case selectAll = "select-all"
        case deselectAll = "deselect-all"
        case toggleAll = "toggle-all"
        case toggleSort = "toggle-sort"
        case clearQuery = "clear-query"
        case changeQuery = "change-query"
        case backwardDeleteChar = "backward-delete-char"
        case backwardKillWord = "backward-kill-word"
        case killLine = "kill-line"
        case unixLineDiscard = "unix-line-discard"
        case printQuery = "print-query"
        case execute
        case executeSilent = "execute-silent"
        case reloadSync = "reload-sync"
        case togglePreview = "toggle-preview"
        case previewUp = "preview-up"
        case previewDown = "preview-down"
        case previewPageUp = "preview-page-up"
        case previewPageDown = "preview-page-down"
        case previewTop = "preview-top"
        case previewBottom = "preview-bottom"
        case changePreviewWindow = "change-preview-window"
        case deleteChar = "delete-char"
        case deleteCharEOF = "delete-char/eof"
        case backwardChar = "backward-char"
        case forwardChar = "forward-char"
        case backwardWord = "backward-word"
        case forwardWord = "forward-word"
        case beginningOfLine = "beginning-of-line"
        case endOfLine = "end-of-line"
        case killWord = "kill-word"
        case unixWordRubout = "unix-word-rubout"
        case yank
        case enableSearch = "enable-search"
        case disableSearch = "disable-search"
        case toggleSearch = "toggle-search"
        case unbind, rebind
        case changePrompt = "change-prompt"
        case changeHeader = "change-header"
        case transform
        case transformQuery = "transform-query"
        case transformPrompt = "transform-prompt"
        case transformHeader = "transform-header"
        case search
        case transformSearch = "transform-search"
        case showPreview = "show-preview"
        case hidePreview = "hide-preview"
        case previewHalfPageUp = "preview-half-page-up"
        case previewHalfPageDown = "preview-half-page-down"
        case changePreview = "change-preview"
        case preview
        case refreshPreview = "refresh-preview"
        case togglePreviewWrap = "toggle-preview-wrap"
        case toggleTrack = "toggle-track"
        case halfPageUp = "half-page-up"
        case halfPageDown = "half-page-down"
        case offsetUp = "offset-up"
        case offsetDown = "offset-down"
        case pos
        case toggleIn = "toggle-in"
        case toggleOut = "toggle-out"
        case clearSelection = "clear-selection"
        case nextHistory = "next-history"
        case prevHistory = "prev-history"
        case upMatch = "up-match"
        case downMatch = "down-match"

        /// Whether the action runs as one of the picker's own commands
        /// (``PickOptions/commandActions``): a command run silently, or a change of the
        /// screen (its lines read again, its order, its prompt, which keys it takes).
        package var isScreenCommand: Bool {
            [.executeSilent, .reload, .reloadSync, .toggleSort, .changePreviewWindow, .enableSearch, .disableSearch,
             .toggleSearch, .unbind, .rebind, .changePrompt, .changeHeader, .transform, .transformQuery, .transformPrompt,
             .transformHeader, .clearSelection, .search, .transformSearch, .changePreview, .refreshPreview, .togglePreviewWrap,
             .toggleTrack, .preview].contains(self)
        }

        /// Whether the action needs an argument (`execute(CMD)`); `put` takes one or none.
        package var argument: ArgumentUse {
            switch self {
            case .execute, .executeSilent, .become, .reload, .reloadSync, .changePreviewWindow, .changeQuery, .unbind, .rebind,
                 .transform, .transformQuery, .transformPrompt, .transformHeader, .changePrompt, .changeHeader, .search, .transformSearch, .changePreview, .pos, .preview: .required
            case .put: .optional
            default: .none
            }
        }

        /// Whether an action takes an argument.
        package enum ArgumentUse: Sendable { case none, optional, required }
    }

    /// The action.
    package let name: Name
    /// Its argument: the text between the delimiters, placeholders unexpanded.
    package let argument: String?

    /// An action.
    package init(_ name: Name, argument: String? = nil) {
        self.name = name
        self.argument = argument
    }
}

/// A `--bind` entry: a key or event and the actions it runs, in order.
package struct PickBinding: Hashable, Sendable {
    /// The key or event.
    package let trigger: PickTrigger
    /// The actions, in the order they run.
    package let actions: [PickAction]

    /// The key, when the trigger is one.
    package var key: PickKey? {
        if case .key(let key) = trigger { return key }
        return nil
    }

    /// The closing delimiter of each opening one fzf takes around an argument:
    /// `execute(…)`, `execute[…]`, `execute{…}`, `execute<…>`, and the same character on both
    /// sides for `~ ! @ # $ % ^ & * ; / |`. `execute:…` takes the rest of the whole text.
    static let delimiters: [Character: Character] = {
        var pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        for character in "~!@#$%^&*;/|" { pairs[character] = character }
        return pairs
    }()

    /// Parses `KEY:ACTION[+ACTION…][,KEY:ACTION…]` as fzf does: an argument is everything up
    /// to its closing delimiter (commas and `+` included), and `ACTION:ARGUMENT` ends the text.
    static func parseList(_ text: String) throws(PickOptions.Failure) -> [PickBinding] {
        var bindings: [PickBinding] = []
        var rest = Substring(text)
        func fail(_ what: String) -> PickOptions.Failure {
            PickOptions.Failure("--bind '\(text)': \(what)")
        }
        while true {
            // The key or event: up to the first ':', with at least one character (`::` binds ':').
            guard !rest.isEmpty else { throw fail("expected KEY:ACTION after the last ',' (as in ctrl-a:select-all)") }
            guard rest.first != nil, let colon = rest.dropFirst().firstIndex(of: ":") else {
                throw fail("'\(rest)' has no ':' between a key and its actions (expected KEY:ACTION, as in ctrl-a:select-all)")
            }
            let triggerName = String(rest[..<colon])
            let trigger: PickTrigger
            do {
                trigger = try PickTrigger.parse(triggerName)
            } catch {
                throw fail(error.description)
            }
            rest = rest[rest.index(after: colon)...]
            var actions: [PickAction] = []
            var ended = false
            actionLoop: while true {
                let wordEnd = rest.firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) } ?? rest.endIndex
                var actionName = String(rest[..<wordEnd])
                if actionName == "delete-char", rest[wordEnd...].hasPrefix("/eof") {
                    actionName = PickAction.Name.deleteCharEOF.rawValue  // the one name with a '/'
                }
                let nameEnd = rest.index(rest.startIndex, offsetBy: actionName.count)
                guard !actionName.isEmpty else {
                    throw fail(rest.isEmpty ? "'\(triggerName)' has no action after ':'"
                                            : "expected an action name at '\(rest)'")
                }
                guard let name = PickAction.Name(rawValue: actionName) else {
                    let known = PickAction.Name.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("unknown action '\(actionName)' (lister pick runs: \(known))")
                }
                rest = rest[nameEnd...]
                var argument: String?
                if let opener = rest.first, opener == ":" || (Self.delimiters[opener] != nil && name.argument != .none) {
                    guard name.argument != .none else { throw fail("'\(actionName)' takes no argument") }
                    if opener == ":" {
                        argument = String(rest.dropFirst())  // to the end of the whole text
                        rest = rest[rest.endIndex...]
                        ended = true
                    } else {
                        let closer = Self.delimiters[opener]!
                        let body = rest.dropFirst()
                        guard let close = body.firstIndex(of: closer) else {
                            throw fail("'\(actionName)\(opener)' has no closing '\(closer)'")
                        }
                        argument = String(body[..<close])
                        rest = body[body.index(after: close)...]
                    }
                } else if name.argument == .required {
                    throw fail("'\(actionName)' needs an argument, as in \(actionName)(...)")
                }
                if name == .pos, Int(argument ?? "") == nil {
                    throw fail("pos takes a whole number, as in pos(3) or pos(-1) (the last), not '\(argument ?? "")'")
                }
                if name == .unbind || name == .rebind {
                    do {
                        _ = try PickTrigger.parseList(argument ?? "")
                    } catch {
                        throw fail("\(actionName): \(error.description)")
                    }
                }
                actions.append(PickAction(name, argument: argument))
                if ended { break actionLoop }
                switch rest.first {
                case "+": rest = rest.dropFirst()
                case ",", nil: break actionLoop
                default: throw fail("unexpected '\(rest)' after '\(actionName)' (actions are joined with '+', entries with ',')")
                }
            }
            bindings.append(PickBinding(trigger: trigger, actions: actions))
            guard rest.first == "," else { break }
            rest = rest.dropFirst()
        }
        return bindings
    }
}

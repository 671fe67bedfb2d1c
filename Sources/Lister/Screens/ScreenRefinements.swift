/// Which kind of screen a screen is, for the runtime: a list, a sectioned list, a detail
/// screen or a ``SplitScreen``. Not API: it has no public members and no public
/// initializer, so only Lister's own protocols (and ``SplitScreen``) make one.
///
/// Why it exists: a cast such as `screen as? any SectionedListScreen` that fails scans every
/// protocol conformance record of the process the first time it is made (thousands, in an
/// app linked with its dependencies), and the runtime used to make several for each screen
/// it showed: about a tenth of `lister lines`' work before its first frame. Each screen
/// protocol answers for itself in an extension instead (`_ScreenRefinements`).
public struct _ScreenKind: Sendable {
    enum Kind: Sendable {
        case other
        case list(any ListScreen)
        case sectioned(any SectionedListScreen)
        case detail(any DetailScreen)
        case split(SplitScreen)
    }

    let kind: Kind
}

/// How a screen tells the runtime its kind without a dynamic cast (see `_ScreenKind`).
/// Lister's screen protocols answer; a screen never implements it.
@MainActor
public protocol _ScreenRefinements {
    /// The screen's kind, answered by the protocol it adopts.
    var _screenKind: _ScreenKind { get }
}

extension Screen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .other) }
}

extension ListScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .list(self)) }
}

extension SectionedListScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .sectioned(self)) }
}

extension DetailScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .detail(self)) }
}

// A screen of two kinds at once is shown as the first of sectioned, list, detail: each pair
// (and the three) says so, or Swift would find two answers equally fitting.

extension ListScreen where Self: SectionedListScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .sectioned(self)) }
}

extension DetailScreen where Self: SectionedListScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .sectioned(self)) }
}

extension ListScreen where Self: DetailScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .list(self)) }
}

extension SectionedListScreen where Self: ListScreen & DetailScreen {
    public var _screenKind: _ScreenKind { _ScreenKind(kind: .sectioned(self)) }
}

/// Which refinement of ``ListScreen`` a list screen adopts, one answer per refinement (a
/// screen may adopt several: a paged table). Not API, as `_ScreenKind`.
public struct _ListScreenKind: Sendable {
    enum Kind: Sendable {
        case none
        case paged(any PagedListScreen)
        case grouped(any GroupedListScreen)
        case live(any LiveListScreen)
        case table(any TableScreen)
        case commands(any CommandHandlingScreen)
    }

    let kind: Kind
}

/// The same for the refinements of ``ListScreen``: what the list's host asks when it is
/// made, on each frame and on a screen's own command, where it would otherwise cast. Each
/// refinement answers its own member; a screen never implements them.
@MainActor
public protocol _ListScreenRefinements {
    /// ``PagedListScreen``'s answer.
    var _pagedKind: _ListScreenKind { get }
    /// ``GroupedListScreen``'s answer.
    var _groupedKind: _ListScreenKind { get }
    /// ``LiveListScreen``'s answer.
    var _liveKind: _ListScreenKind { get }
    /// ``TableScreen``'s answer.
    var _tableKind: _ListScreenKind { get }
    /// ``CommandHandlingScreen``'s answer.
    var _commandsKind: _ListScreenKind { get }
}

extension ListScreen {
    public var _pagedKind: _ListScreenKind { _ListScreenKind(kind: .none) }
    public var _groupedKind: _ListScreenKind { _ListScreenKind(kind: .none) }
    public var _liveKind: _ListScreenKind { _ListScreenKind(kind: .none) }
    public var _tableKind: _ListScreenKind { _ListScreenKind(kind: .none) }
    public var _commandsKind: _ListScreenKind { _ListScreenKind(kind: .none) }
}

extension PagedListScreen {
    public var _pagedKind: _ListScreenKind { _ListScreenKind(kind: .paged(self)) }
}

extension GroupedListScreen {
    public var _groupedKind: _ListScreenKind { _ListScreenKind(kind: .grouped(self)) }
}

extension LiveListScreen {
    public var _liveKind: _ListScreenKind { _ListScreenKind(kind: .live(self)) }
}

extension TableScreen {
    public var _tableKind: _ListScreenKind { _ListScreenKind(kind: .table(self)) }
}

extension CommandHandlingScreen {
    public var _commandsKind: _ListScreenKind { _ListScreenKind(kind: .commands(self)) }
}

// What the runtime reads: the answers above as the screens they are.

extension Screen {
    /// The screen as a ``ListScreen``, if it is one.
    var asList: (any ListScreen)? { if case .list(let screen) = _screenKind.kind { screen } else { nil } }
    /// The screen as a ``SectionedListScreen``, if it is one.
    var asSectioned: (any SectionedListScreen)? { if case .sectioned(let screen) = _screenKind.kind { screen } else { nil } }
    /// The screen as a ``DetailScreen``, if it is one.
    var asDetail: (any DetailScreen)? { if case .detail(let screen) = _screenKind.kind { screen } else { nil } }
    /// The screen as a ``SplitScreen``, if it is one.
    var asSplit: SplitScreen? { if case .split(let screen) = _screenKind.kind { screen } else { nil } }
}

extension ListScreen {
    /// The screen as a ``PagedListScreen``, if it is one.
    var asPaged: (any PagedListScreen)? { if case .paged(let screen) = _pagedKind.kind { screen } else { nil } }
    /// The screen as a ``GroupedListScreen``, if it is one.
    var asGrouped: (any GroupedListScreen)? { if case .grouped(let screen) = _groupedKind.kind { screen } else { nil } }
    /// The screen as a ``LiveListScreen``, if it is one.
    var asLive: (any LiveListScreen)? { if case .live(let screen) = _liveKind.kind { screen } else { nil } }
    /// The screen as a ``TableScreen``, if it is one.
    var asTable: (any TableScreen)? { if case .table(let screen) = _tableKind.kind { screen } else { nil } }
    /// The screen as a ``CommandHandlingScreen``, if it is one.
    var asCommandHandling: (any CommandHandlingScreen)? {
        if case .commands(let screen) = _commandsKind.kind { screen } else { nil }
    }
}

/// How the runtime learns which refinements of ``Screen`` a screen adopts without a dynamic
/// cast. A cast such as `screen as? any SectionedListScreen` that fails scans every protocol
/// conformance record of the process the first time it is made (thousands, in an app
/// linked with its dependencies), and the runtime used to make several for each screen it
/// showed: about a tenth of `lister lines`' work before its first frame. Each refinement
/// answers for itself in an extension instead; a screen never implements these.
@MainActor
public protocol _ScreenRefinements {
    /// The screen as a ``ListScreen``, if it is one.
    var _asList: (any ListScreen)? { get }
    /// The screen as a ``SectionedListScreen``, if it is one.
    var _asSectioned: (any SectionedListScreen)? { get }
    /// The screen as a ``DetailScreen``, if it is one.
    var _asDetail: (any DetailScreen)? { get }
    /// The screen as a ``SplitScreen``, if it is one.
    var _asSplit: SplitScreen? { get }
}

extension Screen {
    public var _asList: (any ListScreen)? { nil }
    public var _asSectioned: (any SectionedListScreen)? { nil }
    public var _asDetail: (any DetailScreen)? { nil }
    public var _asSplit: SplitScreen? { nil }
}

extension ListScreen {
    public var _asList: (any ListScreen)? { self }
}

extension SectionedListScreen {
    public var _asSectioned: (any SectionedListScreen)? { self }
}

extension DetailScreen {
    public var _asDetail: (any DetailScreen)? { self }
}

/// The same for the refinements of ``ListScreen`` (paged, grouped, live, table): what the
/// list's host asks when it is made and on each frame, where it used casts.
@MainActor
public protocol _ListScreenRefinements {
    /// The screen as a ``PagedListScreen``, if it is one.
    var _asPaged: (any PagedListScreen)? { get }
    /// The screen as a ``GroupedListScreen``, if it is one.
    var _asGrouped: (any GroupedListScreen)? { get }
    /// The screen as a ``LiveListScreen``, if it is one.
    var _asLive: (any LiveListScreen)? { get }
    /// The screen as a ``TableScreen``, if it is one.
    var _asTable: (any TableScreen)? { get }
}

extension ListScreen {
    public var _asPaged: (any PagedListScreen)? { nil }
    public var _asGrouped: (any GroupedListScreen)? { nil }
    public var _asLive: (any LiveListScreen)? { nil }
    public var _asTable: (any TableScreen)? { nil }
}

extension PagedListScreen {
    public var _asPaged: (any PagedListScreen)? { self }
}

extension GroupedListScreen {
    public var _asGrouped: (any GroupedListScreen)? { self }
}

extension LiveListScreen {
    public var _asLive: (any LiveListScreen)? { self }
}

extension TableScreen {
    public var _asTable: (any TableScreen)? { self }
}

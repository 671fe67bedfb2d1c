import TerminalCore

/// Two screens (or more) on one: side by side or one above the other, each loading,
/// failing, retrying, selecting and filtering on its own. One pane has the focus: keys go
/// to it, the status bar speaks of it, and Enter or Right in it opens what its row leads
/// to, as on a screen of its own. Tab and Shift-Tab move the focus, and a click or the
/// wheel in a pane gives it the focus first.
///
/// ```swift
/// // Folders on the left, a third of the width; the files of the first one beside them.
/// ListerApp.run(SplitScreen("Mail", panes: [Folders(), Messages(folder: .inbox)], shares: [1, 2]))
/// ```
///
/// A pane is any list, sectioned list or detail screen; each shows its title on its first
/// line (`▸` marks the focused one), with a line between panes side by side. Each keeps
/// its own ``ScreenHandle``, so one pane can steer another from its actions: a master's
/// action refreshes a detail pane that reads what the master chose
/// (``ScreenHandle/refresh()``), or selects a row there (``ScreenHandle/select(_:)``). The
/// split's own ``chrome`` is drawn around the panes; the panes' chrome is not. A pane
/// cannot be a split itself.
public struct SplitScreen: Screen {
    /// Shown in the breadcrumb.
    public var title: String
    /// The screens shown, left to right or top to bottom.
    public var panes: [any Screen]
    /// ``Split/Axis/horizontal`` puts the panes side by side, ``Split/Axis/vertical`` one
    /// above the other.
    public var axis: Split.Axis
    /// Each pane's share of the room, in the order of ``panes`` (a pane without one takes
    /// a share of 1): `[1, 2]` gives the second pane twice the first one's width.
    public var shares: [Int]
    /// The pane that has the focus when the screen is first shown.
    public var focus: Int
    /// The lines drawn around the panes: ``ScreenChrome/standard`` by default.
    public var chrome: ScreenChrome

    /// A screen of `panes` placed along `axis`, sized by `shares` (equal by default), with
    /// the focus on pane `focus`.
    public init(_ title: String, axis: Split.Axis = .horizontal, panes: [any Screen], shares: [Int] = [],
                focus: Int = 0, chrome: ScreenChrome = .standard) {
        self.title = title
        self.panes = panes
        self.axis = axis
        self.shares = shares
        self.focus = focus
        self.chrome = chrome
    }

    public var _screenKind: _ScreenKind { _ScreenKind(kind: .split(self)) }

    /// The share of the room pane `index` takes (at least 0; 1 when not given).
    func share(of index: Int) -> Int {
        index < shares.count ? max(0, shares[index]) : 1
    }
}

import TerminalCore

/// Something that draws itself into a rectangle of a `Buffer` (TerminalCore).
///
/// Rendering is a pure function of the view's value: no I/O, no waiting, no mutation of
/// anything but the buffer. Compose views with ``VStack``, ``HStack`` and ``ViewBuilder``:
///
/// ```swift
/// VStack {
///     Text("Title").bold()
///     Divider()
///     Text("Body")
/// }
/// ```
@MainActor
public protocol View {
    /// How many rows the view wants: a fixed number, or whatever is left.
    var sizing: Sizing { get }
    /// Draws the view into `rect` of `buffer`; nothing outside `rect` changes.
    func render(in rect: Rect, buffer: inout Buffer)
}

/// How much height (in a ``VStack``) or width (in an ``HStack``) a view asks for.
public enum Sizing: Hashable, Sendable {
    /// Exactly this many rows or columns (fewer when there is no room).
    case fixed(Int)
    /// A share of the room left after the fixed views.
    case flexible
}

/// Builds a list of views from a closure, as SwiftUI's `@ViewBuilder` does.
@resultBuilder
@MainActor
public enum ViewBuilder {
    /// One view.
    public static func buildExpression(_ view: some View) -> [any View] { [view] }
    /// Views made elsewhere, such as an array of rows.
    public static func buildExpression(_ views: [any View]) -> [any View] { views }
    /// The views of a block, in order.
    public static func buildBlock(_ parts: [any View]...) -> [any View] { parts.flatMap { $0 } }
    /// The views of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [any View]?) -> [any View] { part ?? [] }
    /// The views of an `if` (or the first case of a `switch`).
    public static func buildEither(first part: [any View]) -> [any View] { part }
    /// The views of an `else` (or a later case of a `switch`).
    public static func buildEither(second part: [any View]) -> [any View] { part }
    /// The views of a `for` loop, iteration after iteration.
    public static func buildArray(_ parts: [[any View]]) -> [any View] { parts.flatMap { $0 } }
    /// The whole closure's views, as one ``Group``.
    public static func buildFinalResult(_ parts: [any View]) -> Group { Group(parts) }
}

/// Views one after another, top to bottom: what ``ViewBuilder`` produces.
public struct Group: View {
    /// The views, in order.
    public let children: [any View]

    /// Wraps `children`.
    public init(_ children: [any View]) { self.children = children }

    /// Builds the children with a ``ViewBuilder``.
    public init(@ViewBuilder _ content: () -> Group) { self = content() }

    public var sizing: Sizing { VStack.sizing(of: children) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        VStack.renderStacked(children, in: rect, buffer: &buffer)
    }
}

/// A view that draws nothing and takes the room it is given.
public struct Nothing: View {
    /// Creates the view.
    public init() {}
    public var sizing: Sizing { .fixed(0) }
    public func render(in rect: Rect, buffer: inout Buffer) {}
}

import TerminalCore

/// Views stacked top to bottom. Fixed views get their rows first; flexible views share
/// what is left.
public struct VStack: View {
    /// The stacked views.
    public let children: [any View]

    /// Builds the children with a ``ViewBuilder``.
    public init(@ViewBuilder _ content: () -> Group) { children = content().children }

    /// Stacks `children`.
    public init(_ children: [any View]) { self.children = children }

    public var sizing: Sizing { VStack.sizing(of: children) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        VStack.renderStacked(children, in: rect, buffer: &buffer)
    }

    static func sizing(of children: [any View]) -> Sizing {
        var total = 0
        for child in children {
            switch child.sizing {
            case .flexible: return .flexible
            case .fixed(let n): total += n
            }
        }
        return .fixed(total)
    }

    static func renderStacked(_ children: [any View], in rect: Rect, buffer: inout Buffer) {
        let extents = distribute(children.map(\.sizing), over: rect.height)
        var top = rect.top
        for (child, height) in zip(children, extents) where height > 0 {
            child.render(in: Rect(row: top, column: rect.left, rows: height, columns: rect.width), buffer: &buffer)
            top += height
        }
    }

    /// Shares `room` among sizings: fixed first, in order, then flexible evenly.
    static func distribute(_ sizings: [Sizing], over room: Int) -> [Int] {
        var left = max(0, room)
        var extents = sizings.map { sizing -> Int in
            guard case .fixed(let n) = sizing else { return 0 }
            let given = min(n, left)
            left -= given
            return given
        }
        let flexible = sizings.indices.filter { sizings[$0] == .flexible }
        for (k, index) in flexible.enumerated() {
            let share = left / (flexible.count - k)
            extents[index] = share
            left -= share
        }
        return extents
    }
}

/// Views side by side, left to right. A child's ``Sizing`` is read as columns here; a
/// ``Text`` takes its own width.
public struct HStack: View {
    /// The views, left to right.
    public let children: [any View]
    /// Blank columns between children.
    public let spacing: Int

    /// Builds the children with a ``ViewBuilder``.
    public init(spacing: Int = 1, @ViewBuilder _ content: () -> Group) {
        self.spacing = spacing
        children = content().children
    }

    public var sizing: Sizing { .fixed(1) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let widths = children.map { child -> Sizing in
            if let text = child as? Text { return .fixed(text.width) }
            return child.sizing
        }
        let gaps = spacing * max(0, children.count - 1)
        let extents = VStack.distribute(widths, over: rect.width - gaps)
        var left = rect.left
        for (child, width) in zip(children, extents) {
            if width > 0 {
                child.render(in: Rect(row: rect.top, column: left, rows: rect.height, columns: width), buffer: &buffer)
            }
            left += width + spacing
        }
    }
}

/// Empty room that grows to fill a stack.
public struct Spacer: View {
    /// Creates a spacer.
    public init() {}
    public var sizing: Sizing { .flexible }
    public func render(in rect: Rect, buffer: inout Buffer) {}
}

/// A horizontal line across the room it is given.
public struct Divider: View {
    /// Style of the line.
    public var style: Style
    /// Creates a divider.
    public init(style: Style = .dim) { self.style = style }
    public var sizing: Sizing { .fixed(1) }
    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        buffer.write(String(repeating: "─", count: rect.width), at: rect.origin, maxWidth: rect.width, style: style)
    }
}

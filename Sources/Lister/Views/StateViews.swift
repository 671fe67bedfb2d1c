import TerminalCore

/// An animated spinner with a label saying what is loading: `⠋ Loading feed…`.
public struct Spinner: View, Hashable, Sendable {
    /// The frames, drawn in turn.
    public static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// The frame shown now; wraps around.
    public var frame: Int
    /// What is loading, e.g. "Loading feed…".
    public var label: String
    /// The style of the turning glyph (a picker's ``PromptTheme/spinner``).
    public var glyphStyle = Style(foreground: .cyan)

    /// Creates a spinner at `frame`.
    public init(frame: Int = 0, label: String) {
        self.frame = frame
        self.label = label
    }

    public var sizing: Sizing { .fixed(1) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let glyph = Spinner.frames[((frame % Spinner.frames.count) + Spinner.frames.count) % Spinner.frames.count]
        (Text(glyph, style: glyphStyle) + Text(" " + label)).render(in: rect, buffer: &buffer)
    }
}

/// What an empty list shows: a short message, dimmed.
public struct EmptyState: View, Hashable, Sendable {
    /// The message, e.g. "No items".
    public var message: String

    /// Creates the view.
    public init(_ message: String) { self.message = message }

    public var sizing: Sizing { .fixed(1) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        Text(message).dim().render(in: rect, buffer: &buffer)
    }
}

/// What a failed load shows: what failed, why, and how to retry when retrying can help.
public struct ErrorState: View, Hashable, Sendable {
    /// What could not be done, e.g. "Could not load Feed".
    public var headline: String
    /// The error.
    public var error: ListError
    /// The key hint for retrying, e.g. "r"; nil names the app's retry key (``KeyHints``).
    public var retryKey: String?

    /// Creates the view.
    public init(headline: String, error: ListError, retryKey: String? = nil) {
        self.headline = headline
        self.error = error
        self.retryKey = retryKey
    }

    /// The key named in the retry hint, nil when there is none to press.
    private var hintKey: String? { error.isRetryable ? retryKey ?? KeyHints.retry : nil }

    public var sizing: Sizing { .fixed(hintKey != nil ? 3 : 2) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        var lines = [
            Text("✗ ", style: Style(foreground: .red, attributes: .bold)) + Text(headline).bold(),
            Text("  " + error.message),
        ]
        if let hintKey {
            lines.append(Text("  Press ") + Text(hintKey).bold() + Text(" to retry"))
        }
        VStack(lines).render(in: rect, buffer: &buffer)
    }
}

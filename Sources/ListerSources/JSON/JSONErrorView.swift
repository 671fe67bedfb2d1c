import Lister
import TerminalCore

/// A failed load of `lister json`: like ``ErrorState``, with the message wrapped to the
/// width, since an HTTP error's excerpt of the body is often the useful part.
package struct JSONErrorView: View {
    /// What could not be done, e.g. "Could not load api.example.com/repos".
    package var headline: String
    /// The error.
    package var error: ListError

    /// Creates the view.
    package init(headline: String, error: ListError) {
        self.headline = headline
        self.error = error
    }

    /// It takes the room it is given: its height depends on the width it is drawn at.
    package var sizing: Sizing { .flexible }

    package func render(in rect: Rect, buffer: inout Buffer) {
        var lines: [any View] = [Text("✗ ", style: Style(foreground: .red, attributes: .bold)) + Text(headline).bold()]
        lines += Text.wrapping(error.message, width: max(1, rect.width - 2)).map { Text("  ") + $0 } as [any View]
        if error.isRetryable, let key = KeyHints.retry {
            lines.append(Text("  Press ") + Text(key).bold() + Text(" to retry"))
        }
        VStack(lines).render(in: rect, buffer: &buffer)
    }
}

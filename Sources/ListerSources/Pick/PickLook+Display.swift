import Lister

/// fzf's options about how the picker's rows, header, labels and lines are drawn, taken as
/// fzf 0.74.5 draws them: `--scroll-off`, `--ellipsis`, `--tabstop`, `--highlight-line`,
/// `--header-first`, `--no-bold`, `--no-unicode`, `--border-label-pos`, `--preview-label`,
/// `--preview-label-pos`, and `--min-height` (applied to `--height` by
/// ``PickOptions/applyMinHeight()``).
package struct PickDisplay: Sendable, Equatable {
    /// `--scroll-off=N`: the rows kept in view above and below the cursor as the list
    /// scrolls (fzf's default: 3; at most half the list).
    package var scrollOff = 3
    /// `--ellipsis=STR`: what marks where a row too wide was cut (`··`, may be empty).
    package var ellipsis = HScrollRow.defaultEllipsis
    /// `--tabstop=N`: the columns between tab stops in the rows (8).
    package var tabstop = 8
    /// `--highlight-line`: the selected row's highlight fills the list's width.
    package var highlightLine = false
    /// `--header-first`: the `--header` text on the far side of the prompt from the list
    /// (below it in the default layout, above it with `--layout reverse`).
    package var headerFirst = false
    /// `--no-bold`: nothing drawn bold.
    package var noBold = false
    /// `--no-unicode`: borders, dividers, the separator and the scrollbar in ASCII.
    package var noUnicode = false
    /// `--border-label-pos=N[:top|bottom]`: where `--border-label` goes on the border.
    package var borderLabelPosition = BorderLabelPosition()
    /// `--preview-label=LABEL`: drawn on the preview pane's border.
    package var previewLabel: String?
    /// `--preview-label-pos=N[:top|bottom]`.
    package var previewLabelPosition = BorderLabelPosition()
    /// `--min-height=N[+]` as given (checked): the fewest rows of a `--height` in percent.
    package var minHeight: String?

    package init() {}

    /// Takes the display option `name` if it is one; `value` reads its value (inline, or
    /// the next argument). False for every other option.
    mutating func parse(_ name: String, inline: String?, value: () throws(PickOptions.Failure) -> String) throws(PickOptions.Failure) -> Bool {
        switch name {
        case "--scroll-off":
            let text = try value()
            guard let lines = Int(text), lines >= 0 else {
                throw PickOptions.Failure("--scroll-off takes a number of lines (0 or more), not '\(text)'")
            }
            scrollOff = lines
        case "--ellipsis": ellipsis = try value()
        case "--tabstop":
            let text = try value()
            guard let columns = Int(text), columns >= 1 else {
                throw PickOptions.Failure("--tabstop takes a number of columns (1 or more), not '\(text)'")
            }
            tabstop = columns
        case "--highlight-line": highlightLine = true
        case "--no-highlight-line": highlightLine = false
        case "--header-first": headerFirst = true
        case "--no-header-first": headerFirst = false
        case "--no-bold": noBold = true
        case "--bold": noBold = false
        case "--border-label-pos": borderLabelPosition = try Self.labelPosition(value(), option: name)
        case "--preview-label": previewLabel = try value()
        case "--unicode": noUnicode = false
        case "--no-unicode": noUnicode = true
        case "--min-height":
            let text = try value()
            let digits = text.hasSuffix("+") ? String(text.dropLast()) : text
            guard let lines = Int(digits), lines >= 0 else {
                throw PickOptions.Failure("--min-height takes a number of lines (0 or more), with + to count the lines "
                    + "of the list alone, as in 10 or 10+, not '\(text)'")
            }
            minHeight = text
        case "--preview-label-pos": previewLabelPosition = try Self.labelPosition(value(), option: name)
        default: return false
        }
        return true
    }

    /// fzf's `N[:top|bottom]`: a column (0 centred, negative from the right) and a line.
    static func labelPosition(_ text: String, option: String) throws(PickOptions.Failure) -> BorderLabelPosition {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let column = Int(parts[0]), parts.count == 1 || parts[1] == "top" || parts[1] == "bottom" else {
            throw PickOptions.Failure("\(option) takes a column (0 centred, N from the left, -N from the right) "
                + "and :top or :bottom, as in 2 or -3:bottom, not '\(text)'")
        }
        return BorderLabelPosition(column: column, onBottom: parts.count == 2 && parts[1] == "bottom")
    }

    /// `text` with its tabs expanded to spaces up to the next multiple of ``tabstop``
    /// columns (counted across its spans); `text` itself at fzf's default of 8, which the
    /// terminal writer already follows.
    func expandingTabs(_ text: Text) -> Text {
        guard tabstop != 8, text.spans.contains(where: { $0.text.contains("\t") }) else { return text }
        var column = 0
        var spans: [Text.Span] = []
        spans.reserveCapacity(text.spans.count)
        for span in text.spans {
            var expanded = ""
            for character in span.text {
                if character == "\t" {
                    let spaces = tabstop - column % tabstop
                    expanded += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    expanded.append(character)
                    column += DisplayWidth.of(character)
                }
            }
            var copy = span
            copy.text = expanded
            spans.append(copy)
        }
        var expanded = text
        expanded.spans = spans
        return expanded
    }
}

extension PromptTheme {
    /// This theme with the bold attribute taken from every part (fzf's `--no-bold`).
    var withoutBold: PromptTheme {
        var theme = self
        for part in [\PromptTheme.text, \.match, \.current, \.currentMatch, \.gutter, \.pointer, \.marker, \.prompt,
                     \.query, \.info, \.spinner, \.header, \.border, \.label, \.separator, \.preview] as [WritableKeyPath<PromptTheme, Style>] {
            theme[keyPath: part].attributes.remove(.bold)
        }
        return theme
    }
}

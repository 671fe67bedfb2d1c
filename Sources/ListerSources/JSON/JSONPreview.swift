import Lister

/// The preview pane of `lister json`: the selected value pretty-printed and coloured, as
/// Enter shows it.
extension JSONListScreen {
    package var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    package func preview(_ item: JSONItem, context: ListContext<JSONListScreen>) -> Preview? {
        JSONPreview.preview(of: item)
    }
}

/// The same pane beside a table of JSON objects (`p` hides it, as in `lister sqlite`).
extension JSONTableScreen {
    package var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    package func preview(_ item: JSONItem, context: ListContext<JSONTableScreen>) -> Preview? {
        JSONPreview.preview(of: item)
    }
}

/// The preview of a JSON row, for the file and HTTP screens alike.
package enum JSONPreview {
    package static func preview(of item: JSONItem) -> Preview {
        let value = item.value
        // A small value is printed in the frame that selects it; a large one by a load,
        // off the main actor, where it may take its time. Large counts what is nested too:
        // an object of two fields, one an array of millions, is large.
        if value.isSmall(nodes: 200) { return .immediate(key: item.id) { PreviewText(lines: JSONPrinter.lines(value)) } }
        // Printing a value in memory has no side effects: the neighbours' load ahead.
        return Preview(key: item.id, prefetchesNeighbours: true) { PreviewText(lines: JSONPrinter.lines(value)) }
    }
}

extension JSONValue {
    /// Whether the value holds at most `nodes` values, itself and all nested ones; stops
    /// counting there, so asking costs at most that much.
    func isSmall(nodes: Int) -> Bool {
        var left = nodes
        return Self.count(self, within: &left)
    }

    private static func count(_ value: JSONValue, within left: inout Int) -> Bool {
        left -= 1
        guard left >= 0 else { return false }
        switch value {
        case .array(let elements):
            for element in elements where !count(element, within: &left) { return false }
        case .object(let fields):
            for field in fields where !count(field.value, within: &left) { return false }
        default:
            break
        }
        return true
    }
}

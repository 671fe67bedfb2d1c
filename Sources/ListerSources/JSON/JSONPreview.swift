import Lister

/// The preview pane of `lister json`: the selected value pretty-printed and coloured, as
/// Enter shows it.
extension JSONListScreen {
    public var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    public func preview(_ item: JSONItem, context: ListContext<JSONListScreen>) -> Preview? {
        JSONPreview.preview(of: item)
    }
}

/// The preview of a JSON row, for the file and HTTP screens alike.
package enum JSONPreview {
    package static func preview(of item: JSONItem) -> Preview {
        let value = item.value
        // Printed by the load, off the main actor: a large value takes its time there.
        return Preview(key: item.id) { PreviewText(lines: JSONPrinter.lines(value)) }
    }
}

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
        let children = value.elements?.count ?? value.fields?.count ?? 0
        // A small value is printed in the frame that selects it; a large one by a load,
        // off the main actor, where it may take its time.
        if children <= 100 { return .immediate(key: item.id) { PreviewText(lines: JSONPrinter.lines(value)) } }
        return Preview(key: item.id) { PreviewText(lines: JSONPrinter.lines(value)) }
    }
}

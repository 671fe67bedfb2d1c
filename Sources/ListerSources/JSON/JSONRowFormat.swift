import Lister
import TerminalCore

/// A field or a template naming fields, for a row's title or subtitle: `name`,
/// `owner.login`, or `'{name} ({language})'`.
package struct JSONTemplate: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case text(String)
        case field(String)
    }

    let parts: [Part]

    /// Parses a template: text with `{path}` placeholders, or a bare field path.
    package init(_ template: String) {
        guard template.contains("{") else {
            parts = [.field(template)]
            return
        }
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.field(String(rest[rest.index(after: open)..<close]).trimmingSpaces))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The text for `value`; nil for a bare field the value does not have. A missing field
    /// in a template is left empty.
    package func render(_ value: JSONValue) -> String? {
        if parts.count == 1, case .field(let path) = parts[0] { return value.value(at: path)?.inlineText }
        return parts.map { part in
            switch part {
            case .text(let text): return text
            case .field(let path): return value.value(at: path)?.inlineText ?? ""
            }
        }.joined()
    }
}

/// How `lister json` draws a row: a title (bold) and a subtitle (dim), from `--title`,
/// `--subtitle`, or defaults (`title`, `name`, `id`, then the first string field).
package struct JSONRowFormat: Hashable, Sendable {
    /// The title template; nil uses the defaults.
    package var title: JSONTemplate?
    /// The subtitle template; nil shows none.
    package var subtitle: JSONTemplate?
    /// The identity field (`--id`); nil means `id`.
    package var idField: String?

    /// Creates a format.
    package init(title: String? = nil, subtitle: String? = nil, idField: String? = nil) {
        self.title = title.map(JSONTemplate.init)
        self.subtitle = subtitle.map(JSONTemplate.init)
        self.idField = idField
    }

    /// The title of an element.
    package func titleText(_ value: JSONValue) -> String {
        if let title, let text = title.render(value) { return text }
        guard let fields = value.fields else { return value.inlineText }
        for key in ["title", "name", "id"] {
            if let field = value[key], !field.isContainer { return field.inlineText }
        }
        if let first = fields.first(where: { if case .string = $0.value { return true } else { return false } }) {
            return first.value.inlineText
        }
        return value.inlineText
    }

    /// The row of an item: `key: value` for a field, else the title and the subtitle.
    @MainActor
    package func row(_ item: JSONItem) -> Text {
        if let key = item.key {
            return Text(key, style: JSONStyle.key) + Text(": ") + JSONStyle.inline(item.value)
        }
        var text = Text(oneLine(titleText(item.value))).bold()
        if let subtitle, let detail = subtitle.render(item.value), !detail.isEmpty {
            text = text + Text("  " + oneLine(detail)).dim()
        }
        return text
    }

    /// The text of an element's row without styles (what the filter searches): the row's
    /// words, off the main actor.
    package func plainRow(_ value: JSONValue) -> String {
        let title = oneLine(titleText(value))
        guard let subtitle, let detail = subtitle.render(value), !detail.isEmpty else { return title }
        return title + "  " + oneLine(detail)
    }

    private func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
    }
}

extension StringProtocol {
    package var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

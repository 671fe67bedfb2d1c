import Lister
import TerminalCore

/// The colours of JSON on screen: keys, strings, numbers, and booleans and null each in a
/// style of their own (attributes too, so they differ under `NO_COLOR`).
package enum JSONStyle {
    /// Object keys.
    package static let key = Style(foreground: .cyan, attributes: .bold)
    /// Strings.
    package static let string = Style(foreground: .green)
    /// Numbers.
    package static let number = Style(foreground: .yellow)
    /// `true`, `false` and `null`.
    package static let literal = Style(foreground: .magenta, attributes: .italic)
    /// Brackets, commas and summaries.
    package static let punctuation = Style.dim

    /// A value on one line: scalars in their style, containers summarised.
    package static func inline(_ value: JSONValue) -> Text {
        switch value {
        case .null, .bool: return Text(value.inlineText, style: literal)
        case .number(let text): return Text(text, style: number)
        case .string(let text): return Text(quoted(text), style: string)
        case .array, .object: return Text(value.inlineText, style: punctuation)
        }
    }

    /// A string as JSON writes it, quotes and escapes included.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Pretty-prints a ``JSONValue`` as styled lines, two spaces an indent level.
package enum JSONPrinter {
    /// The lines of `value`, keys in the order they were written.
    package static func lines(_ value: JSONValue) -> [Text] {
        var lines: [Text] = []
        append(value, prefix: Text(""), indent: 0, trailingComma: false, to: &lines)
        return lines
    }

    private static func append(_ value: JSONValue, prefix: Text, indent: Int, trailingComma: Bool, to lines: inout [Text]) {
        let pad = String(repeating: "  ", count: indent)
        let comma = trailingComma ? Text(",", style: JSONStyle.punctuation) : Text("")
        let open = Text(pad) + prefix
        switch value {
        case .array(let elements) where !elements.isEmpty:
            lines.append(open + Text("[", style: JSONStyle.punctuation))
            for (index, element) in elements.enumerated() {
                append(element, prefix: Text(""), indent: indent + 1, trailingComma: index < elements.count - 1, to: &lines)
            }
            lines.append(Text(pad) + Text("]", style: JSONStyle.punctuation) + comma)
        case .object(let fields) where !fields.isEmpty:
            lines.append(open + Text("{", style: JSONStyle.punctuation))
            for (index, field) in fields.enumerated() {
                let key = Text(JSONStyle.quoted(field.key), style: JSONStyle.key) + Text(": ", style: JSONStyle.punctuation)
                append(field.value, prefix: key, indent: indent + 1, trailingComma: index < fields.count - 1, to: &lines)
            }
            lines.append(Text(pad) + Text("}", style: JSONStyle.punctuation) + comma)
        case .array:
            lines.append(open + Text("[]", style: JSONStyle.punctuation) + comma)
        case .object:
            lines.append(open + Text("{}", style: JSONStyle.punctuation) + comma)
        default:
            lines.append(open + JSONStyle.inline(value) + comma)
        }
    }
}

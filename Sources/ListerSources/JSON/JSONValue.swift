/// A JSON value with the keys of its objects in the order they were written, so a detail
/// screen shows an object as its author wrote it.
package indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written (`1.50`, `1e3`), so nothing is lost or reformatted.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its fields in order.
    case object([JSONField])

    /// The object's fields; nil when the value is not an object.
    package var fields: [JSONField]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The array's elements; nil when the value is not an array.
    package var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The value of field `key` of an object (the first such field); nil otherwise.
    package subscript(key: String) -> JSONValue? {
        fields?.first { $0.key == key }?.value
    }

    /// Whether the value is an array or an object.
    package var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// The value at a dot path (`data.items`, `items.0.name`): object keys, or array
    /// positions from 0. An empty path is the value itself.
    package func value(at path: String) -> JSONValue? {
        var current = self
        for segment in JSONPath.segments(path) {
            if let next = current[segment] {
                current = next
            } else if let elements = current.elements, let index = Int(segment), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Text for a row or a template: strings unquoted, numbers and booleans as written,
    /// containers summarised (`[3 items]`, `{4 fields}`).
    package var inlineText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return text
        case .array(let elements): return "[\(elements.count) \(elements.count == 1 ? "item" : "items")]"
        case .object(let fields): return "{\(fields.count) \(fields.count == 1 ? "field" : "fields")}"
        }
    }

    /// What kind of value this is, for messages: `an array`, `a string`.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One field of a JSON object.
package struct JSONField: Hashable, Sendable {
    /// The key.
    package var key: String
    /// The value.
    package var value: JSONValue

    /// Creates a field.
    package init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Dot paths such as `data.items`.
package enum JSONPath {
    /// The segments of a path; an empty path (or `.`) has none.
    package static func segments(_ path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }
}

import Lister

/// The identity of a row of `lister json`: the `--id` field's value, or where the item was
/// found (then two items are never the same, so nothing is dropped as a repeat).
package enum JSONItemID: Hashable, Sendable {
    /// The value of the id field.
    case key(String)
    /// The item's position in the page that brought it (`page` names the page).
    case position(page: String, index: Int)
}

/// One row of `lister json`: an element of the array browsed, or a field of an object.
package struct JSONItem: Identifiable, Hashable, Sendable {
    /// Identity across refreshes and pages.
    package let id: JSONItemID
    /// The element or the field's value.
    package let value: JSONValue
    /// The field's key when the row is a field of an object.
    package let key: String?

    /// Creates a row.
    package init(id: JSONItemID, value: JSONValue, key: String? = nil) {
        self.id = id
        self.value = value
        self.key = key
    }

    /// The rows of an array's elements: identified by `idField` where they have it.
    package static func elements(_ elements: [JSONValue], idField: String?, page: String = "") -> [JSONItem] {
        elements.enumerated().map { index, element in JSONItem.element(element, at: index, idField: idField, page: page) }
    }

    /// The rows of an object's fields, identified by key.
    package static func fields(_ fields: [JSONField]) -> [JSONItem] {
        fields.enumerated().map { index, field in
            JSONItem(id: .position(page: field.key, index: index), value: field.value, key: field.key)
        }
    }
}

/// Finds the array to browse in a document.
package enum JSONItemsPath {
    /// The array at `path`; without a path the root when it is an array, else the only
    /// array field of the root object. Errors name what was found instead.
    package static func select(_ path: String?, in root: JSONValue) throws(ListError) -> [JSONValue] {
        guard let path, !JSONPath.segments(path).isEmpty else { return try defaultItems(root) }
        var current = root
        var walked: [String] = []
        for segment in JSONPath.segments(path) {
            let here = walked.isEmpty ? "the top level" : "'\(walked.joined(separator: "."))'"
            if let next = current[segment] {
                current = next
            } else if let elements = current.elements, let index = Int(segment), elements.indices.contains(index) {
                current = elements[index]
            } else if let fields = current.fields {
                throw ListError("no '\(segment)' in \(here) of the JSON; its keys: \(keyList(fields))", isRetryable: false)
            } else if let elements = current.elements {
                throw ListError("\(here) is an array of \(elements.count): '\(segment)' is not a position in it", isRetryable: false)
            } else {
                throw ListError("\(here) is \(current.kindName), with no '\(segment)' in it", isRetryable: false)
            }
            walked.append(segment)
        }
        guard let elements = current.elements else {
            throw ListError("'\(path)' is \(current.kindName), not an array", isRetryable: false)
        }
        return elements
    }

    private static func defaultItems(_ root: JSONValue) throws(ListError) -> [JSONValue] {
        switch root {
        case .array(let elements):
            return elements
        case .object(let fields):
            let arrays = fields.filter { $0.value.elements != nil }
            if arrays.count == 1, let elements = arrays[0].value.elements { return elements }
            if arrays.isEmpty {
                throw ListError("no array in the top-level object; give --items PATH (top-level keys: \(keyList(fields)))", isRetryable: false)
            }
            let names = arrays.map { "'\($0.key)'" }.joined(separator: ", ")
            throw ListError("several arrays in the top-level object (\(names)); choose one with --items PATH (top-level keys: \(keyList(fields)))", isRetryable: false)
        default:
            throw ListError("the JSON is \(root.kindName), not an array or an object", isRetryable: false)
        }
    }

    private static func keyList(_ fields: [JSONField]) -> String {
        guard !fields.isEmpty else { return "none" }
        let shown = fields.prefix(12).map(\.key).joined(separator: ", ")
        return fields.count > 12 ? shown + ", … (\(fields.count) in all)" : shown
    }
}

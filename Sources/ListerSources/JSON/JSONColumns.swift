import Lister
import TerminalCore

/// A column of `lister json`'s table: a path into each element (`name`, `owner.login`,
/// `tags.0`), as keys of objects or positions in arrays from 0.
package struct JSONColumn: Hashable, Sendable {
    /// The path's steps; none: the element itself.
    package let path: [String]
    /// The title in the header line: the path as written (an inferred column is one key,
    /// dots and all).
    package let title: String
    /// Whether the column shows only elements that are not objects (the `value` column of an
    /// array mixing objects with other values: the objects' keys have columns of their own).
    package let skipsObjects: Bool
    /// Where the column's key was met among its object's fields: tried first (objects of
    /// one table list their keys in one order), so that a row of N keys finds each of its
    /// N cells at once, not by a search through the keys before it (N² per row).
    let position: Int?

    /// The column at `path`, titled `title` (by default the steps joined by dots).
    package init(path: [String], title: String? = nil) {
        self.path = path
        self.title = title ?? (path.isEmpty ? "value" : path.joined(separator: "."))
        skipsObjects = false
        position = nil
    }

    /// The `value` column of the elements that are not objects.
    static let nonObjects = JSONColumn(nonObjects: ())

    private init(nonObjects: Void) {
        path = []
        title = "value"
        skipsObjects = true
        position = nil
    }

    /// The column of one key of the elements (a key holding a dot is one step).
    package init(key: String) {
        self.init(key: key, position: nil)
    }

    /// The column of `key`, met as field `position` of an object.
    init(key: String, position: Int?) {
        path = [key]
        title = key
        skipsObjects = false
        self.position = position
    }

    package static func == (lhs: JSONColumn, rhs: JSONColumn) -> Bool {
        lhs.path == rhs.path && lhs.title == rhs.title && lhs.skipsObjects == rhs.skipsObjects
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(title)
        hasher.combine(skipsObjects)
    }

    /// The value at the path in `element`; nil when a step is not there (a missing key:
    /// an empty cell).
    package func value(in element: JSONValue) -> JSONValue? {
        if skipsObjects, element.fields != nil { return nil }
        var current = element
        for step in path {
            switch current {
            case .object(let fields):
                if let position, path.count == 1, position < fields.count, fields[position].key == step {
                    current = fields[position].value
                    continue
                }
                guard let field = fields.first(where: { $0.key == step }) else { return nil }
                current = field.value
            case .array(let elements):
                guard let index = Int(step), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The columns of `--columns a,b.c`: paths separated by commas, steps by dots.
    /// Throws a message naming the bad part (an empty name, an empty step, a repeat).
    package static func parse(_ list: String) throws(JSONColumnsError) -> [JSONColumn] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard names.contains(where: { !$0.isEmpty }) else {
            throw JSONColumnsError("--columns needs at least one column, such as --columns name,owner.login")
        }
        var columns: [JSONColumn] = []
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else {
                throw JSONColumnsError("--columns '\(list)': column \(index + 1) is empty (two commas, or one at an end)")
            }
            let steps = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !steps.contains(where: \.isEmpty) else {
                throw JSONColumnsError("--columns: '\(name)' has an empty step (a dot at an end, or two dots); write paths as owner.login")
            }
            guard !columns.contains(where: { $0.path == steps }) else {
                throw JSONColumnsError("--columns: '\(name)' is named twice")
            }
            columns.append(JSONColumn(path: steps, title: name))
        }
        return columns
    }
}

/// What is wrong with a `--columns` list, said in one line.
package struct JSONColumnsError: Error, CustomStringConvertible, Sendable {
    /// The message.
    package let description: String

    init(_ description: String) { self.description = description }
}

/// The columns of a JSON table, inferred from the first elements of the array, and whether
/// those elements look like one table.
package struct JSONTableShape: Hashable, Sendable {
    /// How many elements the columns come from: keys first met later are not shown
    /// (unless named with `--columns`).
    package static let sampleSize = 100

    /// The keys of the objects sampled, in the order first met.
    package let columns: [JSONColumn]
    /// Whether the elements sampled share their keys (``sharesKeys(_:)``).
    package let sharesKeys: Bool
    /// How many elements were sampled.
    package let sampled: Int

    /// The shape of `elements` (at most ``sampleSize`` are looked at). Elements that are
    /// not objects show in a first column titled `value` (without any object, the only one).
    package init(_ elements: some Collection<JSONValue>) {
        let sample = elements.prefix(Self.sampleSize)
        var seen = Set<String>()
        var columns: [JSONColumn] = []
        for element in sample {
            for (position, field) in (element.fields ?? []).enumerated() where seen.insert(field.key).inserted {
                columns.append(JSONColumn(key: field.key, position: position))
            }
        }
        if sample.contains(where: { $0.fields == nil }) { columns.insert(.nonObjects, at: 0) }
        self.columns = columns
        sharesKeys = Self.sharesKeys(sample)
        sampled = sample.count
    }

    /// Whether `elements` read as one table: there is at least one, every one is an object,
    /// the first has a key, and each shares with the first at least half of the keys the
    /// two have between them (a few keys missing or added still make a table; events of
    /// different kinds do not).
    package static func sharesKeys(_ elements: some Collection<JSONValue>) -> Bool {
        guard let first = elements.first?.fields, !first.isEmpty else { return false }
        let firstKeys = Set(first.map(\.key))
        for element in elements {
            guard let fields = element.fields else { return false }
            let keys = Set(fields.map(\.key))
            let shared = keys.intersection(firstKeys).count
            if shared * 2 < keys.union(firstKeys).count { return false }
        }
        return true
    }
}

/// A JSON value in a table cell: what is sorted, and what is drawn.
package enum JSONCell {
    /// The most characters of a nested value's compact JSON kept for its cell (the layout
    /// cuts it to the column's width).
    package static let compactLimit = 200

    /// The value a sort sees: numbers as numbers, strings and booleans as texts, nested
    /// values as their compact JSON, `null` and a missing key as NULL (last).
    package static func tableValue(_ value: JSONValue?) -> TableValue {
        guard let value else { return .null }
        switch value {
        case .null: return .null
        case .bool(let flag): return .text(flag ? "true" : "false")
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            if let number = Double(text) { return .number(number) }
            return .text(text)
        case .string(let text): return text.isEmpty ? .null : .text(text)
        case .array, .object: return .text(compact(value))
        }
    }

    /// The cell drawn: a missing key empty, `null` dimmed, numbers as written (right-aligned
    /// by the column), a string on one line (a line break as `↵`; other controls are made
    /// visible when drawn), a nested value as compact JSON, dimmed.
    package static func text(_ value: JSONValue?) -> Text {
        guard let value else { return Text("") }
        switch value {
        case .null: return Text("null").dim()
        case .bool(let flag): return Text(flag ? "true" : "false", style: JSONStyle.literal)
        case .number(let text): return Text(text)
        case .string(let text): return Text(CSVFields.oneLine(text))
        case .array, .object: return Text(compact(value)).dim()
        }
    }

    /// The text of a cell without styles (what the filter searches).
    package static func plainText(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return CSVFields.oneLine(text)
        case .array, .object: return compact(value)
        }
    }

    /// `value` as compact JSON on one line (`{"login":"ada","id":7}`), cut with `…` after
    /// about `limit` characters: a huge nested value costs no more than its cell shows.
    package static func compact(_ value: JSONValue, limit: Int = compactLimit) -> String {
        var out = ""
        var budget = limit
        write(value, into: &out, budget: &budget)
        return budget < 0 ? out + "…" : out
    }

    private static func write(_ value: JSONValue, into out: inout String, budget: inout Int) {
        guard budget >= 0 else { return }
        func put(_ text: String) {
            guard budget >= 0 else { return }
            if text.count > budget {
                out += text.prefix(budget)
                budget = -1
            } else {
                out += text
                budget -= text.count
            }
        }
        switch value {
        case .null, .bool, .number: put(value.inlineText)
        case .string(let text): put(JSONStyle.quoted(text))
        case .array(let elements):
            put("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { put(",") }
                write(element, into: &out, budget: &budget)
                if budget < 0 { return }
            }
            put("]")
        case .object(let fields):
            put("{")
            for (index, field) in fields.enumerated() {
                if index > 0 { put(",") }
                put(JSONStyle.quoted(field.key) + ":")
                write(field.value, into: &out, budget: &budget)
                if budget < 0 { return }
            }
            put("}")
        }
    }
}

extension [JSONColumn] {
    /// A table column per path, as every `lister json` table has them (a document's, an
    /// API's pages): numbers sort as numbers and sit right, `null` dimmed, a missing key
    /// empty, nested values as compact JSON.
    package var tableColumns: [TableColumn<JSONItem>] {
        map { column in
            TableColumn(column.title) { JSONCell.tableValue(column.value(in: $0.value)) }
                .text { JSONCell.text(column.value(in: $0.value)) }
        }
    }

    /// The text the filter searches in `element`: its cells' plain text, two spaces apart.
    package func filterText(of element: JSONValue) -> String {
        map { JSONCell.plainText($0.value(in: element)) }.joined(separator: "  ")
    }
}

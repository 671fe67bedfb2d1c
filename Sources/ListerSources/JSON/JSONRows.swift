import Lister

/// The rows of a `lister json` list: items in memory (an array or an object met while
/// drilling down), or the elements of a document read as a stream, kept as offsets into
/// its bytes and parsed again when a row is drawn, filtered or opened.
package struct JSONRows: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case items([JSONItem])
        case document(JSONElementIndex, JSONByteStore)
    }

    let storage: Storage
    /// The identity field (`--id`); nil means `id`.
    let idField: String?
    /// The bytes of the document read so far.
    package let bytesRead: Int

    /// Rows in memory.
    package init(_ items: [JSONItem]) {
        storage = .items(items)
        idField = nil
        bytesRead = 0
    }

    init(index: JSONElementIndex, bytes: JSONByteStore, idField: String?, bytesRead: Int) {
        storage = .document(index, bytes)
        self.idField = idField
        self.bytesRead = bytesRead
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .items(let items): return items.count
        case .document(let index, _): return index.count
        }
    }

    /// Row `position`: an element's value, parsed from its bytes.
    package subscript(position: Int) -> JSONItem {
        switch storage {
        case .items(let items):
            return items[position]
        case .document(let index, let bytes):
            let value = bytes.value(of: index.span(of: position), Self.value)
            return JSONItem.element(value, at: position, idField: idField)
        }
    }

    /// The value at the start of `bytes`; a note when they are no longer JSON (a file
    /// changed on disk after it was read).
    static func value(_ bytes: [UInt8]) -> JSONValue {
        do {
            return try JSONParser.parseFirst(bytes)
        } catch {
            return .string("⚠ this element changed on disk after it was read (\(error))")
        }
    }
}

extension JSONItem {
    /// The row of element `index` of an array: identified by `idField` (default `id`) when
    /// it has one, else by its position.
    static func element(_ value: JSONValue, at index: Int, idField: String?, page: String = "") -> JSONItem {
        if let key = value.value(at: idField ?? "id"), !key.isContainer {
            return JSONItem(id: .key(key.inlineText), value: value)
        }
        return JSONItem(id: .position(page: page, index: index), value: value)
    }
}

/// Which array of a streamed document is browsed (``JSONStreamParser``): the one at
/// `--items PATH`, or by default the root array or the only array field of the root object,
/// found as the document goes by, with the messages of ``JSONItemsPath`` when it is not there.
///
/// Errors come as soon as they are known: a value on the path that cannot hold the next
/// segment at once, a missing key when its object ends. What the root's end tells (no
/// array, or a second array field, in the root object; a key missing from it) waits for
/// the end of the input, so that text after the root is said to be invalid JSON instead
/// (the rows so far stay shown).
struct JSONItemsTarget {
    /// What a value is, from its first byte.
    enum Kind {
        case object, array, string, number, boolean, null

        /// As in messages: `an object`, `a string`.
        var name: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .boolean: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// A container on the path to the array.
    private struct Level {
        var isObject: Bool
        /// Its first keys (for messages) and how many it has.
        var keys: [String] = []
        var keyCount = 0
        /// Elements so far, for an array.
        var count = 0
        /// Whether the value being read in it is the next on the path.
        var matches = false
        /// Whether that value was met (a later key of the same name does not count).
        var foundChild = false
    }

    /// The path's segments; nil to find the array by default.
    let path: [String]?
    /// The depth of the elements of the browsed array while it is open, else nil.
    private(set) var elementDepth: Int?
    /// Whether the browsed array was found.
    private(set) var found = false
    /// What is wrong that the root's end tells (a root that is not a container, no array
    /// in the root object, a path not in it): said at the end of the document, once the
    /// whole of it is known to be JSON.
    private(set) var errorAtEnd: JSONItemsError?
    private var chain: [Level] = []
    /// By default, with an object at the root: its keys, the one read last, and those of its array fields.
    private var rootIsObject = false
    private var rootKeys = Level(isObject: true)
    private var lastKey = ""
    private var arrayKeys: [String] = []

    /// The array at `path` (dot path; nil or empty: the default).
    init(path: String?) {
        let segments = path.map(JSONPath.segments) ?? []
        self.path = segments.isEmpty ? nil : segments
    }

    /// Whether the key of an object whose values are at `depth` is wanted (on the path).
    func wantsKey(depth: Int) -> Bool {
        guard let path else { return rootIsObject && depth == 1 }
        return depth <= path.count && depth == chain.count && chain[depth - 1].isObject
    }

    /// A key was read in the object whose values are at `depth` (one ``wantsKey(depth:)`` wanted).
    mutating func keyRead(_ key: String, depth: Int) {
        guard let path else {
            Self.note(key, in: &rootKeys)
            lastKey = key
            return
        }
        Self.note(key, in: &chain[depth - 1])
        chain[depth - 1].matches = !chain[depth - 1].foundChild && key == path[depth - 1]
    }

    /// A value of `kind` starts at `depth` (0: the root).
    mutating func valueStarts(_ kind: Kind, depth: Int) throws(JSONItemsError) {
        guard let path else { return try defaultValueStarts(kind, depth: depth) }
        if depth > 0, depth == chain.count, !chain[depth - 1].isObject {
            let index = chain[depth - 1].count
            chain[depth - 1].count += 1
            chain[depth - 1].matches = !chain[depth - 1].foundChild && Int(path[depth - 1]) == index
        }
        guard depth == chain.count, depth == 0 || chain[depth - 1].matches, depth <= path.count, !found else { return }
        if depth > 0 { chain[depth - 1].foundChild = true }
        if depth == path.count {
            guard kind == .array else {
                throw JSONItemsError("'\(path.joined(separator: "."))' is \(kind.name), not an array")
            }
            found = true
            elementDepth = depth + 1
        } else if kind == .object || kind == .array {
            chain.append(Level(isObject: kind == .object))
        } else {
            throw JSONItemsError("\(here(depth)) is \(kind.name), with no '\(path[depth])' in it")
        }
    }

    /// The container at `depth` ends.
    mutating func containerEnds(depth: Int) throws(JSONItemsError) {
        if elementDepth == depth + 1 { elementDepth = nil }
        guard let path else {
            guard depth == 0, rootIsObject else { return }
            // Said once the rest of the input is known to be whitespace: `{"a":1} x` is
            // not valid JSON, and that is what is wrong with it.
            if arrayKeys.isEmpty {
                errorAtEnd = JSONItemsError("no array in the top-level object; give --items PATH (top-level keys: \(Self.keyList(rootKeys)))")
            } else if arrayKeys.count > 1 {
                let names = arrayKeys.map { "'\($0)'" }.joined(separator: ", ")
                errorAtEnd = JSONItemsError("several arrays in the top-level object (\(names)); choose one with --items PATH (top-level keys: \(Self.keyList(rootKeys)))")
            }
            return
        }
        guard depth == chain.count - 1 else { return }
        let level = chain.removeLast()
        guard !level.foundChild else { return }
        let segment = path[depth]
        let error = level.isObject
            ? JSONItemsError("no '\(segment)' in \(here(depth)) of the JSON; its keys: \(Self.keyList(level))")
            : JSONItemsError("\(here(depth)) is an array of \(level.count): '\(segment)' is not a position in it")
        // The root's end is the document's: what follows must be checked first.
        guard depth > 0 else {
            errorAtEnd = error
            return
        }
        throw error
    }

    private mutating func defaultValueStarts(_ kind: Kind, depth: Int) throws(JSONItemsError) {
        if depth == 0 {
            switch kind {
            case .array:
                found = true
                elementDepth = 1
            case .object:
                rootIsObject = true
            default:
                errorAtEnd = JSONItemsError("the JSON is \(kind.name), not an array or an object")
            }
        } else if depth == 1, rootIsObject, kind == .array {
            arrayKeys.append(lastKey)
            if !found {
                found = true
                elementDepth = 2
            }
        }
    }

    /// The path walked to `depth`, for messages: `the top level`, `'data.items'`.
    private func here(_ depth: Int) -> String {
        guard depth > 0, let path else { return "the top level" }
        return "'\(path[..<depth].joined(separator: "."))'"
    }

    private static func note(_ key: String, in level: inout Level) {
        if level.keys.count < 13 { level.keys.append(key) }
        level.keyCount += 1
    }

    private static func keyList(_ level: Level) -> String {
        guard level.keyCount > 0 else { return "none" }
        let shown = level.keys.prefix(12).joined(separator: ", ")
        return level.keyCount > 12 ? shown + ", … (\(level.keyCount) in all)" : shown
    }
}

/// The array to browse is not where the document was expected to have it.
struct JSONItemsError: Error, Hashable {
    var message: String
    init(_ message: String) { self.message = message }
}

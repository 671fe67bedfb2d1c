import Lister

/// An object of the demo data embedded in the binary, read with the project's own
/// `JSONParser`: the modules `lister lines`, `dir` and `demo` load have no Foundation.
/// A missing or mistyped field is an error naming the field.
struct EmbeddedObject {
    /// Why the data could not be read.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// The object's value.
    let value: JSONValue

    /// The elements of the JSON array in `bytes`.
    static func array(_ bytes: [UInt8]) throws(Invalid) -> [EmbeddedObject] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw Invalid(description: error.description)
        }
        guard let elements = document.elements else { throw Invalid(description: "the root is \(document.kindName), not an array") }
        return elements.map(EmbeddedObject.init(value:))
    }

    /// The string field `key`.
    func string(_ key: String) throws(Invalid) -> String {
        guard case .string(let text)? = value[key] else { throw invalid(key, "a string") }
        return text
    }

    /// The integer field `key`.
    func int(_ key: String) throws(Invalid) -> Int {
        guard case .number(let text)? = value[key], let number = Int(text) else { throw invalid(key, "an integer") }
        return number
    }

    /// The array field `key`.
    func array(_ key: String) throws(Invalid) -> [EmbeddedObject] {
        guard case .array(let elements)? = value[key] else { throw invalid(key, "an array") }
        return elements.map(EmbeddedObject.init(value:))
    }

    private func invalid(_ key: String, _ kind: String) -> Invalid {
        Invalid(description: "field '\(key)' of \(value.inlineText) is not \(kind)")
    }
}

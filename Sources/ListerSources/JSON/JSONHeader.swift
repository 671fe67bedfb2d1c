/// A request header of `lister json --header 'Name: value'`, parsed without Foundation so
/// that `lister` can check the arguments before it hands an HTTP source to `lister-json`.
package enum JSONHeader {
    /// Parses a `--header 'Name: value'` argument; nil when it has no name or no colon.
    package static func parse(_ argument: String) -> (name: String, value: String)? {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = argument[..<colon].trimmingSpaces
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return (name, argument[argument.index(after: colon)...].trimmingSpaces)
    }
}

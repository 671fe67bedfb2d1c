/// Any hashable, sendable value used as the identity of async content: a file's path, a
/// row's id, a command line. Two keys are equal when their values are of the same type
/// and equal.
public struct ContentKey: Hashable, Sendable, CustomStringConvertible {
    /// The value the key wraps.
    public let base: any Hashable & Sendable

    /// A key for `base`.
    public init(_ base: some Hashable & Sendable) { self.base = base }

    public static func == (lhs: ContentKey, rhs: ContentKey) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }

    public var description: String { String(describing: base) }
}

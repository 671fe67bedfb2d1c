/// Data embedded in the `lister` binary, so an installed binary needs nothing beside it.
public enum ListerResources {
    /// The demo feed (seed 000): a JSON array of items with `id`, `title`, `subtitle`, `body`.
    public static var feedJSON: [UInt8] { PackageResources.feed_json }
}

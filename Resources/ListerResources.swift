/// Data embedded in the `lister` binary, so an installed binary needs nothing beside it.
public enum ListerResources {
    /// The demo feed (seed 000): a JSON array of items with `id`, `title`, `subtitle`, `body`.
    public static var feedJSON: [UInt8] { PackageResources.feed_json }

    /// The demo library: a JSON array of books with `id`, `title`, `author`, `year`, `genre`.
    public static var booksJSON: [UInt8] { PackageResources.books_json }
}

/// How an HTTP JSON API pages, in `lister json`'s options.
package enum JSONPaging: Sendable, Hashable {
    /// One request, no paging.
    case none
    /// `--page-param NAME [--first-page N]`: pages by number.
    case pageNumber(param: String, firstPage: Int)
    /// `--offset-param NAME` (with `--limit-param` and `--limit`): pages by offset.
    case limitOffset(offsetParam: String)
    /// `--cursor-param NAME --next-cursor PATH`: each page says the cursor of the next.
    case cursor(param: String, nextCursor: String)
    /// `--link-next`: follow the `Link: <…>; rel="next"` header.
    case linkNext
}

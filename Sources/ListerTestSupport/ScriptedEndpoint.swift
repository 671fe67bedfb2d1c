import Lister
import TerminalCore

/// An API endpoint a test controls: it records each request, then parks until the test
/// answers, like ``ScriptedLoader`` (which it uses).
///
/// Give its `fetch` to a repository, then answer page by page, in any order:
///
/// ```swift
/// let api = ScriptedEndpoint<LimitOffset, [Book]>()
/// let pages = PaginatedRepository(.limitOffset(limit: 2), fetch: api.fetch)
/// // ... start the app, then:
/// #expect(api.requests == [LimitOffset(limit: 2, offset: 0)])
/// api.succeed([dune, emma])
/// ```
public final class ScriptedEndpoint<Request: Sendable, Response: Sendable>: Sendable {
    private let loader: ScriptedLoader<Response>
    private let recorded = Locked<[Request]>([])

    /// Creates an endpoint with no requests yet.
    /// - Parameter ignoresCancellation: when true, a cancelled request keeps waiting for its
    ///   answer, so a test can deliver it late and check that it is dropped.
    public init(ignoresCancellation: Bool = false) {
        loader = ScriptedLoader(ignoresCancellation: ignoresCancellation)
    }

    /// Records `request` and parks until the test answers it.
    public func fetch(_ request: Request) async throws -> Response {
        recorded.withLock { $0.append(request) }
        return try await loader.load()
    }

    /// Every request, oldest first (call `n` is `requests[n - 1]`).
    public var requests: [Request] { recorded.withLock { $0 } }

    /// Numbers (from 1) of the calls waiting for an answer, oldest first.
    public var waitingCalls: [Int] { loader.waitingCalls }

    /// Numbers of the calls that were cancelled while waiting.
    public var cancelledCalls: [Int] { loader.cancelledCalls }

    /// Answers the oldest waiting call (or call number `call`).
    public func succeed(_ response: Response, call: Int? = nil) {
        loader.succeed(response, call: call)
    }

    /// Fails the oldest waiting call (or call number `call`).
    public func fail(_ error: any Error, call: Int? = nil) {
        loader.fail(error, call: call)
    }
}

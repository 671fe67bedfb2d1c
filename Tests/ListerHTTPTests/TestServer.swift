import FlyingFox
import Foundation

/// A real HTTP server on 127.0.0.1 (a free port) serving a small JSON API, for one test.
///
/// 23 repositories `repo-01` … `repo-23`, served by each kind of paging:
/// - `/pages?page=N&per_page=S`: page numbers from 1, a plain array.
/// - `/offsets?offset=O&limit=L`: `{"items": [...]}`.
/// - `/cursor?after=C`: `{"data": [...], "next": "C2"}` (10 a page), `next` null at the end.
/// - `/linked?page=N`: a plain array, 10 a page, with `Link: <…>; rel="next"` but on the last.
/// - `/flaky?page=N`: as `/pages` with 10 a page, but page 2 fails with a 500 the first time.
/// - `/ragged?page=N`: 10 repositories a page as `/pages`, but page 2's have no `stars` and
///   a `lang`; page 3 is empty.
/// - `/repos`: all 23 repositories in one body (requests counted).
/// - `/html`: a 200 whose body is HTML. `/slow`: answers only when the server stops (so any
///   client timeout fires first, with no timer on the server's side). `/secret`: a 401 whose
///   body repeats the request's Authorization header. `/redirect?to=URL[&status=N]`: a 302 (or N) to URL.
final class TestServer: Sendable {
    let server: HTTPServer
    let port: UInt16
    private let task: Task<Void, any Error>
    private let failures = Counter()
    private let raggedFirstPages = Counter()
    private let reposBodies = Counter()
    private let slowGate = Gate()

    static let names = (1...23).map { String(format: "repo-%02d", $0) }

    static func start() async throws -> TestServer {
        // The timeout bounds each handler: past it FlyingFox answers 500. A CI run keeps both
        // cores busy with every suite at once, and a trivial handler (`/redirect`) once waited
        // longer than 5 s for a thread there; the clients' own timeouts (20 s) and the
        // suites' time limits bound a test, so the server's is only a backstop.
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        let task = Task { try await server.run() }
        // Generous: a CI run builds and runs every suite in parallel on 2 cores, and a start
        // once took longer than 5 s there. The suites' own time limits still bound a test.
        try await server.waitUntilListening(timeout: 30)
        guard case .ip4(_, let port) = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
        let instance = TestServer(server: server, port: port, task: task)
        await instance.addRoutes()
        return instance
    }

    private init(server: HTTPServer, port: UInt16, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.task = task
    }

    /// How many times `/ragged`'s first page was asked for.
    func raggedFirstPageRequests() async -> Int { await raggedFirstPages.value }

    /// How many times `/repos` was asked for.
    func reposRequests() async -> Int { await reposBodies.value }

    /// A URL on this server.
    func url(_ pathAndQuery: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")! }

    /// Stops the server (tests call it at the end).
    func stop() async {
        await slowGate.open()
        await server.stop(timeout: 0)
        task.cancel()
    }

    private static func repos(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<names.count)
        return "[" + clamped.map { #"{"id": \#($0 + 1), "name": "\#(names[$0])", "stars": \#($0 * 3)}"# }.joined(separator: ", ") + "]"
    }

    private static func json(_ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(body.utf8))
    }

    private func addRoutes() async {
        await server.appendRoute("GET /pages") { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            let size = Int(request.query["per_page"] ?? "10") ?? 10
            return Self.json(Self.repos((page - 1) * size..<page * size))
        }
        await server.appendRoute("GET /offsets") { request in
            let offset = Int(request.query["offset"] ?? "0") ?? 0
            let limit = Int(request.query["limit"] ?? "10") ?? 10
            return Self.json(#"{"total": 23, "items": \#(Self.repos(offset..<offset + limit))}"#)
        }
        await server.appendRoute("GET /cursor") { request in
            let start = Int(request.query["after"] ?? "0") ?? 0
            let next = start + 10 < Self.names.count ? "\"\(start + 10)\"" : "null"
            return Self.json(#"{"data": \#(Self.repos(start..<start + 10)), "next": \#(next)}"#)
        }
        await server.appendRoute("GET /linked") { [port] request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            var headers: HTTPHeaders = [:]
            if page * 10 < Self.names.count {
                headers[HTTPHeader("Link")] = #"<http://127.0.0.1:\#(port)/linked?page=\#(page + 1)>; rel="next", <http://127.0.0.1:\#(port)/linked?page=3>; rel="last""#
            }
            return Self.json(Self.repos((page - 1) * 10..<page * 10), headers: headers)
        }
        await server.appendRoute("GET /flaky") { [failures] request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            if page == 2, await failures.next() == 0 {
                return HTTPResponse(statusCode: .internalServerError, body: Data("<html><body>\n  Internal\tboom\u{1B}[31m</body></html>".utf8))
            }
            return Self.json(Self.repos((page - 1) * 10..<page * 10))
        }
        await server.appendRoute("GET /ragged") { [raggedFirstPages] request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            switch page {
            case 1:
                _ = await raggedFirstPages.next()
                return Self.json(Self.repos(0..<10))
            case 2:  // no "stars", and a "lang" the first page did not have
                return Self.json("[" + (10..<20).map { #"{"id": \#($0 + 1), "name": "\#(Self.names[$0])", "lang": "swift"}"# }
                    .joined(separator: ", ") + "]")
            default:
                return Self.json("[]")
            }
        }
        await server.appendRoute("GET /repos") { [reposBodies] _ in
            _ = await reposBodies.next()
            return Self.json(Self.repos(0..<Self.names.count))
        }
        await server.appendRoute("GET /html") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html"], body: Data("<!doctype html><p>hello</p>".utf8))
        }
        await server.appendRoute("GET /slow") { [slowGate] _ in
            await slowGate.wait()
            return Self.json("[]")
        }
        await server.appendRoute("GET /redirect") { request in
            // A 302 (or `&status=N`) to `?to=…` (a file: URL, a closed port).
            let status = request.query["status"].flatMap { Int($0) }.map { HTTPStatusCode($0, phrase: "Status \($0)") } ?? .found
            return HTTPResponse(statusCode: status, headers: [.location: request.query["to"] ?? "/repos"], body: Data())
        }
        await server.appendRoute("GET /secret") { request in
            let token = request.headers[.authorization] ?? "none"
            return HTTPResponse(statusCode: .unauthorized, body: Data("bad credentials: \(token)".utf8))
        }
    }
}

/// Counts calls across the server's tasks.
actor Counter {
    private(set) var value = 0

    /// The count before this call.
    func next() -> Int {
        defer { value += 1 }
        return value
    }
}

/// Holds callers until it is opened, then lets every one through.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the gate is open.
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Opens the gate for good.
    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

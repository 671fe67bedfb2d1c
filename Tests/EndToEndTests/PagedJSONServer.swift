import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a free port) serving a paged JSON API to the
/// `lister json` end-to-end tests.
///
/// It runs on a thread of its own with blocking sockets, not on Swift concurrency: the tmux
/// harness polls with `Thread.sleep`, so the end-to-end tests hold the cooperative pool's
/// threads (two on a two-core runner) while they wait, and a server in that pool (such as the
/// FlyingFox `TestServer` of `ListerHTTPTests`) could be starved until a test times out.
///
/// Routes (each a `GET`; answers close the connection):
/// - `/items?page=N`: ``pageSize`` items a page of ``itemCount``, then an empty page.
///   Items are `{"id": 7, "name": "item-007", "note": "note 7"}`.
/// - `/fails-first?page=N`: as `/items`, but the first request fails with a 500 whose body
///   says "database is down" and repeats the request's `Authorization` header (as a careless
///   server might), to show that the client masks it.
/// - `/flaky?page=N`: as `/items`, but the first request for each even page fails with a
///   500 whose body says "page N is not ready"; asked again, the page comes.
/// - `/endless`: a body that never ends, `[` then `1,` as fast as the client reads it.
/// - `/large?mb=N`: an array of about N MiB of small objects (`{"name": "row 17", …}`), as
///   fast as the client reads it, ending with `{"name": "the last row"}`.
/// - `/broken-late?mb=N`: as `/large`, then a byte that is not JSON, then more of it forever.
/// - `/endless-error`: a 500 whose body ("database is down; …") never ends.
/// - `/scalars`: `[1, 2, 3]`. `/unlike`: three objects with no key in common.
/// - `/slow`: a 60-byte array of objects, one byte every 100 ms (``slowBytesSent`` counts
///   them), as a slow network or a server that computes its answer as it goes.
/// - `/trickle`: all ``itemCount`` items in one body, sent as `[`, the first three and a
///   comma, then (after ``release()``) the rest.
final class PagedJSONServer: Sendable {
    /// The port it listens on.
    let port: UInt16
    /// Items in all; the last page is short.
    let itemCount: Int
    /// Items a page.
    let pageSize: Int

    /// One request as received.
    struct Request: Sendable {
        /// The path and query: `/items?page=2`.
        var target: String
        /// Header names (lowercased) and values.
        var headers: [String: String]
    }

    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var requests: [Request] = []
        var failuresLeft = 1
        var flakyPagesFailed: Set<Int> = []
        var stopped = false
        var released = false
        var slowBytesSent = 0
    }

    /// Starts listening and serving on a new thread.
    init(itemCount: Int = 130, pageSize: Int = 20) throws {
        self.itemCount = itemCount
        self.pageSize = pageSize
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // any free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ServerError("bind/listen on 127.0.0.1: errno \(errno)")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.name = "PagedJSONServer"
        thread.start()
    }

    /// The URL of `pathAndQuery` on this server.
    func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    /// Every request received so far, in order.
    var requests: [Request] { state.withLock { $0.requests } }

    /// The bytes of `/slow`'s body sent so far.
    var slowBytesSent: Int { state.withLock { $0.slowBytesSent } }

    /// Lets `/trickle` send the rest of its body.
    func release() {
        state.withLock { $0.released = true }
    }

    /// Stops accepting; the thread ends after the request it is serving, if any.
    func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))  // wakes the blocked accept
    }

    deinit {
        stop()
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return  // stopped
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)  // not inherited by the tmux the tests start
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        // A client that connects and sends nothing must not hold the server forever.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else { return }
        state.withLock { $0.requests.append(request) }
        if stream(request, to: connection) { return }
        let (status, body) = answer(request)
        let reason = status == 200 ? "OK" : status == 404 ? "Not Found" : "Internal Server Error"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        write(connection, Array((head + body).utf8))
    }

    /// The request line and headers (a `GET` has no body), or nil if the client went away.
    private func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !bytes.ends(with: Array("\r\n\r\n".utf8)) {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += chunk.prefix(count)
            if bytes.count > 65536 { return nil }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(target: String(requestLine[1]), headers: headers)
    }

    private func answer(_ request: Request) -> (status: Int, body: String) {
        let components = URLComponents(string: request.target)
        let page = components?.queryItems?.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
        switch components?.path {
        case "/items":
            return (200, items(page: page))
        case "/scalars":
            return (200, "[1, 2, 3]")
        case "/unlike":
            return (200, #"[{"type": "push", "ref": "main"}, {"actor": "ada", "stars": 2}, {"title": "bug", "state": "open"}]"#)
        case "/fails-first":
            let fails = state.withLock { state in
                defer { state.failuresLeft -= 1 }
                return state.failuresLeft > 0
            }
            if fails {
                return (500, "database is down; request was authorized with \(request.headers["authorization"] ?? "nothing")")
            }
            return (200, items(page: page))
        case "/flaky":
            let fails = page % 2 == 0 && state.withLock { $0.flakyPagesFailed.insert(page).inserted }
            return fails ? (500, "page \(page) is not ready") : (200, items(page: page))
        default:
            return (404, #"{"error": "no such route"}"#)
        }
    }

    /// Writes the body of a streaming route (one written as it is sent, with no length);
    /// false for other routes. It ends when the client goes away.
    private func stream(_ request: Request, to connection: Int32) -> Bool {
        let components = URLComponents(string: request.target)
        let megabytes = components?.queryItems?.first { $0.name == "mb" }?.value.flatMap { Int($0) } ?? 1
        if components?.path == "/slow" {
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            guard write(connection, Array(head.utf8)) else { return true }
            let body = Array(#"[{"name": "slow one"}, {"name": "slow two"}, {"name": "three"}]"#.utf8)
            for byte in body where !state.withLock({ $0.stopped }) {
                usleep(100_000)
                guard write(connection, [byte]) else { return true }
                state.withLock { $0.slowBytesSent += 1 }
            }
            return true
        }
        if components?.path == "/trickle" {
            let items = (1...max(itemCount, 3)).map { Self.item($0) }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            guard write(connection, Array((head + "[" + items.prefix(3).joined(separator: ", ") + ",").utf8)) else { return true }
            for _ in 0..<3000 where !state.withLock({ $0.released || $0.stopped }) {  // 30 s at most
                usleep(10_000)
            }
            write(connection, Array((items.dropFirst(3).joined(separator: ", ") + "]").utf8))
            return true
        }
        let piece: [UInt8]
        var pieces: Int
        var tail: [UInt8]
        switch components?.path {
        case "/endless":
            piece = Array(repeating: "1,", count: 1 << 19).flatMap { Array($0.utf8) }
            pieces = .max
            tail = []
        case "/endless-error":
            piece = Array(repeating: "database is down; ", count: 1 << 16).flatMap { Array($0.utf8) }
            pieces = .max
            tail = []
        case "/large", "/broken-late":
            var text = ""
            var row = 0
            while text.utf8.count < 1 << 20 {
                text += #"{"name": "row \#(row)", "size": \#(row * 7), "ok": true},"# + "\n"
                row += 1
            }
            piece = Array(text.utf8)
            pieces = megabytes
            tail = Array(#"{"name": "the last row"}]"#.utf8)
            if components?.path == "/broken-late" { tail = Array("x".utf8) }
        default:
            return false
        }
        let status = components?.path == "/endless-error" ? "500 Internal Server Error" : "200 OK"
        let head = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            + (components?.path == "/endless-error" ? "" : "[")
        guard write(connection, Array(head.utf8)) else { return true }
        while pieces > 0 {
            guard write(connection, piece) else { return true }
            pieces -= 1
        }
        if components?.path == "/broken-late" {
            _ = write(connection, tail)
            while write(connection, piece) {}  // the client must stop reading at the 'x'
            return true
        }
        _ = write(connection, tail)
        return true
    }

    /// The JSON array of page `page` (from 1).
    func items(page: Int) -> String {
        let first = (page - 1) * pageSize + 1
        let items = (first..<first + pageSize).filter { $0 >= 1 && $0 <= itemCount }
        return "[" + items.map { Self.item($0) }.joined(separator: ", ") + "]"
    }

    /// The name of item `number`: `item-007`.
    static func name(_ number: Int) -> String {
        "item-" + String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
    }

    private static func item(_ number: Int) -> String {
        #"{"id": \#(number), "name": "\#(name(number))", "note": "note \#(number)"}"#
    }

    /// Sends all of `bytes`; false when the client went away.
    @discardableResult
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

import Foundation
import Lister
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One response's events, from URLSession's delegate to the task that reads the body, with
/// the body held back while too much of it is unread.
///
/// URLSession on Linux cannot pause a transfer: libcurl hands it data as fast as the network
/// brings it, and it queues every piece for the delegate. So the delegate's queue
/// (``HTTPBodyQueue``) makes libcurl's thread wait before it queues anything more while
/// ``room`` bytes or more are unread: libcurl then stops reading the socket, and the
/// server's writes wait (TCP's own flow control). The body in memory stays under ``room``
/// plus one piece however fast the server sends.
final class HTTPBodyStream: @unchecked Sendable {
    // Safety: every stored property is read and written only while `condition` is locked.

    /// What the reader gets next.
    enum Event {
        /// The response's status and headers.
        case response(URLResponse)
        /// The next bytes of the body.
        case data(Data)
        /// The end of the transfer, or why it failed.
        case end((any Error)?)
    }

    /// The most unread bytes before libcurl is held back.
    static let room = 8 << 20

    private let condition = NSCondition()
    private var response: URLResponse?
    private var responseTaken = false
    private var pieces: [Data] = []
    private var unread = 0
    private var ended = false
    private var failure: (any Error)?
    private var cancelled = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var redirectTarget: URL?

    // MARK: Delegate side

    func received(_ response: URLResponse) {
        deliver { $0.response = response }
    }

    func received(_ data: Data) {
        deliver { stream in
            guard !stream.cancelled else { return }  // libcurl may go on a while after a cancel
            stream.pieces.append(data)
            stream.unread += data.count
        }
    }

    func ended(_ error: (any Error)?) {
        deliver { stream in
            guard !stream.ended else { return }  // the first end says why (a refused redirect, then its cancel)
            stream.ended = true
            stream.failure = error
        }
    }

    /// A redirect was followed to `url`: errors from here on name it.
    func redirected(to url: URL) {
        condition.lock()
        redirectTarget = url
        condition.unlock()
    }

    /// The URL the last redirect followed led to, if one was followed.
    var lastRedirect: URL? {
        condition.lock()
        defer { condition.unlock() }
        return redirectTarget
    }

    /// Called on libcurl's thread before each delegate call is queued: waits while the
    /// reader is behind, until it catches up, the transfer ends or the read is cancelled.
    func waitForRoom() {
        condition.lock()
        while unread >= Self.room, !cancelled {
            condition.wait()
        }
        condition.unlock()
    }

    private func deliver(_ change: (HTTPBodyStream) -> Void) {
        condition.lock()
        change(self)
        let waiter = self.waiter
        self.waiter = nil
        condition.broadcast()
        condition.unlock()
        waiter?.resume()
    }

    // MARK: Reader side

    /// The next event; waits (without holding a thread) until there is one.
    func next() async -> Event {
        while true {
            if let event = take() { return event }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                condition.lock()
                if hasEvent || cancelled {
                    condition.unlock()
                    continuation.resume()
                } else {
                    waiter = continuation
                    condition.unlock()
                }
            }
            if isCancelled { return .end(CancellationError()) }
        }
    }

    /// Stops the read: libcurl is let go and the reader woken.
    func cancel() {
        deliver { $0.cancelled = true }
    }

    /// Whether the read was stopped.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Whether an event is ready (`condition` locked).
    private var hasEvent: Bool { (response != nil && !responseTaken) || !pieces.isEmpty || ended }

    private func take() -> Event? {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { return .end(CancellationError()) }
        if let response, !responseTaken {
            responseTaken = true
            return .response(response)
        }
        if !pieces.isEmpty {
            let piece = pieces.removeFirst()
            unread -= piece.count
            condition.broadcast()
            return .data(piece)
        }
        if ended { return .end(failure) }
        return nil
    }
}

/// The queue URLSession calls the delegate on, which holds libcurl back while the body's
/// reader is behind (``HTTPBodyStream``).
final class HTTPBodyQueue: OperationQueue, @unchecked Sendable {
    // Safety: `stream` is a constant of a Sendable type; OperationQueue is thread-safe.
    private let stream: HTTPBodyStream

    init(stream: HTTPBodyStream) {
        self.stream = stream
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        stream.waitForRoom()
        // Once the read is stopped nothing is waited for, and libcurl goes on until the
        // session is invalidated: a fast server's bytes would pile up here, queued for a
        // delegate that drops them (hundreds of MB on a loopback). The reader has ended, so
        // no delegate call matters any more.
        guard !stream.isCancelled else { return }
        super.addOperation(block)
    }
}

/// URLSession's delegate for one request: hands everything to an ``HTTPBodyStream``.
final class HTTPBodyDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: `stream` is a constant of a Sendable type.
    let stream: HTTPBodyStream

    init(stream: HTTPBodyStream) {
        self.stream = stream
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        stream.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        stream.received(data)
    }

    /// A redirect is followed to http and https only: one to another scheme (`file:`) ends
    /// the transfer at once with an error that says so.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // The Location header as sent: URLSession on Linux reads `file:///etc/passwd` (no host)
        // as a path on the same server, so its request alone would not show the scheme.
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
        let schemes = [location?.scheme, request.url?.scheme].compactMap { $0?.lowercased() }
        guard let target = request.url, schemes.allSatisfy({ $0 == "http" || $0 == "https" }) else {
            let shown = (location ?? request.url).map { JSONHTTPClient.display($0) } ?? "an address that is not a URL"
            let from = response.url.map { JSONHTTPClient.display($0) } ?? "the server"
            stream.ended(ListError("\(from) redirects to \(shown): refused, only http and https redirects are followed",
                                   isRetryable: false))
            completionHandler(nil)
            task.cancel()
            return
        }
        stream.redirected(to: target)
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        stream.ended(error)
    }
}

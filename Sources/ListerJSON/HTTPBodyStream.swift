import Foundation
import Lister
#if canImport(FoundationNetworking)
import FoundationNetworking  // HTTPURLResponse
#endif

/// One response's events, from the transfer's thread (``CurlTransfer``) to the task that
/// reads the body, with the body held back while too much of it is unread.
///
/// The transfer's thread waits in ``waitForRoom()`` before it hands on more while ``room``
/// bytes or more are unread: libcurl then stops reading the socket, and the server's writes
/// wait (TCP's own flow control). The body in memory stays under ``room`` plus one piece
/// however fast the server sends.
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

    /// Called on the transfer's thread before each piece of the body: waits while the
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

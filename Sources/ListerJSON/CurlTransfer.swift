import CCurl
import Foundation
import Lister
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a transfer failed, with the URL it failed at (after a redirect, the redirect's target).
enum HTTPTransferError: Error {
    /// Nothing came for the client's timeout (no connection, no header, no byte of the body).
    case timedOut(URL)
    /// The connection was refused.
    case refused(URL)
    /// The host's name did not resolve.
    case hostNotFound(URL)
    /// The server closed the connection without a response.
    case emptyReply(URL)
    /// The connection broke during the transfer.
    case lost(URL)
    /// More redirects than ``CurlTransfer/redirectLimit`` in a row.
    case tooManyRedirects(URL)
    /// Anything else, as libcurl words it.
    case other(URL, String)
}

/// One GET with libcurl's easy interface on a thread of its own, its response and body
/// handed to an ``HTTPBodyStream`` as they come.
///
/// libcurl waits for the socket in `poll` for reading only once the request is sent, so a
/// body that trickles costs nothing between its bytes. (URLSession on Linux kept the socket
/// registered for writability, which a socket nearly always is: about 1,200 wake-ups a
/// second and a core busy for as long as a slow body took; docs/DECISIONS.md.)
///
/// The thread blocks in the body callback while the reader is behind (``HTTPBodyStream``'s
/// room), so libcurl stops reading the socket and TCP holds the server back. Redirects are
/// followed here, one request each, so that one to a scheme other than http(s) is refused
/// with a message that names it, and errors name the redirect's target.
final class CurlTransfer: @unchecked Sendable {
    // Safety: `request` and `stream` are constants (the stream locks its own state); every
    // `var` is touched only by the transfer's thread, which `start` makes and which runs the
    // callbacks inside `curl_easy_perform`.

    /// What to get.
    struct Request: Sendable {
        var url: URL
        var headers: [(name: String, value: String)]
        /// Seconds without a byte (of the connection, the headers or the body) before the
        /// transfer fails as timed out.
        var timeout: Double
    }

    /// The most redirects followed in a row (URLSession's limit, which this replaced).
    static let redirectLimit = 16

    private let request: Request
    private let stream: HTTPBodyStream
    /// The URL of the request in flight.
    private var url: URL
    private var status = 0
    private var statusLine = ""
    private var headerFields: [String: String] = [:]
    private var responseSent = false
    private var lastByte = ContinuousClock.now
    private var timedOut = false

    private init(_ request: Request, stream: HTTPBodyStream) {
        self.request = request
        self.stream = stream
        url = request.url
    }

    /// Starts the transfer on a new thread; its events go to `stream`, which also stops it
    /// (``HTTPBodyStream/cancel()``: within a second, at libcurl's next progress call).
    static func start(_ request: Request, stream: HTTPBodyStream) {
        _ = globalInit
        let transfer = CurlTransfer(request, stream: stream)
        let thread = Thread { transfer.run() }
        thread.name = "lister-http"
        thread.start()
    }

    /// libcurl's process-wide set-up, once, before the first transfer (it is not
    /// thread-safe; Swift runs a global's initializer once).
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// What one request ended with.
    private enum Outcome {
        case finished
        case failed(any Error)
        case redirect(location: String)
    }

    private func run() {
        for _ in 0...Self.redirectLimit {
            switch perform() {
            case .finished:
                sendResponseIfDue()
                stream.ended(nil)
                return
            case .failed(let error):
                stream.ended(error)
                return
            case .redirect(let location):
                let target = URL(string: location, relativeTo: url)?.absoluteURL
                let scheme = (URL(string: location)?.scheme ?? target?.scheme)?.lowercased()
                guard let target, scheme == "http" || scheme == "https" else {
                    let shown = target.map(JSONHTTPClient.display) ?? "an address that is not a URL"
                    stream.ended(ListError("\(JSONHTTPClient.display(url)) redirects to \(shown): refused, only http and https redirects are followed",
                                           isRetryable: false))
                    return
                }
                stream.redirected(to: target)
                url = target
            }
        }
        stream.ended(HTTPTransferError.tooManyRedirects(request.url))
    }

    /// Runs one request to `url`.
    private func perform() -> Outcome {
        guard let handle = curl_easy_init() else { return .failed(HTTPTransferError.other(url, "libcurl could not start a request")) }
        defer { curl_easy_cleanup(handle) }
        var list = curl_slist_append(nil, "Accept: application/json")
        for header in request.headers { list = curl_slist_append(list, "\(header.name): \(header.value)") }
        defer { curl_slist_free_all(list) }
        status = 0
        statusLine = ""
        headerFields = [:]
        lastByte = .now
        let context = Unmanaged.passUnretained(self).toOpaque()
        let timeout = Int(max(1, request.timeout * 1000))
        ccurl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout)
        ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes
        ccurl_setopt_list(handle, CURLOPT_HTTPHEADER, list)
        ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.header(UnsafeRawBufferPointer(start: bytes, count: size * count))
            return size * count
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.body(UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        ccurl_setopt_progress_callback(handle) { context, _, _, _, _ in
            guard let context else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().goesOn() ? 0 : 1
        }
        ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = curl_easy_perform(handle)
        if stream.isCancelled { return .failed(CancellationError()) }
        if timedOut { return .failed(HTTPTransferError.timedOut(url)) }
        switch code {
        case CURLE_OK:
            if isRedirect, let location = headerFields["location"] { return .redirect(location: location) }
            return .finished
        case CURLE_WRITE_ERROR where isRedirect && !stream.isCancelled:
            // A redirect's body is not read (see `body`): the transfer stops at its first byte.
            return headerFields["location"].map { .redirect(location: $0) } ?? .finished
        case CURLE_OPERATION_TIMEDOUT: return .failed(HTTPTransferError.timedOut(url))
        case CURLE_COULDNT_CONNECT: return .failed(HTTPTransferError.refused(url))
        case CURLE_COULDNT_RESOLVE_HOST: return .failed(HTTPTransferError.hostNotFound(url))
        case CURLE_GOT_NOTHING: return .failed(HTTPTransferError.emptyReply(url))
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: return .failed(HTTPTransferError.lost(url))
        default: return .failed(HTTPTransferError.other(url, String(cString: curl_easy_strerror(code))))
        }
    }

    /// The statuses that redirect (300 and 304 may carry a `Location` but do not).
    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether this is a redirect, whose body is not read.
    private var isRedirect: Bool { Self.redirectStatuses.contains(status) && headerFields["location"] != nil }

    /// One header line (the status line starts a response: a redirect's headers are dropped).
    private func header(_ bytes: UnsafeRawBufferPointer) {
        lastByte = .now
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            let words = line.split(separator: " ", maxSplits: 2)
            status = words.count > 1 ? Int(words[1]) ?? 0 : 0
            statusLine = line
            headerFields = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headerFields[name] = headerFields[name].map { "\($0), \(value)" } ?? value
        }
    }

    /// A piece of the body; false stops the transfer (the read was cancelled).
    private func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isRedirect else { return false }  // stop: a slow redirect body is not waited for
        sendResponseIfDue()
        stream.waitForRoom()
        guard !stream.isCancelled else { return false }
        stream.received(Data(bytes))
        lastByte = .now
        return true
    }

    /// libcurl's progress call (at least once a second): false stops the transfer.
    private func goesOn() -> Bool {
        if stream.isCancelled { return false }
        if ContinuousClock.now - lastByte > .milliseconds(Int(request.timeout * 1000)) {
            timedOut = true
            return false
        }
        return true
    }

    /// Hands the response (status and headers) to the stream before its first byte, or at
    /// the end of a body that had none.
    private func sendResponseIfDue() {
        guard !responseSent else { return }
        responseSent = true
        let version = statusLine.split(separator: " ").first.map(String.init) ?? "HTTP/1.1"
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: version, headerFields: headerFields)
        if let response { stream.received(response) }
    }
}

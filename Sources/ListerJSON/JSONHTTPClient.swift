import Foundation
import Lister
import ListerSources
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking  // only here: `lister lines` and the demo never touch HTTP
#endif

/// One HTTP response of `lister json`: the document, and the `Link: <…>; rel="next"` URL.
package struct JSONResponse: Sendable {
    /// The parsed body.
    package var document: JSONValue
    /// The next page's URL from the `Link` header, if any.
    package var linkNext: URL?
}

/// GETs JSON documents with libcurl (``CurlTransfer``): the request headers (`--header`), a
/// timeout for no response, and errors a person can act on. Header values never appear in errors:
/// they are masked in the body excerpts too, should a server echo them. Each request is
/// logged (method, URL, status, bytes, duration) with header names only, never their values.
package struct JSONHTTPClient: Sendable {
    /// Headers sent with every request, in order.
    package let headers: [(name: String, value: String)]
    /// Seconds without a response before a request fails as timed out.
    package let timeout: Double
    /// Where requests and their results are logged (`lister json --log FILE`).
    package let logger: Logger
    /// The most bytes a body may hold (`--max-body`): the read stops there with an error.
    package let maxBodyBytes: Int

    /// Creates a client; `logger` gets a line per request (silent by default).
    package init(headers: [(name: String, value: String)] = [], timeout: Double = 30, maxBodyBytes: Int = JSONSize.defaultLimit,
                logger: Logger = Configuration.silentLogger) {
        self.headers = headers
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.logger = logger
    }

    /// Parses a `--header 'Name: value'` argument; nil when it has no name or no colon.
    package static func header(_ argument: String) -> (name: String, value: String)? {
        JSONHeader.parse(argument)
    }

    /// GETs `url` and parses the body as JSON (a page: read whole, at most ``maxBodyBytes``).
    package func get(_ url: URL) async throws -> JSONResponse {
        var bytes: [UInt8] = []
        let where_ = Self.display(url)
        let http = try await stream(url) { chunk in
            guard bytes.count + chunk.count <= maxBodyBytes else {
                throw ListError("the page from \(where_) is larger than \(JSONSize.text(maxBodyBytes)): stopped reading there (raise the limit with --max-body SIZE)",
                                isRetryable: false)
            }
            bytes.append(contentsOf: chunk)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw notJSON(error, from: url, start: bytes)
        }
        let link = http.value(forHTTPHeaderField: "Link").flatMap { Self.nextLink(in: $0, relativeTo: url) }
        return JSONResponse(document: document, linkNext: link)
    }

    /// The error for a body that is not JSON: where, why, and how it begins.
    package func notJSON(_ error: JSONSyntaxError, from url: URL, start: [UInt8]) -> ListError {
        let excerpt = excerptOf(start)
        return ListError("the page from \(Self.display(url)) is not JSON (\(error))\(excerpt.isEmpty ? "" : ": " + excerpt)", isRetryable: true)
    }

    /// GETs `url` and hands its body to `consume` as it arrives, a piece at a time (the
    /// server is held back while `consume` is behind); returns the response once the body
    /// has ended. A status other than 2xx is an error with the body's beginning; an error
    /// thrown by `consume` stops the transfer. Cancelling the task stops it at once.
    package func stream(_ url: URL, _ consume: (UnsafeBufferPointer<UInt8>) throws -> Void) async throws -> HTTPURLResponse {
        let where_ = Self.display(url)
        let started = ContinuousClock.now
        var metadata: Logger.Metadata = ["method": "GET", "url": "\(logged(url))"]
        if !headers.isEmpty { metadata["headers"] = "\(headers.map(\.name).joined(separator: ","))" }  // names only
        logger.debug("http request", metadata: metadata)

        let body = HTTPBodyStream()
        defer { body.cancel() }  // lets the transfer's thread go, if it still runs
        return try await withTaskCancellationHandler {
            CurlTransfer.start(CurlTransfer.Request(url: url, headers: headers, timeout: timeout), stream: body)
            var http: HTTPURLResponse?
            var received = 0
            var errorBody: [UInt8] = []
            func logResponse(_ message: String = "http response") {
                metadata["status"] = "\(http?.statusCode ?? 0)"
                metadata["bytes"] = "\(received)"
                metadata["ms"] = "\(started.millisecondsAgo)"
                logger.debug("\(message)", metadata: metadata)
            }
            while true {
                switch await body.next() {
                case .response(let response):
                    guard let response = response as? HTTPURLResponse else { throw ListError("\(where_): not an HTTP response") }
                    http = response
                case .data(let data):
                    received += data.count
                    guard let response = http else { continue }
                    if !(200..<300).contains(response.statusCode) {
                        errorBody += data.prefix(65536 - errorBody.count)
                        guard errorBody.count >= 65536 else { continue }
                        // Enough for the message: an error page need not be read to its end.
                        body.cancel()
                        logResponse()
                        throw httpError(response, body: errorBody, from: where_)
                    }
                    do {
                        try data.withUnsafeBytes { raw in try consume(raw.bindMemory(to: UInt8.self)) }
                    } catch {
                        body.cancel()
                        logResponse()
                        throw error
                    }
                case .end(let error?):
                    if http != nil, !(error is CancellationError) { logResponse() }
                    // A connection that failed after a redirect failed at its target.
                    throw failure(error, url: body.lastRedirect ?? url, metadata: &metadata, started: started)
                case .end(nil):
                    guard let response = http else { throw ListError("\(where_): not an HTTP response") }
                    logResponse()
                    guard (200..<300).contains(response.statusCode) else {
                        throw httpError(response, body: errorBody, from: where_)
                    }
                    return response
                }
            }
        } onCancel: {
            // Wakes the reader at once; the transfer's thread stops at libcurl's next call.
            body.cancel()
        }
    }

    /// The error of a response whose status is not 2xx, with the beginning of its body.
    private func httpError(_ response: HTTPURLResponse, body: [UInt8], from where_: String) -> ListError {
        let reason = HTTPURLResponse.localizedString(forStatusCode: response.statusCode).capitalized
        let excerpt = excerptOf(body)
        let retryable = response.statusCode >= 500 || response.statusCode == 408 || response.statusCode == 429
        return ListError("HTTP \(response.statusCode) \(reason) from \(where_)\(excerpt.isEmpty ? "" : ": " + excerpt)",
                         isRetryable: retryable)
    }

    /// What a failed transfer says, logged.
    private func failure(_ error: any Error, url: URL, metadata: inout Logger.Metadata, started: ContinuousClock.Instant) -> any Error {
        let failure: any Error
        switch error {
        case let error as HTTPTransferError: failure = describe(error)
        case is CancellationError: failure = CancellationError()
        case let error as ListError: failure = error  // said already (a refused redirect)
        default: failure = ListError("\(Self.display(url)): \(mask("\(error)"))")
        }
        metadata["ms"] = "\(started.millisecondsAgo)"
        if let failure = failure as? ListError {
            metadata["error"] = "\(failure.message)"
            logger.warning("http request failed", metadata: metadata)
        } else {
            logger.debug("http request cancelled", metadata: metadata)
        }
        return failure
    }

    private func describe(_ error: HTTPTransferError) -> ListError {
        func host(_ url: URL) -> String { [url.host, url.port.map(String.init)].compactMap { $0 }.joined(separator: ":") }
        switch error {
        case .refused(let url): return ListError("connection refused by \(host(url))")
        case .timedOut(let url): return ListError("no response from \(host(url)) in \(Self.seconds(timeout))")
        case .hostNotFound(let url): return ListError("cannot find host \(url.host ?? "")")
        case .emptyReply(let url): return ListError("\(host(url)) closed the connection without a response")
        case .lost(let url): return ListError("connection to \(host(url)) lost")
        case .tooManyRedirects(let url): return ListError("\(Self.display(url)): more than \(CurlTransfer.redirectLimit) redirects in a row")
        case .other(let url, let reason): return ListError("\(Self.display(url)): \(mask(reason))")
        }
    }

    /// A short, one-line, sanitised beginning of a body, header values masked.
    private func excerptOf(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes.prefix(400), as: UTF8.self)
        if text.drop(while: \.isWhitespace).hasPrefix("<") { text = Self.withoutTags(text) }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        let clean = String(words.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        let masked = mask(clean)
        return masked.count > 120 ? String(masked.prefix(120)) + "…" : masked
    }

    /// HTML's text without its tags, so an error page reads as words.
    private static func withoutTags(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            switch character {
            case "<":
                inTag = true
                result.append(" ")
            case ">":
                inTag = false
            default:
                if !inTag { result.append(character) }
            }
        }
        return result
    }

    /// `text` with every header value (of 4 characters or more) replaced by `***`.
    func mask(_ text: String) -> String {
        headers.reduce(text) { text, header in
            header.value.count < 4 ? text : text.replacingOccurrences(of: header.value, with: "***")
        }
    }

    /// The URL for the log: the query kept (it says which page), any user and password
    /// dropped, and header values masked should the URL hold one.
    func logged(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "?" }
        components.user = nil
        components.password = nil
        return mask(components.string ?? "?")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The URL for messages: no user, password or query (which may hold a token).
    static func display(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "the server" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "the server"
    }

    /// The `rel="next"` target of a `Link` header, resolved against the page's URL.
    package static func nextLink(in header: String, relativeTo base: URL) -> URL? {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingSpaces }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                let values = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ")
                return values.contains { $0.lowercased() == "next" }
            }
            if isNext { return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL }
        }
        return nil
    }
}

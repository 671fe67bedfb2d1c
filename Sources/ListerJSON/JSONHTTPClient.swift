import Foundation
import Lister
import ListerSources
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking  // only here: `lister lines` and the demo never touch HTTP
#endif

/// One HTTP response of `lister json`: the document, and the `Link: <…>; rel="next"` URL.
public struct JSONResponse: Sendable {
    /// The parsed body.
    public var document: JSONValue
    /// The next page's URL from the `Link` header, if any.
    public var linkNext: URL?
}

/// GETs JSON documents with URLSession: the request headers (`--header`), a timeout for
/// no response, and errors a person can act on. Header values never appear in errors:
/// they are masked in the body excerpts too, should a server echo them. Each request is
/// logged (method, URL, status, bytes, duration) with header names only, never their values.
public struct JSONHTTPClient: Sendable {
    /// Headers sent with every request, in order.
    public let headers: [(name: String, value: String)]
    /// Seconds without a response before a request fails as timed out.
    public let timeout: Double
    /// Where requests and their results are logged (`lister json --log FILE`).
    public let logger: Logger
    private let session: URLSession

    /// Creates a client; `logger` gets a line per request (silent by default).
    public init(headers: [(name: String, value: String)] = [], timeout: Double = 30, logger: Logger = Configuration.silentLogger) {
        self.headers = headers
        self.timeout = timeout
        self.logger = logger
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    /// Parses a `--header 'Name: value'` argument; nil when it has no name or no colon.
    public static func header(_ argument: String) -> (name: String, value: String)? {
        JSONHeader.parse(argument)
    }

    /// GETs `url` and parses the body as JSON.
    public func get(_ url: URL) async throws -> JSONResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let where_ = Self.display(url)
        let started = ContinuousClock.now
        var metadata: Logger.Metadata = ["method": "GET", "url": "\(logged(url))"]
        if !headers.isEmpty { metadata["headers"] = "\(headers.map(\.name).joined(separator: ","))" }  // names only
        logger.debug("http request", metadata: metadata)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            let failure: any Error
            switch error {
            case let error as URLError: failure = describe(error, url: url)
            case is CancellationError: failure = CancellationError()
            default: failure = ListError("\(where_): \(mask(error.localizedDescription))")
            }
            metadata["ms"] = "\(started.millisecondsAgo)"
            if let failure = failure as? ListError {
                metadata["error"] = "\(failure.message)"
                logger.warning("http request failed", metadata: metadata)
            } else {
                logger.debug("http request cancelled", metadata: metadata)
            }
            throw failure
        }
        guard let http = response as? HTTPURLResponse else { throw ListError("\(where_): not an HTTP response") }
        let bytes = [UInt8](data)
        metadata["status"] = "\(http.statusCode)"
        metadata["bytes"] = "\(bytes.count)"
        metadata["ms"] = "\(started.millisecondsAgo)"
        logger.debug("http response", metadata: metadata)
        guard (200..<300).contains(http.statusCode) else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode).capitalized
            let excerpt = excerptOf(bytes)
            let retryable = http.statusCode >= 500 || http.statusCode == 408 || http.statusCode == 429
            throw ListError("HTTP \(http.statusCode) \(reason) from \(where_)\(excerpt.isEmpty ? "" : ": " + excerpt)", isRetryable: retryable)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            let excerpt = excerptOf(bytes)
            throw ListError("the page from \(where_) is not JSON (\(error))\(excerpt.isEmpty ? "" : ": " + excerpt)", isRetryable: true)
        }
        let link = http.value(forHTTPHeaderField: "Link").flatMap { Self.nextLink(in: $0, relativeTo: url) }
        return JSONResponse(document: document, linkNext: link)
    }

    private func describe(_ error: URLError, url: URL) -> ListError {
        let host = [url.host, url.port.map(String.init)].compactMap { $0 }.joined(separator: ":")
        switch error.code {
        case .cannotConnectToHost:
            return ListError("connection refused by \(host)")
        case .timedOut:
            return ListError("no response from \(host) in \(Self.seconds(timeout))")
        case .cannotFindHost, .dnsLookupFailed:
            return ListError("cannot find host \(url.host ?? "")")
        case .notConnectedToInternet, .networkConnectionLost:
            return ListError("connection to \(host) lost")
        case .cancelled:
            return ListError("cancelled")
        default:
            return ListError("\(Self.display(url)): \(mask(error.localizedDescription))")
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
    public static func nextLink(in header: String, relativeTo base: URL) -> URL? {
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

import Foundation
import ListerJSON
import ListerSources
import Logging
import Synchronization
import Testing

/// What `lister json --log FILE` records of HTTP: a line per request and per response, with
/// header names but never their values, even when the server echoes them or the URL holds one.
@Suite(.timeLimit(.minutes(1))) struct JSONHTTPLogTests {
    /// The timeout of a client whose request is answered: a timeout is not what these
    /// tests are about, and a CI run with every suite in parallel on 2 cores once left a
    /// 401 unanswered for 2 s. (`aSlowResponseTimesOut` keeps its 1 s.)
    static let answerTimeout: Double = 30

    @Test func requestsAreLoggedWithoutHeaderValues() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let log = CapturedLog()
        let token = "s3cr3t-token-\(UUID().uuidString.prefix(6))"
        let client = JSONHTTPClient(headers: [("Authorization", "Bearer \(token)"), ("X-Key", token)], timeout: Self.answerTimeout, logger: log.logger)
        _ = try await client.get(server.url("/pages?page=2&per_page=5&key=\(token)"))
        let error = await failure { _ = try await client.get(server.url("/secret")) }  // a 401 echoing the header

        #expect(error?.contains(token) == false)
        let lines = log.lines
        #expect(!lines.joined(separator: "\n").contains(token))
        #expect(lines.count == 4)  // a request and a response, twice
        #expect(lines[0] == #"debug http request headers=Authorization,X-Key method=GET url="http://127.0.0.1:\#(server.port)/pages?page=2&per_page=5&key=***""#)
        #expect(lines[1].hasPrefix("debug http response bytes="))
        #expect(lines[1].contains(" status=200 "))
        #expect(lines[3].contains(" status=401 "))
        #expect(lines[3].contains(" ms="))
    }

    @Test func aRefusedConnectionIsLoggedAsAWarning() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let log = CapturedLog()
        let client = JSONHTTPClient(timeout: Self.answerTimeout, logger: log.logger)
        _ = await failure { _ = try await client.get(URL(string: "http://127.0.0.1:\(port)/pages")!) }
        withExtendedLifetime(refusing) {}
        #expect(log.lines.last?.hasPrefix("warning http request failed error=\"connection refused by 127.0.0.1:\(port)\" method=GET ms=") == true)
    }

    /// The error `body` throws, as text.
    private func failure(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// A logger whose lines (`level message key=value…`, metadata sorted) are kept in memory.
final class CapturedLog: Sendable {
    private let storage = Mutex<[String]>([])

    /// The lines logged so far.
    var lines: [String] { storage.withLock { $0 } }

    /// A logger writing here, at every level.
    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: String) { storage.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let pairs = all.keys.sorted().map { key -> String in
                let value = "\(all[key]!)"
                let plain = !value.isEmpty && !value.contains { $0 == " " || $0 == "=" || $0 == "\"" }
                return "\(key)=" + (plain ? value : "\"\(value)\"")
            }
            log.append((["\(event.level) \(event.message)"] + pairs).joined(separator: " "))
        }
    }
}

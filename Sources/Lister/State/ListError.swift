/// Why a load failed, in words a person can act on, and whether trying again can help.
public struct ListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line saying what went wrong.
    public var message: String
    /// Whether retrying can succeed (a timeout can; a missing file usually cannot).
    public var isRetryable: Bool

    /// Creates an error.
    public init(_ message: String, isRetryable: Bool = true) {
        self.message = message
        self.isRetryable = isRetryable
    }

    /// Wraps any error thrown by a loader. A `ListError` passes through unchanged; other
    /// errors use their description and are assumed retryable.
    public init(_ error: any Error) {
        if let listError = error as? ListError {
            self = listError
        } else {
            self.init(String(describing: error), isRetryable: true)
        }
    }

    public var description: String { message }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex`.
///
/// Used instead of `Synchronization.Mutex` because the thread sanitizer reports false races
/// on `Mutex` with this toolchain and is clean with `pthread_mutex`.
public final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is only touched between lock and unlock of `mutex`, which is
    // allocated once, never moved, and destroyed in deinit when no other reference exists.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

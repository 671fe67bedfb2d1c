extension Array {
    /// An array of at most `capacity` elements that `body` initializes in place, returning
    /// how many it initialized.
    ///
    /// `init(unsafeUninitializedCapacity:initializingWith:)` with a capacity of 0 writes the
    /// count into the storage every empty array shares; two threads doing so at once are a
    /// data race to the thread sanitizer (a harmless one: both write 0). Here no capacity
    /// makes `[]`, after `body` is called with an empty buffer.
    init(writing capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Int) {
        guard capacity > 0 else {
            _ = body(UnsafeMutableBufferPointer(start: nil, count: 0))
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in initialized = body(buffer) }
    }
}

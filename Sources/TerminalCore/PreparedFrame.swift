/// A frame drawn ahead of a key: what the screen will show once one of `keys` is handled,
/// if nothing else happens first.
///
/// The runtime prepares frames for the keys most often pressed next (Down and Up) while it
/// waits, and a terminal that can (``TerminalBackend/prepare(_:)``) works out their bytes
/// too. When such a key arrives, the terminal writes the prepared bytes at once, before the
/// key is handled; the frame the runtime then presents is drawn as the difference from the
/// prepared one, which is nothing when the prediction held. A wrong prediction therefore
/// shows for as long as one key takes to handle, and is then corrected.
public struct PreparedFrame: Sendable {
    /// The keys that lead to ``frame``.
    public var keys: [Key]
    /// What the screen shows after one of them.
    public var frame: Buffer

    /// A frame for `keys`.
    public init(keys: [Key], frame: Buffer) {
        self.keys = keys
        self.frame = frame
    }
}

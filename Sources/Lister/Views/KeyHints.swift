/// The keys that views name in their hints ("Press r to retry", "· r to retry"), read from
/// the app's key map.
///
/// The runtime binds them from its ``Configuration/keyMap`` (task-local values) while it
/// handles an event or draws a frame, so a view built in a `body`, a footer or an error
/// view names the key the app really bound: rebinding retry changes every hint. Views drawn
/// outside a runtime (a test of a view) see the standard keys; two runtimes never see each
/// other's.
public enum KeyHints {
    /// The label of the first key bound to ``Command/refresh`` (retry, else refresh); nil
    /// when no key is bound to it, and hints then offer no retry.
    @TaskLocal public static var retry: String? = "r"

    /// The retry hint of `keyMap`.
    static func retry(in keyMap: KeyMap) -> String? { keyMap.key(for: .refresh)?.label }
}

/// Lets code running inside a load tell the runtime that it is waiting on something a test
/// controls, so a headless test can wait for every load to either finish or park.
///
/// Apps never need this; `ListerTestSupport`'s scripted loaders use it.
public enum LoadProbe {
    /// Called with `true` when the current load parks, `false` when it resumes.
    @TaskLocal public static var current: (@Sendable (Bool) -> Void)?
}

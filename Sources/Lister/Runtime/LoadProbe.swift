/// Lets code running inside a load tell the runtime that it is waiting on something a test
/// controls, so a headless test can wait for every load to either finish or park.
///
/// Apps never need this; `ListerTestSupport`'s scripted loaders use it.
///
/// The task-local value is a struct rather than a bare optional closure: Swift 6.3.1's
/// release builds miscompile `withValue` on a `@TaskLocal` of optional function type inside
/// `Task.detached` (a crash in `swift_task_localValuePush` as the first load starts).
public struct LoadProbe: Sendable {
    private let onChange: @Sendable (Bool) -> Void

    /// Creates a probe that calls `onChange` with `true` when a load parks, `false` when it
    /// resumes.
    public init(_ onChange: @escaping @Sendable (Bool) -> Void) {
        self.onChange = onChange
    }

    /// Says whether the current load is parked (`true`) or running again (`false`).
    public func report(parked: Bool) { onChange(parked) }

    /// The probe of the load running in this task, if any.
    @TaskLocal public static var current: LoadProbe?
}

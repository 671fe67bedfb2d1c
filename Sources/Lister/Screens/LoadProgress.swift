/// Where a load that is still running reports the rows it has so far.
///
/// A screen streaming its input implements ``ListScreen/load(progress:)`` and calls the
/// progress with the rows read so far, as often as it likes: the runtime keeps only the
/// newest report not yet shown, so reporting is cheap and never queues up.
///
/// ```swift
/// nonisolated func load(progress: LoadProgress<LineStore>) async throws -> LineStore {
///     var builder = LineStoreBuilder()
///     while let chunk = try await input.next() {
///         builder.append(chunk)
///         progress(builder.snapshot())
///     }
///     return builder.finish()
/// }
/// ```
public struct LoadProgress<Items: Sendable>: Sendable {
    private let report: @Sendable (Items) -> Void

    /// Creates a progress that hands each report to `report`.
    public init(_ report: @escaping @Sendable (Items) -> Void) { self.report = report }

    /// Reports the rows that came so far.
    public func callAsFunction(_ items: Items) { report(items) }

    /// A progress that drops every report (for calling a streaming load directly).
    public static var ignored: LoadProgress { LoadProgress { _ in } }
}

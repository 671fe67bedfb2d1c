import TerminalCore

/// A region of a screen's body that shows one value loaded asynchronously for a key:
/// nothing while a new key waits, then a spinner after its
/// delay, the error with the app's retry key, or the content.
///
/// A body makes one with ``ListContext/asyncContent(_:key:debounce:load:content:)``; the
/// runtime loads the key once the frame is drawn, cancels the load of a key no longer
/// shown, and draws again when the value arrives.
public struct AsyncContentView: View {
    /// What the region shows.
    public enum Phase {
        /// Nothing: no key, or a key whose spinner is not due yet.
        case blank
        /// The spinner, at this frame.
        case spinner(frame: Int)
        /// The load failed.
        case failure(ListError)
        /// The value's view.
        case content(any View)
    }

    /// What the region shows.
    public var phase: Phase
    /// The region's name, noted where it is drawn so clicks and the wheel can reach it.
    public var region: RegionID
    /// What the spinner says, e.g. "Loading preview…".
    public var loadingLabel: String
    /// The headline of a failure, e.g. "Could not load the preview".
    public var failureHeadline: String
    /// The lines the region takes in a stack; nil takes a share of what is left.
    public var height: Int?
    var regions: RegionMap?

    /// A view of `phase` in `region`.
    public init(_ phase: Phase, region: RegionID, loadingLabel: String = "Loading…",
                failureHeadline: String = "Could not load this") {
        self.phase = phase
        self.region = region
        self.loadingLabel = loadingLabel
        self.failureHeadline = failureHeadline
    }

    public var sizing: Sizing { height.map { .fixed($0) } ?? .flexible }

    /// The region taking `lines` lines in a stack.
    public func height(_ lines: Int) -> AsyncContentView {
        var view = self
        view.height = lines
        return view
    }

    public func render(in rect: Rect, buffer: inout Buffer) {
        regions?.record(region, rect)
        switch phase {
        case .blank: break
        case .spinner(let frame): Spinner(frame: frame, label: loadingLabel).render(in: rect, buffer: &buffer)
        case .failure(let error): ErrorState(headline: failureHeadline, error: error).render(in: rect, buffer: &buffer)
        case .content(let view): view.render(in: rect, buffer: &buffer)
        }
    }

    /// The phase of a region in `state`, with `model`'s spinner.
    static func phase<Key, Value>(_ state: LoadState<Value>, model: ContentModel<Key, Value>, now: Duration,
                                  content: (Value) -> any View) -> Phase {
        switch state {
        case .idle: return .blank
        case .loading: return model.isSpinnerVisible ? .spinner(frame: model.spinnerFrame(at: now)) : .blank
        case .error(let error): return .failure(error)
        case .loaded(let value): return .content(content(value))
        }
    }
}

extension ListContext {
    /// A region that shows the value `load` gives for `key`, loaded by the runtime.
    ///
    /// Call it from ``ListScreen/body(_:)`` like any view. Once the frame is drawn the
    /// runtime starts `load(key)` off the main actor (after `debounce`, so that keys that
    /// change faster, such as the selection while Down is held, start one load), cancels
    /// the load of the key shown before, and never shows a value of an older key. `r`
    /// loads it again. A frame that no longer draws the region cancels its load.
    ///
    /// ```swift
    /// Split(.horizontal, second: .percent(40)) {
    ///     standardBody(context)
    /// } second: {
    ///     context.asyncContent("author", key: context.model.selectedItem?.authorID) { id in
    ///         try await api.author(id)
    ///     } content: { author in
    ///         Text(author.name).bold()
    ///     }
    /// }
    /// ```
    public func asyncContent<Key: Hashable & Sendable, Value: Sendable>(
        _ region: RegionID, key: Key?, debounce: Duration = .zero,
        load: @escaping @Sendable (Key) async throws -> Value,
        @ViewBuilder content: (Value) -> Group
    ) -> AsyncContentView {
        guard let contents else {
            // A context made by hand (a test of a body): nothing loads.
            return AsyncContentView(.blank, region: region)
        }
        let slot = contents.slot(region, Key.self, Value.self)
        if contents.isRecording { slot.want(key, debounce: debounce) { key, _ in try await load(key) } }
        var view = AsyncContentView(AsyncContentView.phase(slot.state(for: key), model: slot.model, now: now, content: content),
                                    region: region)
        view.regions = regions
        return view
    }
}

/// Where the sections of a grouped list begin, and where each item is drawn once a header
/// row precedes every section.
///
/// Drawn rows interleave headers and items: section `s` has its header at row
/// `starts[s] + s`, followed by its items. Lookups are binary searches, so drawing the
/// visible rows of a long list costs a few comparisons per row.
public struct SectionIndex: Hashable, Sendable {
    /// What a drawn row shows.
    public enum Entry: Hashable, Sendable {
        /// The header of section `section`.
        case header(section: Int)
        /// The item at `index` of the list.
        case item(index: Int)
    }

    /// The position of the first item of each section.
    public private(set) var starts: [Int] = []
    /// The title of each section.
    public private(set) var titles: [String] = []
    /// The number of items.
    public private(set) var itemCount = 0

    /// Groups `items`: a new section begins wherever `title` changes.
    public init<C: RandomAccessCollection>(_ items: C, title: (C.Element) -> String) where C.Index == Int {
        itemCount = items.count
        var last: String?
        for (offset, item) in items.enumerated() {
            let current = title(item)
            if current != last {
                starts.append(offset)
                titles.append(current)
                last = current
            }
        }
    }

    /// The number of sections.
    public var sectionCount: Int { starts.count }

    /// The number of drawn rows: every item and every header.
    public var rowCount: Int { itemCount + starts.count }

    /// The row of the header of section `section`.
    public func headerRow(of section: Int) -> Int { starts[section] + section }

    /// The section item `index` belongs to.
    public func section(ofItem index: Int) -> Int {
        Self.lastIndex(in: starts, notAbove: index) ?? 0
    }

    /// The row item `index` is drawn on.
    public func row(ofItem index: Int) -> Int { index + section(ofItem: index) + 1 }

    /// The section drawn row `row` belongs to (a header belongs to its own section).
    public func section(atRow row: Int) -> Int {
        var low = 0, high = starts.count - 1, found = 0
        while low <= high {
            let middle = (low + high) / 2
            if headerRow(of: middle) <= row { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        return found
    }

    /// What row `row` draws.
    public func entry(atRow row: Int) -> Entry {
        let section = section(atRow: row)
        let header = headerRow(of: section)
        return row == header ? .header(section: section) : .item(index: row - section - 1)
    }

    /// The section whose header a list scrolled to `offset` pins over its rows (sticky): the
    /// section of the item drawn first, unless the next row is the next section's header.
    /// Nil when the first row is a header, or past the last row.
    public func stickySection(atOffset offset: Int) -> Int? {
        guard offset >= 0, offset < rowCount, case .item(let index) = entry(atRow: offset) else { return nil }
        let section = section(ofItem: index)
        if offset + 1 < rowCount, entry(atRow: offset + 1) == .header(section: section + 1) { return nil }
        return section
    }

    /// The last position in the sorted `values` whose value is at most `limit`.
    static func lastIndex(in values: [Int], notAbove limit: Int) -> Int? {
        var low = 0, high = values.count - 1
        var found: Int?
        while low <= high {
            let middle = (low + high) / 2
            if values[middle] <= limit { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        return found
    }
}

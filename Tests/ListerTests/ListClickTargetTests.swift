@testable import Lister
import Testing

/// What a click on a line of a list hits, worked out from where the rows were drawn.
@MainActor
@Suite struct ListClickTargetTests {
    private func target(line: Int, upward: Bool = false, sections: SectionIndex? = nil, offset: Int = 0, count: Int = 5,
                        selectable: @escaping (Int) -> Bool = { _ in true }) -> ListClickTarget {
        ListClickTarget.at(line: line, layout: .singleLine, height: 10, upward: upward, filter: ListFilter(),
                           sections: sections, scrollOffset: offset, count: count, isSelectable: selectable)
    }

    @Test func aPlainListsLinesAreItsRowsFromItsOffsetThenTheFooter() {
        #expect(target(line: 2) == .row(2))
        #expect(target(line: 2, offset: 1) == .row(3))
        #expect(target(line: 5) == .footer)  // the line after the last row
        #expect(target(line: 2, selectable: { $0 != 2 }) == .nothing)  // a heading
        #expect(target(line: 9, upward: true) == .row(0))  // drawn from the bottom
    }

    @Test func aGroupedListsHeadersTakeNoClicks() {
        let books = books(8..<13) + [Book(3)]
        let sections = SectionIndex(books) { "Shelf \($0.id / 10)" }
        #expect(target(line: 0, sections: sections, count: books.count) == .nothing)  // a header
        #expect(target(line: 1, sections: sections, count: books.count) == .row(0))
        #expect(target(line: 4, sections: sections, count: books.count) == .row(2))  // below the second header
        #expect(target(line: 9, sections: sections, count: books.count) == .footer)
    }
}

/// Values appended in order and read back in order, kept in pages of at most `pageSize`:
/// a full page is never copied again, so a long run of appends neither moves its values
/// each time an array doubles nor touches twice the memory they need (fresh pages of
/// memory cost the system more than the copying).
struct PagedValues<Element: Sendable>: Sendable {
    private var pages: [[Element]] = []
    /// How many values the pages hold.
    private(set) var count = 0
    /// The values of a page: the first grows as an array does, the others are made this
    /// size at once.
    static var pageSize: Int { 4096 }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ value: Element) {
        if pages.isEmpty || pages[pages.count - 1].count == Self.pageSize {
            var page: [Element] = []
            if !pages.isEmpty { page.reserveCapacity(Self.pageSize) }
            pages.append(page)
        }
        pages[pages.count - 1].append(value)
        count += 1
    }

    /// Empties the pages; the first is kept for the values to come, unless it was full.
    mutating func removeAll() {
        if pages.count == 1 && count < Self.pageSize {
            pages[0].removeAll(keepingCapacity: true)
        } else {
            pages.removeAll()
        }
        count = 0
    }

    /// The values, in order.
    var all: FlattenSequence<[[Element]]> { pages.joined() }
}

import PerLanguage
/// An array kept as full chunks of `chunkSize` elements and a shorter tail. A copy shares
/// the chunks and the tail; appending changes only the tail, and the list of chunks once
/// every `chunkSize` appends. Every undo step keeps the product list as it was, so adding
/// a product to a list of n costs a copy of the tail (fewer than `chunkSize` products) and,
/// spread over the appends, n/`chunkSize`² shared references — not a copy of n products.
/// Removing from the middle rebuilds the chunks after it.
public struct ChunkedArray<Element> {
    package static var chunkSize: Int { 16 }
    /// Full chunks, in order.
    private var chunks: [[Element]] = []
    /// The last elements, fewer than `chunkSize`.
    private var tail: [Element] = []

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    public var count: Int { chunks.count * Self.chunkSize + tail.count }

    public mutating func append(_ element: Element) {
        tail.append(element)
        if tail.count == Self.chunkSize {
            chunks.append(tail)
            tail = []
        }
    }

    @discardableResult
    public mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast of an empty ChunkedArray")
        if tail.isEmpty { tail = chunks.removeLast() }
        return tail.removeLast()
    }

    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = self[index]
        let rest = Array(self[(index + 1)...])
        while count > index { removeLast() }
        for element in rest { append(element) }
        return element
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            let inChunks = chunks.count * Self.chunkSize
            if position >= inChunks { return tail[position - inChunks] }
            return chunks[position / Self.chunkSize][position % Self.chunkSize]
        }
        set {
            precondition(position >= 0 && position < count, "index out of range")
            let inChunks = chunks.count * Self.chunkSize
            if position >= inChunks {
                tail[position - inChunks] = newValue
            } else {
                chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue
            }
        }
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedArray: Equatable where Element: Equatable {
    /// Shared chunks compare by identity first (as arrays do), so comparing an undo step
    /// with the list it came from is quick.
    public static func == (a: ChunkedArray, b: ChunkedArray) -> Bool { a.tail == b.tail && a.chunks == b.chunks }
}

extension ChunkedArray: Hashable where Element: Hashable {}
extension ChunkedArray: Sendable where Element: Sendable {}

/// Elements that no longer change, in memory this object owns and frees: readers take
/// `buffer` and index it with no reference counting and no uniqueness checks, which is what
/// the report writers' per-product loops need. The memory never moves while the object lives.
final class FrozenBuffer<Element: BitwiseCopyable>: @unchecked Sendable {  // immutable
    let buffer: UnsafeBufferPointer<Element>
    private let storage: GrowableBuffer<Element>

    /// Takes over a growable buffer's memory.
    init(_ storage: consuming GrowableBuffer<Element>) {
        buffer = storage.buffer
        self.storage = storage
    }

    /// `count` elements for a builder to write, all of them, through `mutableBuffer` before
    /// anyone reads them.
    convenience init(uninitializedCount count: Int) {
        var storage = GrowableBuffer<Element>()
        storage.reserve(count)
        storage.setCount(count)
        self.init(storage)
    }

    /// For the builder, while it fills the elements in.
    var mutableBuffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(mutating: buffer) }

    convenience init(_ elements: [Element]) {
        var storage = GrowableBuffer<Element>()
        elements.withUnsafeBufferPointer { storage.append(contentsOf: $0) }
        self.init(storage)
    }
}

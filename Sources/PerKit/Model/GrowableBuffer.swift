#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffer for the hot paths (a record's fields, report output): appends are a bounds check
/// and a memcpy, with none of `Array`'s uniqueness checks or reference counting. It cannot be
/// copied, so its memory has one owner, and it frees that memory when it goes.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    deinit { free(base) }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, elements.count > 0 else { return }
        if count + elements.count > capacity { reserve(count + elements.count) }
        copyBytes(from: source, to: base! + count, count: elements.count * MemoryLayout<Element>.stride)
        count += elements.count
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserve(count + 1) }
        base![count] = element
        count += 1
    }

    /// Declares the first `count` elements written (by C code writing into `base`), or drops
    /// the ones after them.
    mutating func setCount(_ count: Int) {
        precondition(count <= capacity)
        self.count = count
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count)
            return base![index]
        }
        set {
            precondition(index >= 0 && index < count)
            base![index] = newValue
        }
    }

    @inline(__always)
    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func reserve(_ needed: Int) {
        if needed > capacity { grow(needed) }
    }

    /// Hands the elements and their memory to a new buffer, leaving this one empty.
    mutating func takeAll() -> GrowableBuffer<Element> {
        var taken = GrowableBuffer()
        (taken.base, taken.count, taken.capacity) = (base, count, capacity)
        (base, count, capacity) = (nil, 0, 0)
        return taken
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = max(capacity * 2, 256)
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory growing a buffer to \(newCapacity) elements")
        }
        base = grown.assumingMemoryBound(to: Element.self)
        capacity = newCapacity
    }
}

/// Bytes in a `GrowableBuffer`: record fields, names, report text.
typealias GrowableBytes = GrowableBuffer<UInt8>

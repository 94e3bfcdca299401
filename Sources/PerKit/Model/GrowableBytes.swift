#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffer for the hot paths (a record's fields, report output): appends are a bounds check
/// and a memcpy, with none of `Array`'s uniqueness checks or reference counting. Owned by one
/// class instance, which frees it.
typealias GrowableBytes = GrowableBuffer<UInt8>

struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

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

    /// Declares the first `count` bytes written (by C code writing into `base`).
    mutating func setCount(_ count: Int) {
        precondition(count <= capacity)
        self.count = count
    }

    @inline(__always)
    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func reserve(_ needed: Int) {
        if needed > capacity { grow(needed) }
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

    /// Frees the memory; the owner calls this from its deinit.
    mutating func deallocate() {
        free(base)
        base = nil
        count = 0
        capacity = 0
    }
}

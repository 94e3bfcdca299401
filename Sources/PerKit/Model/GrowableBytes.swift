#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte buffer for the hot paths (a record's fields, report output): appends are a bounds
/// check and a memcpy, with none of `Array`'s uniqueness checks or reference counting.
/// Owned by one class instance, which frees it.
struct GrowableBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private(set) var capacity = 0

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { reserve(count + bytes.count) }
        memcpy(base! + count, source, bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        base![count] = byte
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

    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = max(capacity * 2, 256)
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else {
            fatalError("out of memory growing a buffer to \(newCapacity) bytes")
        }
        base = grown.assumingMemoryBound(to: UInt8.self)
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

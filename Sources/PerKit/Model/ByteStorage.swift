#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Append-only bytes with a stable address once appending ends: the text of every product,
/// which writers read through pointers for as long as the report lives.
final class ByteStorage {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit { free(base) }

    /// Appends bytes and returns where they start.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let start = count
        guard !bytes.isEmpty else { return start }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base! + count).update(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
        return start
    }

    /// Drops the bytes from `start` on.
    func truncate(to start: Int) {
        count = min(count, start)
    }

    /// The bytes at `start..<start + length`; valid while this storage lives and nothing is appended.
    @inline(__always)
    func bytes(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.map { $0 + start }, count: length)
    }

    private func grow(to needed: Int) {
        var newCapacity = max(capacity * 2, 1 << 16)
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else {
            fatalError("out of memory growing product text to \(newCapacity) bytes")
        }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }
}

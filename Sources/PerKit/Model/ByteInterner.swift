#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives each distinct byte string a dense id and stores it once.
///
/// List names and unit spellings repeat on almost every row; interning them turns a per-row
/// string into a small integer without allocating. Rows of one list usually follow each
/// other, so the last id is checked before hashing.
struct ByteInterner {
    /// Every key's bytes, one after the other, at an address that stays put (see `buffer(of:)`).
    private(set) var storage = ByteStorage()
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private var last: Int32 = -1

    var count: Int { hashes.count }

    /// The id of `key`, adding it when new.
    mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        if last >= 0 && equals(Int(last), key) { return (Int(last), false) }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            if hashes[Int(id)] == hash && equals(Int(id), key) {
                last = id
                return (Int(id), false)
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(hashes.count)
        _ = storage.append(key)
        starts.append(storage.count)
        hashes.append(hash)
        slots[slot] = id
        last = id
        if hashes.count * 2 > slots.count { grow() }
        return (Int(id), true)
    }

    /// Whether `id` is the id of `key`: a guess checked without hashing.
    @inline(__always)
    func holds(_ id: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        id >= 0 && id < hashes.count && equals(id, key)
    }

    /// The id of `key`, when it has one.
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        if last >= 0 && equals(Int(last), key) { return Int(last) }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { return nil }
            if hashes[Int(id)] == hash && equals(Int(id), key) { return Int(id) }
            slot = (slot + 1) & mask
        }
    }

    /// The bytes of an id; valid until the next `intern` (which may move them), and for good
    /// once interning has ended.
    func buffer(of id: Int) -> UnsafeBufferPointer<UInt8> {
        storage.bytes(starts[id], starts[id + 1] - starts[id])
    }

    func string(of id: Int) -> String {
        String(decoding: buffer(of: id), as: UTF8.self)
    }

    private func equals(_ id: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[id]
        let length = starts[id + 1] - start
        guard length == key.count else { return false }
        if length == 0 { return true }
        return memcmp(storage.base! + start, key.baseAddress!, length) == 0
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = bigger.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while bigger[slot] >= 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(id)
        }
        slots = bigger
    }

    /// Eight bytes at a time, each word mixed in by multiplying, then a final mix so that the
    /// low bits used for the slot depend on every byte. `per diff` matches products by it too.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= key.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            offset += 8
        }
        if offset < key.count {
            var tail: UInt64 = 0
            for index in offset..<key.count { tail = tail << 8 | UInt64(base[index]) }
            h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }
}

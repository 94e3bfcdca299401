/// The units as written in a sheet (`g`, `KG`, `Litre`): each spelling gets a dense id, once,
/// with the unit it names in the unit table, or none.
///
/// Spellings repeat on every row. Those of up to 8 bytes (nearly all) are first looked up in a
/// small direct-mapped cache keyed by their bytes packed into one integer, so most rows hash
/// no bytes.
struct UnitSpellings {
    private let units: UnitTable
    /// Every spelling met, by id.
    private(set) var interner = ByteInterner()
    /// The unit each spelling names, by spelling id, or -1 when it names none.
    private var unitIndexes: [Int16] = []
    /// Recent short spellings: packed bytes, length and id.
    private var cache = [(key: UInt64, length: UInt8, id: Int32)](repeating: (0, 0, -1), count: 256)

    init(units: UnitTable) {
        self.units = units
    }

    var count: Int { interner.count }

    /// The id of a spelling, interning it when new.
    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count > 0 && bytes.count <= 8 else { return intern(bytes) }
        var key: UInt64 = 0
        withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        // The key and the length together name the bytes ("g" and "g\0" pack alike).
        let slot = Int(truncatingIfNeeded: ((key ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if cache[slot].key == key && cache[slot].length == bytes.count {
            return Int(cache[slot].id)
        }
        let id = intern(bytes)
        cache[slot] = (key, UInt8(bytes.count), Int32(id))
        return id
    }

    /// The unit (an index in the unit table) a spelling names, or -1.
    @inline(__always)
    func unit(of id: Int) -> Int { Int(unitIndexes[id]) }

    /// The unit (an index in the unit table) a word names, or nil, without keeping the word.
    func unit(named word: String) -> Int? { units.lookup(word) }

    func bytes(of id: Int) -> UnsafeBufferPointer<UInt8> { interner.buffer(of: id) }

    func string(of id: Int) -> String { interner.string(of: id) }

    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (id, isNew) = interner.intern(bytes)
        if isNew {
            let text = String(validating: bytes, as: UTF8.self)
            unitIndexes.append(text.flatMap { units.lookup($0) }.map(Int16.init) ?? -1)
        }
        return id
    }
}

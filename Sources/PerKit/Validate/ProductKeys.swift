/// Each ranked product's key (`--key HEADER`: an EAN, a SKU, the shop's article number), by
/// product index: the cell's bytes as written, trimmed (valid UTF-8). Keys compare byte for
/// byte: `0012` and `12` are two keys.
struct ProductKeys {
    private let storage: ByteStorage
    /// Where each product's key starts in `storage`, and its length (0: the product has none,
    /// its cell was empty or its file has no such column).
    private var starts: [Int] = []
    private var lengths: [Int32] = []

    init(storage: ByteStorage = ByteStorage()) {
        self.storage = storage
    }

    var count: Int { starts.count }

    /// Appends the next product's key, nil for none.
    mutating func append(_ key: UnsafeBufferPointer<UInt8>?) {
        guard let key, !key.isEmpty else {
            starts.append(0)
            lengths.append(0)
            return
        }
        starts.append(storage.append(key))
        lengths.append(Int32(key.count))
    }

    /// Appends `count` products without a key (those read before the first file with the column).
    mutating func appendNone(_ count: Int) {
        starts.append(contentsOf: repeatElement(0, count: count))
        lengths.append(contentsOf: repeatElement(0, count: count))
    }

    /// A product's key, nil when it has none; valid while these keys live.
    func key(of product: Int) -> UnsafeBufferPointer<UInt8>? {
        let length = Int(lengths[product])
        return length == 0 ? nil : storage.bytes(starts[product], length)
    }
}

/// Copies the names of a batch's candidates that become products into the run's name storage,
/// in runs: products one after another have their names side by side in the batch's names and
/// are copied with one call; a candidate that does not become a product leaves its name out.
struct NameRuns {
    private let source: UnsafeBufferPointer<UInt8>
    private let storage: ByteStorage
    /// The run not yet copied: where it starts and ends in `source`, and where it will start
    /// in `storage`.
    private var start = 0
    private var end = 0
    private var destination = 0

    init(_ source: UnsafeBufferPointer<UInt8>, into storage: ByteStorage) {
        self.source = source
        self.storage = storage
        destination = storage.count
    }

    /// Where the name at `offset` in the batch's names will lie in the storage once flushed.
    @inline(__always)
    mutating func take(from offset: Int, count: Int) -> Int {
        if offset != end {
            flush()
            start = offset
            end = offset
        }
        end += count
        return destination + (offset - start)
    }

    /// Copies the run; to be called before anything else appends to the storage, and at the end.
    mutating func flush() {
        if end > start {
            _ = storage.append(UnsafeBufferPointer(rebasing: source[start..<end]))
        }
        start = end
        destination = storage.count
    }
}

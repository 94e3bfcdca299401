import Dispatch

/// A bounded, ordered hand-over of batches from the parser thread to the taking thread, with
/// a pool of empty batches going back.
final class BatchChannel<Work: RecordBatchWork>: @unchecked Sendable {  // every shared field is guarded by `lock`
    typealias Batch = StreamedBatch<Work>
    private let lock = DispatchSemaphore(value: 1)
    private let full = DispatchSemaphore(value: 0)
    private let emptyCount: DispatchSemaphore
    private var ready: [Batch] = []
    private var pool: [Batch]
    private var cancelled = false
    private var error: Error?

    init(_ batches: [Batch]) {
        pool = batches
        // Created at zero and raised, so that it may end below its count (a batch still held
        // when the parser stops) without libdispatch objecting when it is freed.
        emptyCount = DispatchSemaphore(value: 0)
        for _ in batches { emptyCount.signal() }
    }

    var isCancelled: Bool { locked { cancelled } }
    var failure: Error? { locked { error } }

    /// An empty batch to fill, waiting for one if all are in use; nil once cancelled.
    func empty() -> Batch? {
        emptyCount.wait()
        return locked { cancelled ? nil : pool.removeLast() }
    }

    /// Hands a full batch over and returns an empty one; throws once the taker has stopped.
    func send(_ batch: Batch) throws -> Batch? {
        try locked {
            if cancelled { throw ChannelCancelled() }
            ready.append(batch)
        }
        full.signal()
        guard let next = empty() else { throw ChannelCancelled() }
        return next
    }

    /// The next full batch, or nil when the parser is done.
    func receive() -> Batch? {
        full.wait()
        return locked { ready.isEmpty ? nil : ready.removeFirst() }
    }

    func recycle(_ batch: Batch) {
        batch.reset()
        locked { pool.append(batch) }
        emptyCount.signal()
    }

    /// The parser is done, perhaps with an error; `receive` returns nil after the last batch.
    func close(with error: Error?) {
        locked { self.error = error }
        full.signal()
    }

    func cancel() {
        locked { cancelled = true }
        emptyCount.signal()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.wait()
        defer { lock.signal() }
        return try body()
    }
}

/// The taking thread stopped: the parser stops too.
struct ChannelCancelled: Error {}

import Dispatch

/// Reads one file on two threads: a second thread reads the bytes and runs libcsv, packing
/// records into batches; this thread takes the batches in order and validates their rows. The
/// rows, their order and the errors are exactly those of reading on one thread: a parse error
/// arrives after every record before it, and an error while taking rows stops the parser.
enum IngestPipeline {
    static let recordsPerBatch = 4096
    /// Batches in flight: one being filled, one being taken, one waiting.
    static let batches = 3

    static func read<Sink>(_ file: InputFile, options: SheetOptions, chunkSize: Int, into taker: RowTaker<Sink>,
                           progress: (Int) -> Void) throws {
        let channel = BatchChannel(count: batches)
        let parserDone = DispatchSemaphore(value: 0)
        // The parser side: its own objects, handed to the other thread whole.
        nonisolated(unsafe) var format: SheetFormat?
        let work: @Sendable () -> Void = {
            defer { parserDone.signal() }
            var batch = channel.emptyBatch()
            var bytesRead = 0
            do {
                var parser: FileParser!
                defer { parser = nil }  // its handler refers to it
                parser = try FileParser(file: file, options: options) { record in
                    if format == nil { format = parser.format }
                    batch?.append(record)
                    if (batch?.count ?? 0) >= recordsPerBatch {
                        batch?.bytesRead = bytesRead
                        batch = try channel.send(batch!)
                    }
                }
                try InputBytes.forEachChunk(of: file, chunkSize: chunkSize) { chunk in
                    guard !channel.isCancelled else { throw CancellationError() }
                    try parser.feed(chunk)
                    bytesRead += chunk.count
                }
                try parser.finish()
                batch?.bytesRead = bytesRead
                if let batch { _ = try? channel.send(batch) }
                channel.close(with: nil)
            } catch is CancellationError {
                channel.close(with: nil)
            } catch {
                if let batch { _ = try? channel.send(batch) }
                channel.close(with: error)
            }
        }
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
        defer { parserDone.wait() }

        do {
            while let batch = channel.receive() {
                for index in 0..<batch.count {
                    try taker.take(batch.record(at: index), format: format!)
                }
                progress(batch.bytesRead)
                channel.recycle(batch)
            }
        } catch {
            channel.cancel()
            throw error
        }
        if let error = channel.failure { throw error }
    }
}

/// A bounded, ordered hand-over of batches from the parser thread to the taking thread, with a
/// pool of empty batches going back.
final class BatchChannel: @unchecked Sendable {  // every shared field is guarded by `lock`
    private let lock = DispatchSemaphore(value: 1)
    private let full = DispatchSemaphore(value: 0)
    private let empty: DispatchSemaphore
    private var ready: [RecordBatch] = []
    private var pool: [RecordBatch]
    private var closed = false
    private var cancelled = false
    private var error: Error?

    init(count: Int) {
        pool = (0..<count).map { _ in RecordBatch() }
        // Created at zero and raised, so that it may end below its count (a batch still held
        // when the parser stops) without libdispatch objecting when it is freed.
        empty = DispatchSemaphore(value: 0)
        for _ in 0..<count { empty.signal() }
    }

    var isCancelled: Bool { locked { cancelled } }
    var failure: Error? { locked { error } }

    /// An empty batch to fill, waiting for one if all are in use; nil once cancelled.
    func emptyBatch() -> RecordBatch? {
        empty.wait()
        return locked { cancelled ? nil : pool.removeLast() }
    }

    /// Hands a full batch over and returns an empty one; throws once the taker has stopped.
    func send(_ batch: RecordBatch) throws -> RecordBatch? {
        try locked {
            if cancelled { throw CancellationError() }
            ready.append(batch)
        }
        full.signal()
        guard let next = emptyBatch() else { throw CancellationError() }
        return next
    }

    /// The next full batch, or nil when the parser is done.
    func receive() -> RecordBatch? {
        full.wait()
        return locked { ready.isEmpty ? nil : ready.removeFirst() }
    }

    func recycle(_ batch: RecordBatch) {
        batch.removeAll()
        locked { pool.append(batch) }
        empty.signal()
    }

    /// The parser is done, perhaps with an error; `receive` returns nil after the last batch.
    func close(with error: Error?) {
        locked {
            closed = true
            self.error = error
        }
        full.signal()
    }

    /// The taker has stopped: the parser stops at its next hand-over.
    func cancel() {
        locked { cancelled = true }
        empty.signal()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.wait()
        defer { lock.signal() }
        return try body()
    }
}

private struct CancellationError: Error {}

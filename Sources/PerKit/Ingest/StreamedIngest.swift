import Dispatch

/// Reads a file that cannot be cut into segments (standard input, a file in another encoding,
/// a small file), on two threads: a second thread reads the bytes, runs libcsv and prepares
/// each batch of records (`RecordBatchWork`); this thread takes the batches in order
/// (`FileTaker`). The records, their order and the errors are exactly those of one thread: a
/// parse error arrives after every record before it, and an error while taking stops the parser.
enum StreamedIngest {
    static let recordsPerBatch = 4096
    /// Batches in flight: one being filled, one being taken, one waiting.
    static let batches = 3

    /// `bytes` hands the file's bytes, chunk by chunk, to the function it is given.
    static func read<Sink: RecordSink>(_ input: InputFile, options: SheetOptions, into taker: FileTaker<Sink>,
                                       bytes: @escaping @Sendable (_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Void,
                                       progress: (Int) -> Void) throws {
        let channel = BatchChannel((0..<batches).map { _ in StreamedBatch(work: taker.sink.makeWork()) })
        let parserDone = DispatchSemaphore(value: 0)
        let (index, options) = (taker.index, options)
        // The parser side: its own objects, handed to the other thread whole.
        let parse: @Sendable () -> Void = {
            defer { parserDone.signal() }
            var batch = channel.empty()
            var finder: HeaderFinder?
            var bytesRead = 0
            var parser: FileParser!
            defer { parser = nil }  // its handler refers to it
            /// Prepares the batch filled so far, when the format is known, and hands it over.
            func send() throws {
                guard let full = batch else { return }
                if let format = parser?.format {
                    if finder == nil { finder = HeaderFinder(index: index, input: input, format: format, options: options) }
                    full.format = format
                    full.preparation = finder?.prepare(full.records, in: full.work, lineBase: 0)
                }
                full.bytesRead = bytesRead
                batch = try channel.send(full)
            }
            do {
                parser = try FileParser(file: input, options: options) { record in
                    batch?.records.append(record)
                    if (batch?.records.count ?? 0) >= recordsPerBatch { try send() }
                }
                try bytes { chunk in
                    guard !channel.isCancelled else { throw ChannelCancelled() }
                    try parser.feed(chunk)
                    bytesRead += chunk.count
                }
                try parser.finish()
                try? send()
                channel.close(with: nil)
            } catch is ChannelCancelled {
                channel.close(with: nil)
            } catch {
                try? send()
                channel.close(with: error)
            }
        }
        DispatchQueue.global(qos: .userInitiated).async(execute: parse)
        defer { parserDone.wait() }

        do {
            while let batch = channel.receive() {
                if let format = batch.format {
                    try taker.take(batch.records, work: batch.work, preparation: batch.preparation, lineBase: 0, format: format)
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

/// One batch of a streamed file: its records and the work prepared on them, with what the
/// taking thread needs to know about both.
final class StreamedBatch<Work: RecordBatchWork>: @unchecked Sendable {  // used by one thread at a time, handed over whole
    let records = RecordBatch()
    let work: Work
    /// The file's format, once known (always, before its first record).
    var format: SheetFormat?
    var preparation: Preparation?
    /// How many bytes of the file had been read when the batch was sent.
    var bytesRead = 0

    init(work: Work) {
        self.work = work
    }

    func reset() {
        records.removeAll()
        preparation = nil
        bytesRead = 0
    }
}

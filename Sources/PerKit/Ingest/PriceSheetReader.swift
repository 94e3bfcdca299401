#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads price sheets into a sink: each file's bytes (converted to UTF-8 when needed) through
/// libcsv, its header into a `ColumnLayout`, and every data record, with file and line, in
/// input order.
///
/// One route reads any file: `StreamedIngest`, a parser thread handing batches to this one. A
/// UTF-8 file of at least two segments is read by `SegmentedIngest` instead, which cuts it into
/// segments parsed on two threads at once; the records, lines and errors are the same.
struct PriceSheetReader {
    var options: SheetOptions
    /// Bytes per read(2); records and lines do not depend on it.
    var chunkSize: Int
    /// How large the segments of a large file are (for tests, which cut files small).
    var segmentSize: Int
    /// Where records were prepared, over every read (for tests).
    let counts = IngestCounts()

    init(options: SheetOptions = SheetOptions(), chunkSize: Int = 1 << 20, segmentSize: Int = 1 << 20) {
        self.options = options
        self.chunkSize = chunkSize
        self.segmentSize = segmentSize
    }

    /// Reads every file into the sink, in order. A file that fails stops there and the next
    /// one is read, so one run names every broken file; the errors come back in file order.
    /// `progress` hears, after each read, the file's index and how many of its bytes have been read.
    func read<Sink: RecordSink>(_ files: [InputFile], into sink: Sink,
                                progress: ((_ file: Int, _ bytesRead: Int) -> Void)? = nil) -> [InputError] {
        var errors: [InputError] = []
        for (index, file) in files.enumerated() {
            do {
                var options = options
                options.judge = sink.judge
                if options.encoding == nil, let size = file.size {
                    options.encodingFound = try Self.encoding(of: file, size: size)
                    options.encoding = options.encodingFound?.encoding
                }
                let taker = FileTaker(input: file, index: index, options: options, sink: sink, counts: counts)
                if options.encoding == .utf8, let size = file.size, size >= 2 * segmentSize {
                    try SegmentedIngest.read(file, size: size, options: options, segmentSize: segmentSize, into: taker) { bytesRead in
                        progress?(index, bytesRead)
                    }
                } else {
                    let chunkSize = chunkSize
                    try StreamedIngest.read(file, options: options, into: taker, bytes: { body in
                        try InputBytes.forEachChunk(of: file, chunkSize: chunkSize, body)
                    }) { bytesRead in
                        progress?(index, bytesRead)
                    }
                }
                try taker.finish()
            } catch let error as InputError {
                errors.append(error)
            } catch {
                errors.append(InputError(file: file.shownPath, .cannotRead(reason: "\(error)")))
            }
        }
        return errors
    }

    /// What a regular file's bytes say about its encoding (`EncodingGuess`): its head as
    /// `FileParser` reads it and, when that is plain ASCII, its first 4 MiB, the bytes a stream
    /// of it would be decided on.
    static func encoding(of file: InputFile, size: Int) throws -> EncodingGuess.Outcome {
        let descriptor = try InputBytes.openFile(file)
        defer { close(descriptor) }
        var start = try InputBytes.bytes(descriptor, count: min(size, FileParser.sniffWindow + 4), at: 0, path: file.shownPath)
        if FileParser.startsUTF16(start) { return EncodingGuess.Outcome(encoding: .utf16, notUTF8: true) }
        let enough = start.withUnsafeBufferPointer { EncodingGuess.isEnough($0) }
        if !enough && start.count < size {
            let more = min(size, EncodingGuess.scanLength) - start.count
            start += try InputBytes.bytes(descriptor, count: more, at: start.count, path: file.shownPath)
        }
        return start.withUnsafeBufferPointer { EncodingGuess.decide(start: $0, isWhole: start.count == size) }
    }

    /// Reads one file that is already in memory, handed over in the given chunks, by the
    /// streamed route: for tests that check that nothing depends on how reads are split.
    func read<Sink: RecordSink>(chunks: [[UInt8]], as file: InputFile, index: Int = 0, into sink: Sink) throws {
        var options = options
        options.judge = sink.judge
        let taker = FileTaker(input: file, index: index, options: options, sink: sink, counts: counts)
        try StreamedIngest.read(file, options: options, into: taker, bytes: { body in
            for chunk in chunks {
                try chunk.withUnsafeBytes { try body($0) }
            }
        }) { _ in }
        try taker.finish()
    }
}

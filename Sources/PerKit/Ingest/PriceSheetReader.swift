/// Reads price sheets: each file's bytes (converted to UTF-8 when needed) through libcsv, its
/// header into a `ColumnLayout`, and every data row, with file and line, into a sink.
public struct PriceSheetReader: Sendable {
    public var options: SheetOptions
    /// Bytes per read(2); records and lines do not depend on it.
    public var chunkSize: Int
    /// Parse on a second thread while rows are validated on this one. The rows, their order
    /// and the errors are the same either way.
    public var pipelined: Bool

    /// With `pipelined`, a UTF-8 file of at least two segments is parsed by segments on two
    /// threads while this one validates (`SegmentedIngest`).
    public var segmentSize: Int

    public init(options: SheetOptions = SheetOptions(), chunkSize: Int = 1 << 20, pipelined: Bool = true,
                segmentSize: Int = 1 << 20) {
        self.options = options
        self.chunkSize = chunkSize
        self.pipelined = pipelined
        self.segmentSize = segmentSize
    }

    /// Reads every file into the sink, in order. A file that fails stops there and the next
    /// one is read, so one run names every broken file; the errors come back in file order.
    /// `progress` hears, after each read, the file's index and how many of its bytes have been read.
    public func read(_ files: [InputFile], into sink: some PriceRowSink,
                     progress: ((_ file: Int, _ bytesRead: Int) -> Void)? = nil) -> [InputError] {
        var errors: [InputError] = []
        for (index, file) in files.enumerated() {
            do {
                let taker = RowTaker(file: file, index: index, options: options, sink: sink)
                if pipelined, options.encoding == .utf8, let size = file.size, size >= 2 * segmentSize {
                    try SegmentedIngest.read(file, size: size, options: options, segmentSize: segmentSize, into: taker) { bytesRead in
                        progress?(index, bytesRead)
                    }
                } else if pipelined {
                    try IngestPipeline.read(file, options: options, chunkSize: chunkSize, into: taker) { bytesRead in
                        progress?(index, bytesRead)
                    }
                } else {
                    var parser: FileParser!
                    defer { parser = nil }  // its handler refers to it
                    parser = try FileParser(file: file, options: options) { record in
                        try taker.take(record, format: parser.format!)
                    }
                    var bytesRead = 0
                    try InputBytes.forEachChunk(of: file, chunkSize: chunkSize) { chunk in
                        try parser.feed(chunk)
                        bytesRead += chunk.count
                        progress?(index, bytesRead)
                    }
                    try parser.finish()
                }
                try taker.finish()
            } catch let error as InputError {
                errors.append(error)
            } catch {
                errors.append(InputError(file: file.path, .cannotRead(reason: "\(error)")))
            }
        }
        return errors
    }

    /// Reads one file that is already in memory, handed over in the given chunks: for tests
    /// that check that nothing depends on how reads are split.
    public func read(chunks: [[UInt8]], as file: InputFile, index: Int = 0, into sink: some PriceRowSink) throws {
        let taker = RowTaker(file: file, index: index, options: options, sink: sink)
        var parser: FileParser!
        defer { parser = nil }  // its handler refers to it
        parser = try FileParser(file: file, options: options) { record in
            try taker.take(record, format: parser.format!)
        }
        for chunk in chunks {
            try chunk.withUnsafeBytes { try parser.feed($0) }
        }
        try parser.finish()
        try taker.finish()
    }
}

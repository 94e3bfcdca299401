/// Reads price sheets: each file's bytes through libcsv, its header into a `ColumnLayout`, and
/// every data row, with file and line, into a sink.
public struct PriceSheetReader: Sendable {
    public var dialect: CSVDialect
    public var limits: CSVLimits
    /// Bytes per read(2); records and lines do not depend on it.
    public var chunkSize: Int

    public init(dialect: CSVDialect = CSVDialect(), limits: CSVLimits = CSVLimits(), chunkSize: Int = 1 << 20) {
        self.dialect = dialect
        self.limits = limits
        self.chunkSize = chunkSize
    }

    /// Reads every file into the sink, in order. A file that fails stops there and the next
    /// one is read, so one run names every broken file; the errors come back in file order.
    public func read(_ files: [InputFile], into sink: some PriceRowSink) -> [InputError] {
        var errors: [InputError] = []
        for (index, file) in files.enumerated() {
            do {
                let session = makeSession(file: file, index: index, sink: sink)
                try InputBytes.forEachChunk(of: file, chunkSize: chunkSize) { chunk in
                    try session.feed(chunk)
                }
                try session.finish()
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
        let session = makeSession(file: file, index: index, sink: sink)
        for chunk in chunks {
            try chunk.withUnsafeBytes { try session.feed($0) }
        }
        try session.finish()
    }

    private func makeSession<Sink: PriceRowSink>(file: InputFile, index: Int, sink: Sink) -> FileSession<Sink> {
        FileSession(file: file, index: index, dialect: dialect, limits: limits, sink: sink)
    }
}

/// The reading of one file: byte-order mark, header, then rows.
private final class FileSession<Sink: PriceRowSink> {
    private static var byteOrderMark: [UInt8] { [0xEF, 0xBB, 0xBF] }

    private let file: InputFile
    private let index: Int
    private let sink: Sink
    private var csv: CSVReader!
    private var layout: ColumnLayout?
    /// The first bytes, held until it is known whether they are a byte-order mark.
    private var head: [UInt8] = []
    private var headDone = false

    init(file: InputFile, index: Int, dialect: CSVDialect, limits: CSVLimits, sink: Sink) {
        self.file = file
        self.index = index
        self.sink = sink
        csv = CSVReader(dialect: dialect, limits: limits) { [unowned self] record in
            try self.take(record)
        }
    }

    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0 else { return }
        if headDone {
            try parse(chunk)
            return
        }
        head.append(contentsOf: chunk)
        if head.count >= 3 { try flushHead() }
    }

    func finish() throws {
        if !headDone { try flushHead() }
        do {
            try csv.finish()
        } catch let error as CSVSyntaxError {
            throw InputError(file: file.path, line: error.line, column: error.column, .syntax(error.problem))
        }
        if layout == nil {
            throw InputError(file: file.path, .empty)
        }
    }

    private func flushHead() throws {
        headDone = true
        let body = head.starts(with: Self.byteOrderMark) ? Array(head.dropFirst(3)) : head
        head = []
        try body.withUnsafeBytes { try parse($0) }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try csv.feed(bytes)
        } catch let error as CSVSyntaxError {
            throw InputError(file: file.path, line: error.line, column: error.column, .syntax(error.problem))
        }
    }

    private func take(_ record: CSVRecord) throws {
        if let layout {
            sink.accept(PriceRow(file: index, record: record, layout: layout))
        } else {
            layout = try ColumnLayout(header: record.strings, file: file.path)
        }
    }
}

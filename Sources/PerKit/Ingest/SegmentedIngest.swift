#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one large UTF-8 file on two threads at once, while this thread takes the records:
/// the file is cut into segments of about `segmentSize` bytes, two workers parse segments, each
/// with its own libcsv parser, and prepare their records (`RecordBatchWork`), and this thread
/// takes them segment by segment, in file order (`OrderedWork`, `FileTaker`). The records,
/// their lines and the errors are exactly those of reading on one thread
/// (`StreamedIngest`); this route is an optimisation of that one, for large files.
///
/// A segment after the first starts, by guess, at the first line start at or past its nominal
/// offset; its worker cannot know whether that line break stood inside a quoted field. The
/// worker before it does: it parses past the nominal offset to the first line start that lies
/// between records, and the guess holds when the two are the same. When they are not (a quoted
/// field with a line break spans the cut), this thread discards the segment and parses it
/// again from where the one before really ended. Errors a worker meets stay unreported until
/// its segment is known to be right and every record before them has been taken.
enum SegmentedIngest {
    /// Segments parsed or being parsed and not yet taken; bounds memory to a few segments.
    static let segmentsInFlight = 4
    static let readSize = 256 << 10

    static func read<Sink: RecordSink>(_ file: InputFile, size: Int, options: SheetOptions, segmentSize: Int,
                                       into taker: FileTaker<Sink>, progress: (Int) -> Void) throws {
        let descriptor = try InputBytes.openFile(file)
        defer { close(descriptor) }
        // The plan is for `size` bytes: a file of another size now, or that changes while it is
        // read, is refused (`InputBytes.checkUnchanged`).
        let before = InputBytes.state(descriptor)
        if let before, before.size != size { throw InputError(file: file.shownPath, .changedWhileRead) }

        // The head: byte-order marks, then the format, as `FileParser` decides them.
        let head = try InputBytes.bytes(descriptor, count: min(size, FileParser.sniffWindow + 4), at: 0, path: file.shownPath)
        if FileParser.startsUTF16(head) { throw InputError(file: file.shownPath, .utf16) }
        let dataStart = head.starts(with: FileParser.utf8ByteOrderMark) ? FileParser.utf8ByteOrderMark.count : 0
        let format = head.withUnsafeBufferPointer {
            FormatSniffer.sniff(UnsafeBufferPointer(rebasing: $0[dataStart...]), options: options)
        }

        let plan = SegmentPlan(descriptor: descriptor, path: file.shownPath, size: size, dataStart: dataStart,
                               segmentSize: max(segmentSize, 1), dialect: format.dialect, limits: options.limits)
        // The first segment's worker finds the header itself; the others take it from the
        // head when it lies whole there (else their batches are prepared again when taken).
        let index = taker.index
        let headFile = head.withUnsafeBufferPointer {
            headerFile(in: UnsafeBufferPointer(rebasing: $0[dataStart...]), index: index, input: file, format: format, options: options)
        }
        let sink = taker.sink
        let pool = ReusePool(make: { SegmentBuffers(work: sink.makeWork()) }) { $0.records.removeAll() }
        var start = dataStart
        var lineBase = 0
        try OrderedWork.run(count: plan.count, inFlight: segmentsInFlight) { segmentIndex in
            let buffers = pool.take()
            let segment = plan.parse(segmentIndex, records: buffers.records)
            var finder = segmentIndex == 0 ? HeaderFinder(index: index, input: file, format: format, options: options)
                : headFile.map { HeaderFinder(after: $0, options: options) }
            let preparation = finder?.prepare(segment.records, in: buffers.work, lineBase: 0)
            return (segment, buffers, preparation)
        } consume: { segmentIndex, parsed in
            var (segment, buffers, preparation) = parsed
            defer { pool.give(buffers) }
            if segment.start != start {
                // The guess was wrong: a quoted line break spans the cut.
                segment = plan.parse(segmentIndex, from: start, records: segment.records)
                preparation = nil
            }
            try taker.take(segment.records, work: buffers.work, preparation: preparation, lineBase: lineBase, format: format)
            if let error = segment.error {
                if let syntax = error as? CSVSyntaxError {
                    throw InputError(file: file.shownPath, line: syntax.line + lineBase, column: syntax.column, .syntax(syntax.problem))
                }
                throw error
            }
            lineBase += segment.lines
            start = segment.end
            progress(segment.end)
            return segment.end < size
        }
        if let before { try InputBytes.checkUnchanged(descriptor, path: file.path, since: before, bytesRead: nil) }
    }

    /// The file as the head shows it, when the header (its first record that is not blank)
    /// lies whole in the head and is right; nil otherwise.
    static func headerFile(in head: UnsafeBufferPointer<UInt8>, index: Int, input: InputFile, format: SheetFormat,
                           options: SheetOptions) -> SheetFile? {
        struct Found: Error {}
        let records = RecordBatch()
        // Records up to the first that is not blank, and no further.
        let reader = CSVReader(dialect: format.dialect, limits: options.limits) { record in
            records.append(record)
            if !record.isBlank && !HeaderFinder.isDelimiterLine(record, lineBase: 0) { throw Found() }
        }
        let escapes = format.dialect.escape == .backslash ? BackslashEscapes(dialect: format.dialect) : nil
        try? reader.feed(UnsafeRawBufferPointer(escapes?.translate(head) ?? head))
        var finder = HeaderFinder(index: index, input: input, format: format, options: options)
        _ = try? finder.dataStart(in: records, lineBase: 0)
        return finder.file
    }
}

/// What a worker fills for one segment, kept for the next: its records and the work
/// prepared on them.
private final class SegmentBuffers<Work: RecordBatchWork>: @unchecked Sendable {  // used by one thread at a time, handed over whole
    let records = RecordBatch()
    let work: Work

    init(work: Work) {
        self.work = work
    }
}

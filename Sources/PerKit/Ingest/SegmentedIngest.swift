#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one large UTF-8 file with libcsv on two threads at once, while this thread validates:
/// the file is cut into segments of about `segmentSize` bytes, two workers parse segments in
/// order, each with its own libcsv parser, and this thread takes their records segment by
/// segment, in file order (`OrderedWork`). The rows, their lines and the errors are exactly
/// those of reading on one thread.
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

    static func read<Sink>(_ file: InputFile, size: Int, options: SheetOptions, segmentSize: Int,
                           into taker: RowTaker<Sink>, progress: (Int) -> Void) throws {
        let descriptor = try InputBytes.openFile(file)
        defer { close(descriptor) }

        // The head: byte-order marks, then the format, as `FileParser` decides them.
        let head = try InputBytes.bytes(descriptor, count: min(size, FileParser.sniffWindow + 4), at: 0, path: file.path)
        if FileParser.startsUTF16(head) { throw InputError(file: file.path, .utf16) }
        let dataStart = head.starts(with: FileParser.utf8ByteOrderMark) ? FileParser.utf8ByteOrderMark.count : 0
        let format = head.withUnsafeBufferPointer {
            FileParser.sniff(UnsafeBufferPointer(rebasing: $0[dataStart...]), options: options)
        }

        let plan = SegmentPlan(descriptor: descriptor, path: file.path, size: size, dataStart: dataStart,
                               segmentSize: max(segmentSize, 1), dialect: format.dialect, limits: options.limits)
        // The workers also check each segment's rows after the first (`RowChecker`), with the
        // columns of the header when it lies whole in the head and the sink takes checked rows.
        let sink = taker.sink as? any CheckedRowSink
        let layout = sink == nil ? nil : head.withUnsafeBufferPointer {
            headerLayout(in: UnsafeBufferPointer(rebasing: $0[dataStart...]), file: file, dialect: format.dialect, options: options)
        }
        let checker = layout.flatMap { sink?.rowChecker(file: taker.index, format: format, layout: $0) }
        let units = options.units
        let pool = ReusePool(make: { SegmentBuffers(units: units) }) { $0.records.removeAll() }
        var start = dataStart
        var lineBase = 0
        try OrderedWork.run(count: plan.count, inFlight: segmentsInFlight) { index in
            let buffers = pool.take()
            let segment = plan.parse(index, records: buffers.records)
            if index > 0, let checker {
                buffers.checked.check(segment.records, with: checker)
            } else {
                buffers.checked.removeAll()
            }
            return (segment, buffers)
        } consume: { index, parsed in
            var (segment, buffers) = parsed
            defer { pool.give(buffers) }
            var checked: CheckedRows? = buffers.checked
            if segment.start != start {
                // The guess was wrong: a quoted line break spans the cut.
                segment = plan.parse(index, from: start, records: segment.records)
                checked = nil
            }
            let records = segment.records
            let base = lineBase
            func take(_ position: Int) throws {
                let record = records.record(at: position)
                try taker.take(CSVRecord(line: record.line + base, bytes: record.bytes, ends: record.ends), format: format)
            }
            if let sink, let checked, checked.recordCount == records.count, taker.layout == layout {
                try sink.accept(checked, lineBase: lineBase, other: take)
            } else {
                for position in 0..<records.count { try take(position) }
            }
            if let error = segment.error {
                if let syntax = error as? CSVSyntaxError {
                    throw InputError(file: file.path, line: syntax.line + lineBase, column: syntax.column, .syntax(syntax.problem))
                }
                throw error
            }
            lineBase += segment.lines
            start = segment.end
            progress(segment.end)
            return segment.end < size
        }
    }
}

extension SegmentedIngest {
    /// The columns of the file's header, when its first record that is not blank lies whole in
    /// `head`; nil otherwise, or when the header is wrong (the validating thread says why).
    static func headerLayout(in head: UnsafeBufferPointer<UInt8>, file: InputFile, dialect: CSVDialect,
                             options: SheetOptions) -> ColumnLayout? {
        struct Found: Error {}
        var layout: ColumnLayout?
        let reader = CSVReader(dialect: dialect, limits: options.limits) { record in
            guard !record.isBlank else { return }
            layout = try? ColumnLayout(header: record.strings, file: file.path, line: record.line, columns: options.columns,
                                       sizeFromName: options.sizeFromName)
            throw Found()
        }
        try? reader.feed(UnsafeRawBufferPointer(head))
        return layout
    }
}

/// What a worker fills for one segment, kept for the next: its records and, for a segment
/// after the first, its rows as checked.
private final class SegmentBuffers: Sendable {
    let records = RecordBatch()
    let checked: CheckedRows

    init(units: UnitTable) {
        checked = CheckedRows(units: units)
    }
}

/// One segment as parsed: its records (lines counted from the segment's first line), where it
/// started and ended in the file, how many line breaks it passed, and the error it stopped at.
struct ParsedSegment {
    var start: Int
    var end: Int
    var lines: Int
    var records: RecordBatch
    var error: Error?
}

/// Where the segments lie and how one is parsed; shared by the workers, immutable.
struct SegmentPlan: Sendable {
    let descriptor: Int32
    let path: String
    let size: Int
    let dataStart: Int
    /// At least 1.
    let segmentSize: Int
    let dialect: CSVDialect
    let limits: CSVLimits

    var count: Int { max(1, (size - dataStart + segmentSize - 1) / segmentSize) }

    /// Where segment `index` nominally starts.
    func nominalStart(_ index: Int) -> Int { index == 0 ? dataStart : min(dataStart + index * segmentSize, size) }

    /// Parses segment `index` from its guessed start.
    func parse(_ index: Int, records: RecordBatch = RecordBatch()) -> ParsedSegment {
        do {
            return parse(index, from: try guessedStart(index), records: records)
        } catch {
            return ParsedSegment(start: -1, end: -1, lines: 0, records: records, error: error)
        }
    }

    /// The first line start (just past an LF) at or after the segment's nominal start.
    func guessedStart(_ index: Int) throws -> Int {
        var position = nominalStart(index)
        guard index > 0 else { return position }
        // A line starts at the nominal offset if the byte before it is an LF.
        position -= 1
        var window = [UInt8](repeating: 0, count: 4096)
        while position < size {
            let read = try window.withUnsafeMutableBytes {
                try InputBytes.readFully(descriptor, into: $0, at: position, path: path)
            }
            if read == 0 { break }
            if let found = window[0..<read].firstIndex(of: Byte.lf) { return position + found + 1 }
            position += read
        }
        return size
    }

    /// Parses from `start` to the first line start between records at or past the next
    /// segment's nominal start, or to the end of the file.
    func parse(_ index: Int, from start: Int, records: RecordBatch = RecordBatch()) -> ParsedSegment {
        records.removeAll()
        let stop = index + 1 < count ? nominalStart(index + 1) : nil
        if let stop, start >= stop, start < size {
            // The segment before reaches past this one's end: nothing is left for it.
            return ParsedSegment(start: start, end: start, lines: 0, records: records, error: nil)
        }
        let reader = CSVReader(dialect: dialect, limits: limits, into: records)
        if let stop { reader.stopOffset = max(stop - start, 0) }
        var segment = ParsedSegment(start: start, end: start, lines: 0, records: records, error: nil)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SegmentedIngest.readSize, alignment: 16)
        defer { buffer.deallocate() }
        do {
            var offset = start
            while !reader.stopped {
                let read = try InputBytes.readFully(descriptor, into: buffer, at: offset, path: path)
                if read == 0 {
                    try reader.finish()
                    break
                }
                try reader.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<read]))
                offset += read
            }
        } catch {
            segment.error = error
        }
        segment.end = reader.stopped ? start + reader.bytesConsumed : size
        segment.lines = reader.linesConsumed
        return segment
    }
}

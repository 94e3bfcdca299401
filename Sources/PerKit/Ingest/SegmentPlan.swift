#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The first line start (just past an LF, or a CR that no LF follows) at or after the
    /// segment's nominal start. A file whose lines end in CR alone is cut like any other.
    func guessedStart(_ index: Int) throws -> Int {
        var position = nominalStart(index)
        guard index > 0 else { return position }
        // A line starts at the nominal offset if the byte before it ends a line.
        position -= 1
        var window = [UInt8](repeating: 0, count: 4096)
        while position < size {
            // One byte more than is searched: what follows a CR in the last place.
            let read = try window.withUnsafeMutableBytes {
                try InputBytes.readFully(descriptor, into: $0, at: position, path: path)
            }
            if read == 0 { break }
            let searched = read == window.count ? read - 1 : read
            if let found = window[0..<searched].firstIndex(where: { $0 == Byte.lf || $0 == Byte.cr }) {
                if window[found] == Byte.lf { return position + found + 1 }
                // A CR: the line starts after it unless an LF follows (then after that LF).
                let next = found + 1 < read ? window[found + 1] : nil
                if next != Byte.lf { return position + found + 1 }
                return position + found + 2
            }
            position += searched
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
        let reader = CSVReader(dialect: dialect, limits: limits, recoversDamage: true, into: records)
        if let stop { reader.stopOffset = max(stop - start, 0) }
        var segment = ParsedSegment(start: start, end: start, lines: 0, records: records, error: nil)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SegmentedIngest.readSize, alignment: 16)
        defer { buffer.deallocate() }
        let escapes = dialect.escape == .backslash ? BackslashEscapes(dialect: dialect) : nil
        do {
            var offset = start
            while !reader.stopped {
                let read = try InputBytes.readFully(descriptor, into: buffer, at: offset, path: path)
                if read == 0 {
                    if let escapes { try reader.feed(UnsafeRawBufferPointer(escapes.finish())) }
                    try reader.finish()
                    break
                }
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<read])
                try reader.feed(escapes.map { UnsafeRawBufferPointer($0.translate(bytes.assumingMemoryBound(to: UInt8.self))) } ?? bytes)
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

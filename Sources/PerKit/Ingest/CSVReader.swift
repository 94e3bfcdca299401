#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibCSV

/// Reads CSV with libcsv: bytes in, records with their starting line out. (The only other
/// caller of libcsv is `CSVFieldWriter`, which quotes output fields with `csv_write`.)
///
/// libcsv runs in strict mode (`CSV_STRICT | CSV_STRICT_FINI`), so a stray quote is found
/// instead of merging the rest of the file into one field. The one strict refusal we undo is a
/// bare quote inside an unquoted field (`Pikant"Florini"`), which real exports contain and which
/// cannot hide a record boundary: the quote is kept as a character. Any other refusal stops the
/// file, unless the reader recovers (`recoversDamage`): then the record is set apart whole, as
/// a record with `CSVRecord.damage` and its lines in its one field, and reading starts again
/// where `QuoteRecovery` says it safely can.
///
/// libcsv does not count lines, so the reader feeds it one physical line at a time (a line
/// ends after LF, CRLF or a lone CR) and knows which line every callback belongs to. A record
/// starts on the first line after the previous record that has a byte other than a blank
/// (space or tab unless it is the delimiter, CR, LF); blank lines are no records. A delimiter
/// is never a blank, to libcsv or here: with space as the delimiter, a line of spaces is a
/// record of empty fields.
///
/// Between records, a run of whole lines with no quote and no CR goes to libcsv in one call
/// instead (`feedRun`): there every line that is not blank is exactly one record, ending at
/// its LF, so the record callbacks walk the run's lines to know theirs. Most of a price sheet
/// is such runs; the per-line calls cost as much as a twentieth of the parse.
///
/// Input may arrive in chunks of any size: the records, lines and errors do not depend on how
/// the bytes are split, with one exception kept for memory's sake: blanks after a field, more
/// of them than the record limit, stop the file when a chunk ends among them and not when the
/// field ends within one chunk. Use one reader per file; a failed reader is not reused.
public final class CSVReader {
    public typealias RecordHandler = (CSVRecord) throws -> Void

    let parser: UnsafeMutablePointer<csv_parser>
    let options = UInt8(CSV_STRICT | CSV_STRICT_FINI)
    let dialect: CSVDialect
    let limits: CSVLimits
    /// Called with each record, which is then dropped; nil when records pile up in `records`.
    let handler: RecordHandler?
    /// The record being built, and with no handler every record so far.
    let records: RecordBatch
    /// The physical line of the next byte.
    var line = 1
    /// The line the record in progress started on, or 0 between records.
    var recordLine = 0
    /// The line on which the quoted field still open after the last piece was opened, or 0.
    var openQuoteLine = 0
    /// The last chunk ended with a CR: whether an LF follows is known only with the next chunk.
    var pendingCR = false
    /// Bytes and characters of the current line that earlier chunks carried.
    var lineBytesBefore = 0
    var lineCharactersBefore = 0
    /// Fields completed so far; when the field open before a piece completes within it, a
    /// quoted field still open after it must have opened in it.
    var fieldsCompleted = 0
    /// While a run of plain lines is being parsed (`feedRun`): where the line of the next
    /// record (or the run's end) starts, where the current record's line ends (after its LF),
    /// and where the run ends.
    var runLine: UnsafePointer<UInt8>?
    var runLineEnd: UnsafePointer<UInt8>?
    var runEnd: UnsafePointer<UInt8>?
    /// A problem raised inside a libcsv callback, thrown once libcsv returns.
    var pendingError: Error? {
        didSet { failed = pendingError != nil }
    }
    /// Whether `pendingError` is set: a plain flag for the per-field check.
    var failed = false
    /// Whether a record whose quoting is broken is set apart, instead of stopping the file.
    let recoversDamage: Bool
    /// With `recoversDamage`: the bytes of the record in progress from its first line's start
    /// on, fed to libcsv piece by piece (a run of plain lines holds no quote, so no damage);
    /// dropped at the next line start with no record open.
    var recordBytes: [UInt8] = []
    /// A damaged record held until reading can start again after it.
    var recovery: QuoteRecovery?
    /// Recovering: the line of a record just read whose quoted field runs over lines shaped like
    /// whole records, rows of their own by the look of them (`"Oat milk,1,l,1.49` up to a later
    /// `Pizza 12"`), held as damaged once libcsv returns; 0 when there is none.
    var rowsInQuotesLine = 0
    /// The last two bytes of the current line that earlier pieces carried (the last in the low
    /// byte), to see a backslash before a quote across a read boundary.
    var lineTail: UInt16 = 0

    /// Where to stop, in bytes from the first byte fed: at the first line start (after an LF, or
    /// a CR that no LF follows)
    /// at or past it that lies between records. For reading a file in segments.
    var stopOffset: Int?
    /// Whether the reader has reached `stopOffset`; it takes no more bytes.
    var stopped = false
    /// Runs of plain lines parsed in one call so far (for tests).
    var runsParsed = 0
    /// Bytes parsed so far (up to the stop, once stopped).
    var bytesConsumed = 0
    /// Line breaks passed so far.
    var linesConsumed: Int { line - 1 }

    /// A reader that hands each record to `handler`; with `recoversDamage`, a record whose
    /// quoting is broken is handed over as such (`CSVRecord.damage`) and reading goes on.
    public convenience init(dialect: CSVDialect = CSVDialect(), limits: CSVLimits = CSVLimits(), recoversDamage: Bool = false,
                            handler: @escaping RecordHandler) {
        self.init(dialect: dialect, limits: limits, recoversDamage: recoversDamage, handler: handler, records: RecordBatch())
    }

    /// A reader that keeps every record in `records` instead of handing each to a handler.
    convenience init(dialect: CSVDialect, limits: CSVLimits, recoversDamage: Bool = false, into records: RecordBatch) {
        self.init(dialect: dialect, limits: limits, recoversDamage: recoversDamage, handler: nil, records: records)
    }

    private init(dialect: CSVDialect, limits: CSVLimits, recoversDamage: Bool, handler: RecordHandler?, records: RecordBatch) {
        self.dialect = dialect
        self.limits = limits
        self.recoversDamage = recoversDamage
        self.handler = handler
        self.records = records
        parser = .allocate(capacity: 1)
        startParser()
    }

    func startParser() {
        csv_init(parser, options)
        csv_set_delim(parser, dialect.delimiter)
        csv_set_quote(parser, dialect.quote)
        csv_set_blk_size(parser, 4096)
    }

    deinit {
        csv_free(parser)
        parser.deallocate()
    }

    /// Parses the next bytes of the file, calling the handler for each record they complete.
    public func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0, !stopped else { return }
        if recovery != nil {
            recovery!.bytes.append(contentsOf: chunk)
        } else {
            guard let rest = try parse(chunk) else { return }
            recovery!.bytes.append(contentsOf: chunk[rest...])
        }
        try recover(atEnd: false)
    }

    /// Parses bytes; when a record's quoting turns out broken (and the reader recovers), stops
    /// and says where in `chunk` the bytes not parsed start (`recovery` then holds the record).
    func parse(_ chunk: UnsafeRawBufferPointer) throws -> Int? {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0, !stopped else { return nil }
        // A NUL byte ends what can be read: text files have none (UTF-16 and binary files do).
        let nul = Self.find(0, in: base, from: 0, to: chunk.count)
        let count = nul
        var position = 0
        defer { bytesConsumed += position }
        if pendingCR && count > 0 {
            pendingCR = false
            if base[0] == Byte.lf {
                try feedPiece(base, length: 1, endsLine: true)
                position = 1
                if recovery != nil { return beginRecovery(at: position) }
                if reachedStop(at: position) { return nil }
            } else {
                if holdsFieldPastLimit() { return beginRecovery(at: 0) }
                endLine()
                if reachedStop(at: 0) { return nil }  // after a CR that no LF follows
            }
        }
        // Next LF and CR at or after `position`, or `count` when there is none; each is searched
        // for again only once passed, so a file without one of them is scanned once, not per line.
        var nextLF = -1
        var nextCR = -1
        var nextQuote = -1
        while position < count {
            if nextLF < position { nextLF = Self.find(Byte.lf, in: base, from: position, to: count) }
            if nextCR < position { nextCR = Self.find(Byte.cr, in: base, from: position, to: count) }
            if recordLine == 0 && lineBytesBefore == 0 && parser.pointee.pstate == 0 /* ROW_NOT_BEGUN */ && nextLF < nextCR {
                // Between records at a line start: whole lines up to the next quote or CR go in one run.
                if nextQuote < position { nextQuote = Self.find(dialect.quote, in: base, from: position, to: count) }
                var end = Self.lineEnd(before: min(nextCR, nextQuote), in: base, from: nextLF)
                if let stopOffset {
                    // The first line end at or past the stop, if the run reaches it.
                    let stop = max(stopOffset - bytesConsumed, position + 1)
                    if stop <= end { end = Self.find(Byte.lf, in: base, from: stop - 1, to: count) + 1 }
                }
                if end > nextLF + 1 {  // more than one line
                    try feedRun(base + position, length: end - position)
                    position = end
                    if reachedStop(at: position) { return nil }
                    continue
                }
            }
            var end = count
            var endsLine = false
            if nextCR < nextLF {
                if nextCR + 1 < count {
                    end = base[nextCR + 1] == Byte.lf ? nextCR + 2 : nextCR + 1
                    endsLine = true
                } else {
                    pendingCR = true
                }
            } else if nextLF < count {
                end = nextLF + 1
                endsLine = true
            }
            try feedPiece(base + position, length: end - position, endsLine: endsLine)
            position = end
            if recovery != nil { return beginRecovery(at: position) }
            // After a line end: an LF, or a CR that no LF follows (`end` is past the LF when one does).
            if endsLine && reachedStop(at: position) { return nil }
        }
        if nul < chunk.count {
            throw CSVSyntaxError(.nulByte, line: line, column: lineCharactersBefore + 1)
        }
        return nil
    }

    /// Ends the file: delivers a last record without a line break, or fails on an open quote
    /// (or, recovering, sets that record apart and reads the rest).
    public func finish() throws {
        while true {
            try recover(atEnd: true)
            if stopped { return }
            if pendingCR {
                pendingCR = false
                endLine()
            }
            let status = withContext { context in
                csv_fini(parser, Self.fieldCallback, Self.recordCallback, context)
            }
            if let error = pendingError { throw error }
            if holdsRowsInQuotes() {
                recovery!.offset = bytesConsumed - recovery!.bytes.count
                continue
            }
            guard status != 0 else { return }
            let problemLine = openQuoteLine != 0 ? openQuoteLine : max(recordLine, 1)
            guard recoversDamage, recordLine != 0 else { throw CSVSyntaxError(.unterminatedQuote, line: problemLine) }
            hold(.unterminatedQuote, line: problemLine, column: nil)
            recovery!.offset = bytesConsumed - recovery!.bytes.count
        }
    }

    /// After a line that ended (with an LF, or a CR that no LF follows), `position` bytes into
    /// the current chunk: whether the reader stops here.
    @inline(__always)
    private func reachedStop(at position: Int) -> Bool {
        guard let stopOffset, bytesConsumed + position >= stopOffset,
              parser.pointee.pstate == 0 /* ROW_NOT_BEGUN: no record open, no quoted field */ else { return false }
        stopped = true
        return true
    }

    func endLine() {
        lineTail = 0
        line += 1
        lineBytesBefore = 0
        lineCharactersBefore = 0
    }

    func isBlank(_ start: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        for index in 0..<length {
            switch start[index] {
            case Byte.cr, Byte.lf: continue
            case Byte.space where dialect.delimiter != Byte.space, Byte.tab where dialect.delimiter != Byte.tab: continue
            default: return false
            }
        }
        return true
    }

    func withContext<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        body(Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: - Bytes

    /// Just past the last LF in `from..<before` (`from` holds one). Searched backwards: it lies
    /// within the line that holds `before`.
    private static func lineEnd(before: Int, in base: UnsafePointer<UInt8>, from: Int) -> Int {
        var index = before - 1
        while index > from && base[index] != Byte.lf { index -= 1 }
        return max(index, from) + 1
    }

    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard let found = memchr(base + from, Int32(byte), to - from) else { return to }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Characters in UTF-8 bytes: every byte that is not a continuation byte starts one.
    static func characters(_ start: UnsafePointer<UInt8>, _ length: Int) -> Int {
        var count = 0
        for index in 0..<length where start[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

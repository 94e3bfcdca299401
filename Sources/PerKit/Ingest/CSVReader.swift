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

    private let parser: UnsafeMutablePointer<csv_parser>
    private let options = UInt8(CSV_STRICT | CSV_STRICT_FINI)
    private let dialect: CSVDialect
    private let limits: CSVLimits
    /// Called with each record, which is then dropped; nil when records pile up in `records`.
    private let handler: RecordHandler?
    /// The record being built, and with no handler every record so far.
    private let records: RecordBatch
    /// The physical line of the next byte.
    private var line = 1
    /// The line the record in progress started on, or 0 between records.
    private var recordLine = 0
    /// The line on which the quoted field still open after the last piece was opened, or 0.
    private var openQuoteLine = 0
    /// The last chunk ended with a CR: whether an LF follows is known only with the next chunk.
    private var pendingCR = false
    /// Bytes and characters of the current line that earlier chunks carried.
    private var lineBytesBefore = 0
    private var lineCharactersBefore = 0
    /// Fields completed so far; when the field open before a piece completes within it, a
    /// quoted field still open after it must have opened in it.
    private var fieldsCompleted = 0
    /// While a run of plain lines is being parsed (`feedRun`): where the line of the next
    /// record (or the run's end) starts, where the current record's line ends (after its LF),
    /// and where the run ends.
    private var runLine: UnsafePointer<UInt8>?
    private var runLineEnd: UnsafePointer<UInt8>?
    private var runEnd: UnsafePointer<UInt8>?
    /// A problem raised inside a libcsv callback, thrown once libcsv returns.
    private var pendingError: Error? {
        didSet { failed = pendingError != nil }
    }
    /// Whether `pendingError` is set: a plain flag for the per-field check.
    private var failed = false
    /// Whether a record whose quoting is broken is set apart, instead of stopping the file.
    private let recoversDamage: Bool
    /// With `recoversDamage`: the bytes of the record in progress from its first line's start
    /// on, fed to libcsv piece by piece (a run of plain lines holds no quote, so no damage);
    /// dropped at the next line start with no record open.
    private var recordBytes: [UInt8] = []
    /// A damaged record held until reading can start again after it.
    private var recovery: QuoteRecovery?
    /// Recovering: the line of a record just read whose quoted field runs over lines shaped like
    /// whole records, rows of their own by the look of them (`"Oat milk,1,l,1.49` up to a later
    /// `Pizza 12"`), held as damaged once libcsv returns; 0 when there is none.
    private var rowsInQuotesLine = 0
    /// The last two bytes of the current line that earlier pieces carried (the last in the low
    /// byte), to see a backslash before a quote across a read boundary.
    private var lineTail: UInt16 = 0

    /// Where to stop, in bytes from the first byte fed: at the first line start (after an LF, or
    /// a CR that no LF follows)
    /// at or past it that lies between records. For reading a file in segments.
    var stopOffset: Int?
    /// Whether the reader has reached `stopOffset`; it takes no more bytes.
    private(set) var stopped = false
    /// Runs of plain lines parsed in one call so far (for tests).
    private(set) var runsParsed = 0
    /// Bytes parsed so far (up to the stop, once stopped).
    private(set) var bytesConsumed = 0
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

    private func startParser() {
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
    private func parse(_ chunk: UnsafeRawBufferPointer) throws -> Int? {
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

    /// A piece that ends `position` bytes into the chunk being parsed found its record damaged:
    /// notes where the record's bytes start in the input and returns `position`.
    private func beginRecovery(at position: Int) -> Int {
        recovery!.offset = bytesConsumed + position - recovery!.bytes.count
        return position
    }

    /// Sets the damaged record apart and reads on from where `QuoteRecovery` says it safely
    /// can, as often as the bytes held allow; throws the record's error when nowhere is safe.
    private func recover(atEnd: Bool) throws {
        while let held = recovery {
            let restart: Int
            switch held.restart(atEnd: atEnd, dialect: dialect, limits: limits) {
            case .wait: return
            case .none: throw held.error
            case .restart(let at): restart = at
            }
            recovery = nil
            // The record: its fields as libcsv had them go; its lines come whole, in one field.
            records.discardOpenRecord()
            let text = held.text(before: restart)
            let extraLines = held.lineBreaks(before: text.count)
            text.withUnsafeBufferPointer { records.appendField($0) }
            // Found past the record's lines, or a quote left open with lines after the record:
            // libcsv read on inside a field that a stray quote opened.
            // A field past the limit is a quote that opened one where none was meant when the
            // record set apart is within the limit.
            let stray = held.overLimit ? text.count <= limits.maxFieldBytes
                : held.problemLine - held.line > extraLines || (held.problem == .unterminatedQuote && restart < held.bytes.count)
            records.closeRecord(line: held.line, damage: RecordDamage(
                problem: stray ? .strayQuote : held.problem, problemLine: stray ? 0 : held.problemLine - held.line,
                column: stray ? nil : held.column, extraLines: extraLines))
            if let handler {
                defer { records.removeAll() }
                try handler(records.record(at: records.count - 1))
            }
            // A new parser at the line start after it.
            csv_free(parser)
            startParser()
            line = held.line + held.lineBreaks(before: restart)
            recordLine = 0
            openQuoteLine = 0
            pendingCR = false
            lineBytesBefore = 0
            lineCharactersBefore = 0
            bytesConsumed = held.offset + restart
            if let stopOffset, bytesConsumed >= stopOffset, restart > 0,
               held.bytes[restart - 1] == Byte.lf || held.bytes[restart - 1] == Byte.cr {
                stopped = true
                return
            }
            let rest = held.bytes[restart...]
            if let parsed = try rest.withUnsafeBytes({ try parse($0) }) {
                recovery!.bytes.append(contentsOf: rest.dropFirst(parsed))
            }
        }
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

    /// Holds the record `endRecord` found with rows in a quoted field, if there is one.
    private func holdsRowsInQuotes() -> Bool {
        guard rowsInQuotesLine != 0 else { return false }
        recordLine = rowsInQuotesLine
        rowsInQuotesLine = 0
        hold(.rowsInQuotedField, line: recordLine, column: nil)
        recovery!.restartsAfterFirstLine = true
        return true
    }

    /// Holds the record in progress as damaged (`recover` sets it apart).
    private func hold(_ problem: CSVSyntaxError.Problem, line problemLine: Int, column: Int?) {
        recovery = QuoteRecovery(bytes: recordBytes, offset: 0, line: recordLine, problem: problem, problemLine: problemLine,
                                 column: column)
        recordBytes.removeAll(keepingCapacity: true)
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

    // MARK: - Feeding libcsv

    /// Whole lines, starting between records, with no quote and no CR: one csv_parse call, whose
    /// record callbacks find their lines (`startRunRecord`, `endRunRecord`).
    private func feedRun(_ start: UnsafePointer<UInt8>, length: Int) throws {
        runsParsed += 1
        runLine = start
        runEnd = start + length
        defer {
            runLine = nil
            runLineEnd = nil
            runEnd = nil
        }
        startRunRecord()
        let parsed = withContext { context in
            csv_parse(parser, start, length, Self.fieldCallback, Self.recordCallback, context)
        }
        if failed, let error = pendingError { throw error }
        guard parsed == length else {  // no quote, so no strict-mode refusal: a failed allocation
            throw CSVSyntaxError(.fieldTooLarge(limit: limits.maxFieldBytes), line: max(recordLine, 1))
        }
        // Every line that is not blank was a record, and blank lines after the last were passed.
        precondition(runLine == runEnd && recordLine == 0, "a run of plain lines parsed into other records than its lines")
    }

    /// In a run: passes blank lines to the next record's line (or the run's end) and notes its line.
    @inline(__always)
    private func startRunRecord() {
        guard let end = runEnd, var start = runLine else { return }
        while start < end {
            let next = start + Self.find(Byte.lf, in: start, from: 0, to: end - start) + 1
            guard isBlank(start, next - start) else {
                recordLine = line
                runLineEnd = next
                break
            }
            start = next
            endLine()
        }
        runLine = start
    }

    /// In a run: the current record ended at its line's LF.
    @inline(__always)
    private func endRunRecord() {
        guard runEnd != nil, let next = runLineEnd else { return }
        runLine = next
        runLineEnd = nil
        endLine()
        startRunRecord()
    }

    /// Parses a piece of one line; when the record's quoting turns out broken and the reader
    /// recovers, holds the record (`recovery`) and returns.
    private func feedPiece(_ start: UnsafePointer<UInt8>, length: Int, endsLine: Bool) throws {
        if recoversDamage {  // the record's lines from their first byte, blanks before it too
            if recordLine == 0 && lineBytesBefore == 0 { recordBytes.removeAll(keepingCapacity: true) }
            recordBytes.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
        }
        if recordLine == 0 && !isBlank(start, length) { recordLine = line }
        let fieldsBefore = fieldsCompleted
        var offset = 0
        while offset < length {
            offset += withContext { context in
                csv_parse(parser, start + offset, length - offset, Self.fieldCallback, Self.recordCallback, context)
            }
            if failed, let error = pendingError { throw error }
            if holdsRowsInQuotes() { return }
            guard offset < length else { break }
            // libcsv stopped early: a strict-mode refusal or a failed allocation. A limit passed
            // before the refusal is what reading in smaller pieces would have stopped at first.
            try checkFieldLimit()
            guard parser.pointee.status == CSV_EPARSE else {
                throw CSVSyntaxError(.fieldTooLarge(limit: limits.maxFieldBytes), line: max(recordLine, 1))
            }
            guard parser.pointee.quoted == 0 else {
                // `\"Florini`: a backslash before the quote that seemed to close the field (in
                // this piece or, at its start, in the ones before on this line).
                let beforeQuote = offset >= 2 ? start[offset - 2] : offset == 1 ? UInt8(lineTail & 0xFF) : UInt8(lineTail >> 8)
                let backslash = beforeQuote == BackslashEscapes.backslash
                let problem: CSVSyntaxError.Problem = backslash ? .backslashBeforeQuote : .textAfterClosingQuote
                let column = lineCharactersBefore + Self.characters(start, offset) + 1
                guard recoversDamage else { throw CSVSyntaxError(problem, line: line, column: column) }
                hold(problem, line: line, column: column)
                return
            }
            // A bare quote inside an unquoted field: libcsv saved its state before the quote, so
            // parse that one byte without strict mode, which keeps it as a character.
            parser.pointee.status = 0
            csv_set_opts(parser, options & ~UInt8(CSV_STRICT))
            offset += withContext { context in
                csv_parse(parser, start + offset, 1, Self.fieldCallback, Self.recordCallback, context)
            }
            csv_set_opts(parser, options)
            if holdsRowsInQuotes() { return }
        }
        try checkFieldLimit()
        if endsLine && holdsFieldPastLimit() { return }
        // In a quoted field: FIELD_BEGUN, or FIELD_MIGHT_HAVE_ENDED after a quote that may be
        // the first of a doubled one (so a read ending between the two keeps the field's line).
        if (parser.pointee.pstate == 2 || parser.pointee.pstate == 3) && parser.pointee.quoted != 0 {
            if openQuoteLine == 0 || fieldsCompleted != fieldsBefore { openQuoteLine = line }
        } else {
            openQuoteLine = 0
        }
        if endsLine {
            endLine()
        } else {
            lineTail = length >= 2 ? UInt16(start[length - 2]) << 8 | UInt16(start[length - 1]) : lineTail << 8 | UInt16(start[0])
            lineBytesBefore += length
            lineCharactersBefore += Self.characters(start, length)
        }
    }

    /// Checks that the field in progress is within the limits (the record's completed fields are
    /// checked as each is added, in `appendField`). libcsv's buffer holds, for now, blanks that
    /// end an unquoted field and a quote that may close a quoted one; they are no part of the
    /// field, and counting them would make the outcome depend on where a read ends.
    ///
    /// Recovering, a quoted field still open at a line end stops nothing here until it passes
    /// the record limit (`quotedFieldPastLimit` holds it at the field limit, at a line end, where
    /// every way of splitting the reads sees the same): a stray quote opened it, most likely.
    private func checkFieldLimit() throws {
        let state = parser.pointee
        let quotedOpen = recoversDamage && state.quoted != 0 && (state.pstate == 2 || state.pstate == 3)
        // The blanks still count against memory: libcsv keeps them all until the field ends, so
        // its buffer stays within the record limit however many follow a field.
        if (!quotedOpen && pendingFieldBytes > limits.maxFieldBytes) || state.entry_pos > limits.maxRecordBytes {
            throw CSVSyntaxError(.fieldTooLarge(limit: limits.maxFieldBytes), line: max(recordLine, 1))
        }
    }

    /// libcsv's bytes of the field in progress.
    private var pendingFieldBytes: Int {
        let state = parser.pointee
        return state.pstate >= 2 /* FIELD_BEGUN, FIELD_MIGHT_HAVE_ENDED */
            ? state.entry_pos - state.spaces - (state.pstate == 3 ? 1 : 0) : 0
    }

    /// At a line end, recovering: holds the record when a quoted field is open past the field
    /// limit, and says whether it did.
    private func holdsFieldPastLimit() -> Bool {
        let state = parser.pointee
        guard recoversDamage, state.quoted != 0, state.pstate == 2 || state.pstate == 3,
              pendingFieldBytes > limits.maxFieldBytes else { return false }
        hold(.fieldTooLarge(limit: limits.maxFieldBytes), line: recordLine, column: nil)
        recovery!.overLimit = true
        return true
    }

    private func endLine() {
        lineTail = 0
        line += 1
        lineBytesBefore = 0
        lineCharactersBefore = 0
    }

    private func isBlank(_ start: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        for index in 0..<length {
            switch start[index] {
            case Byte.cr, Byte.lf: continue
            case Byte.space where dialect.delimiter != Byte.space, Byte.tab where dialect.delimiter != Byte.tab: continue
            default: return false
            }
        }
        return true
    }

    private func withContext<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        body(Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: - libcsv callbacks

    private static let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        bytes, length, context in
        // The reader is alive for the whole csv_parse call: no retain needed.
        Unmanaged<CSVReader>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.appendField(bytes, length) }
    }

    private static let recordCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
        Unmanaged<CSVReader>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.endRecord() }
    }

    @inline(__always)
    private func appendField(_ bytes: UnsafeMutableRawPointer?, _ length: Int) {
        guard !failed else { return }
        if length > limits.maxFieldBytes {
            pendingError = CSVSyntaxError(.fieldTooLarge(limit: limits.maxFieldBytes), line: max(recordLine, 1))
            return
        }
        records.appendField(UnsafeBufferPointer(start: bytes?.assumingMemoryBound(to: UInt8.self), count: length))
        fieldsCompleted &+= 1
        // As soon as the fields so far pass the record limit, as a read ending here would find.
        if records.openRecordSize > limits.maxRecordBytes {
            pendingError = CSVSyntaxError(.recordTooLarge(limit: limits.maxRecordBytes), line: max(recordLine, 1))
        }
    }

    private func endRecord() {
        defer {
            recordLine = 0
            if runEnd != nil { endRunRecord() }
        }
        guard !failed else {  // including a record over the limit (`appendField`)
            records.discardOpenRecord()
            return
        }
        if recoversDamage && runEnd == nil && recordLine != 0 && recordLine < line
            && records.openRecordHoldsRowLikeLines(delimiter: dialect.delimiter) {
            rowsInQuotesLine = recordLine
            records.discardOpenRecord()
            return
        }
        records.closeRecord(line: max(recordLine, 1))
        guard let handler else { return }
        do {
            try handler(records.record(at: records.count - 1))
        } catch {
            pendingError = error
        }
        records.removeAll()
    }

    // MARK: - Bytes

    /// Just past the last LF in `from..<before` (`from` holds one). Searched backwards: it lies
    /// within the line that holds `before`.
    private static func lineEnd(before: Int, in base: UnsafePointer<UInt8>, from: Int) -> Int {
        var index = before - 1
        while index > from && base[index] != Byte.lf { index -= 1 }
        return max(index, from) + 1
    }

    private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard let found = memchr(base + from, Int32(byte), to - from) else { return to }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Characters in UTF-8 bytes: every byte that is not a continuation byte starts one.
    private static func characters(_ start: UnsafePointer<UInt8>, _ length: Int) -> Int {
        var count = 0
        for index in 0..<length where start[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

import CLibCSV

/// Feeding libcsv: a run of plain lines in one call, else a piece of one line at a time, and the
/// limits on the field in progress.
extension CSVReader {
    /// Whole lines, starting between records, with no quote and no CR: one csv_parse call, whose
    /// record callbacks find their lines (`startRunRecord`, `endRunRecord`).
    func feedRun(_ start: UnsafePointer<UInt8>, length: Int) throws {
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
    func endRunRecord() {
        guard runEnd != nil, let next = runLineEnd else { return }
        runLine = next
        runLineEnd = nil
        endLine()
        startRunRecord()
    }

    /// Parses a piece of one line; when the record's quoting turns out broken and the reader
    /// recovers, holds the record (`recovery`) and returns.
    func feedPiece(_ start: UnsafePointer<UInt8>, length: Int, endsLine: Bool) throws {
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
    var pendingFieldBytes: Int {
        let state = parser.pointee
        return state.pstate >= 2 /* FIELD_BEGUN, FIELD_MIGHT_HAVE_ENDED */
            ? state.entry_pos - state.spaces - (state.pstate == 3 ? 1 : 0) : 0
    }
}

import CLibCSV

/// A record whose quoting is broken, held and set apart whole (`recoversDamage`), and reading
/// started again where `QuoteRecovery` says it safely can.
extension CSVReader {
    /// A piece that ends `position` bytes into the chunk being parsed found its record damaged:
    /// notes where the record's bytes start in the input and returns `position`.
    func beginRecovery(at position: Int) -> Int {
        recovery!.offset = bytesConsumed + position - recovery!.bytes.count
        return position
    }

    /// Sets the damaged record apart and reads on from where `QuoteRecovery` says it safely
    /// can, as often as the bytes held allow; throws the record's error when nowhere is safe.
    func recover(atEnd: Bool) throws {
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

    /// Holds the record `endRecord` found with rows in a quoted field, if there is one.
    func holdsRowsInQuotes() -> Bool {
        guard rowsInQuotesLine != 0 else { return false }
        recordLine = rowsInQuotesLine
        rowsInQuotesLine = 0
        hold(.rowsInQuotedField, line: recordLine, column: nil)
        recovery!.restartsAfterFirstLine = true
        return true
    }

    /// Holds the record in progress as damaged (`recover` sets it apart).
    func hold(_ problem: CSVSyntaxError.Problem, line problemLine: Int, column: Int?) {
        recovery = QuoteRecovery(bytes: recordBytes, offset: 0, line: recordLine, problem: problem, problemLine: problemLine,
                                 column: column)
        recordBytes.removeAll(keepingCapacity: true)
    }

    /// At a line end, recovering: holds the record when a quoted field is open past the field
    /// limit, and says whether it did.
    func holdsFieldPastLimit() -> Bool {
        let state = parser.pointee
        guard recoversDamage, state.quoted != 0, state.pstate == 2 || state.pstate == 3,
              pendingFieldBytes > limits.maxFieldBytes else { return false }
        hold(.fieldTooLarge(limit: limits.maxFieldBytes), line: recordLine, column: nil)
        recovery!.overLimit = true
        return true
    }
}

/// The libcsv callbacks: each field into the record in progress, each record to the handler.
extension CSVReader {
    static let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        bytes, length, context in
        // The reader is alive for the whole csv_parse call: no retain needed.
        Unmanaged<CSVReader>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.appendField(bytes, length) }
    }

    static let recordCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
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
}

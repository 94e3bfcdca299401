/// A record whose quoting is broken, held until reading can safely start again after it: its
/// bytes from its first line on, and the bytes read after them, until `restart` finds a line
/// start where no quoted field can be open.
///
/// The rule. A record whose quoting libcsv refuses (text after a closing quote, a quoted field
/// never closed, or one that grows past the field limit) is set apart with every whole line it
/// spans; reading starts again at the first line start after its first line at which a quoted
/// field cannot be open: the first quote from there on (a doubled one `""` aside) is followed by
/// text and stands at the start of a field, so it opens a field and cannot close one; or no
/// quote follows before the end of the file or within the field limit. Where the first quote
/// could close a field (a delimiter or line break follows it), or stands inside a field, that
/// line start may lie inside a quoted field that spans lines, and reading there could split a
/// record in two: the damaged record takes that line too, and the next line start is tried.
///
/// So a line with a stray quote costs that line alone, and a broken record that spans lines
/// costs all of them; no line that may be the middle of a record is read as a record of its own.
/// When no line start within the record limit qualifies, there is no safe place to go on: the
/// file stops, as it did before recovery existed.
struct QuoteRecovery {
    /// The record's bytes from its first line on, then every byte read since.
    var bytes: [UInt8]
    /// Where `bytes` starts in the reader's input, in bytes from the first byte fed.
    var offset: Int
    /// The line `bytes` starts on.
    let line: Int
    /// What libcsv refused, where.
    let problem: CSVSyntaxError.Problem
    let problemLine: Int
    let column: Int?
    /// Whether reading starts again right after the record's first line: its quoted field ran
    /// over lines that read as rows of their own, so its quote was a stray one.
    var restartsAfterFirstLine = false
    /// Whether the record was held because a field passed the field limit (`problem` is then
    /// `fieldTooLarge`).
    var overLimit = false

    /// What stops the file when there is no safe place to go on.
    var error: CSVSyntaxError { CSVSyntaxError(problem, line: problemLine, column: column) }

    enum Decision: Equatable {
        /// More bytes are needed to decide.
        case wait
        /// Reading starts again at this index in `bytes`; the damaged record is the bytes before.
        case restart(at: Int)
        /// No safe place to start again within the record limit.
        case none
    }

    /// Where reading can start again, given the bytes so far and whether the input ends there.
    func restart(atEnd: Bool, dialect: CSVDialect, limits: CSVLimits) -> Decision {
        if restartsAfterFirstLine {
            return lineStart(after: 0, atEnd: atEnd).map { .restart(at: $0) } ?? .wait
        }
        var position = 0
        while true {
            guard let start = lineStart(after: position, atEnd: atEnd) else {
                return bytes.count > limits.maxRecordBytes + limits.maxFieldBytes ? .none : .wait
            }
            if start > limits.maxRecordBytes { return .none }
            if start == bytes.count && atEnd { return .restart(at: start) }
            switch field(at: start, atEnd: atEnd, dialect: dialect, limits: limits) {
            case .closed: return .restart(at: start)
            case .unknown: return .wait
            case .mayBeOpen(let quote):
                // Every line start up to that quote has it as its first: the next to try is after it.
                position = max(quote, start)
            }
        }
    }

    /// The line breaks in `bytes[..<end]`: LF, CRLF or a lone CR each count once.
    func lineBreaks(before end: Int) -> Int {
        var count = 0
        for index in 0..<end {
            if bytes[index] == Byte.lf {
                count += 1
            } else if bytes[index] == Byte.cr && (index + 1 == bytes.count || bytes[index + 1] != Byte.lf) {
                count += 1
            }
        }
        return count
    }

    /// The damaged record's text: its lines as read, without the last line break.
    func text(before end: Int) -> ArraySlice<UInt8> {
        var end = end
        if end > 0 && bytes[end - 1] == Byte.lf { end -= 1 }
        if end > 0 && bytes[end - 1] == Byte.cr { end -= 1 }
        return bytes[..<end]
    }

    /// The start of the line after the one that holds `position`, or nil when the bytes so far
    /// do not tell (no line break yet, or a CR at their end that an LF may follow).
    private func lineStart(after position: Int, atEnd: Bool) -> Int? {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case Byte.lf:
                return index + 1
            case Byte.cr:
                if index + 1 < bytes.count { return bytes[index + 1] == Byte.lf ? index + 2 : index + 1 }
                return atEnd ? index + 1 : nil
            default:
                index += 1
            }
        }
        return atEnd ? bytes.count : nil
    }

    /// Whether a quoted field can be open at a line start.
    private enum Field {
        /// None can: reading may start there.
        case closed
        /// One may: the quote at this index may close it, or stands inside a field.
        case mayBeOpen(quote: Int)
        /// The bytes so far do not tell.
        case unknown
    }

    private func field(at start: Int, atEnd: Bool, dialect: CSVDialect, limits: CSVLimits) -> Field {
        let quote = dialect.quote
        var index = start
        while true {
            guard let found = bytes[index...].firstIndex(of: quote) else {
                // No quote closes a field open here: before the end, or within the field limit.
                return atEnd || bytes.count - start > limits.maxFieldBytes ? .closed : .unknown
            }
            if found - start > limits.maxFieldBytes { return .closed }
            guard found + 1 < bytes.count else { return atEnd ? .mayBeOpen(quote: found) : .unknown }
            let next = bytes[found + 1]
            if next == quote {  // `""`: a quote inside a field, or an empty field; neither tells
                index = found + 2
                continue
            }
            if next == dialect.delimiter || next == Byte.lf || next == Byte.cr { return .mayBeOpen(quote: found) }  // it may close one
            return startsField(found, lineStart: start, dialect: dialect) ? .closed : .mayBeOpen(quote: found)
        }
    }

    /// Whether the byte at `index` starts a field: only blanks stand between it and the line
    /// start or a delimiter.
    private func startsField(_ index: Int, lineStart: Int, dialect: CSVDialect) -> Bool {
        var before = index - 1
        while before >= lineStart {
            let byte = bytes[before]
            if byte == dialect.delimiter || byte == Byte.lf || byte == Byte.cr { return true }
            guard byte == Byte.space || byte == Byte.tab else { return false }
            before -= 1
        }
        return true
    }
}

/// Why a file cannot be read as CSV at all. Each stops the file: past it, the record
/// boundaries are unknown, and guessing them would lose or merge rows silently.
public struct CSVSyntaxError: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// Something other than a delimiter or a line break follows a closing quote.
        case textAfterClosingQuote
        /// The same, after a quote with a backslash before it (`\"`): the backslash dialect.
        case backslashBeforeQuote
        /// The file ends inside a quoted field.
        case unterminatedQuote
        /// A quote opened a field that its line does not close, and the lines after it read as
        /// records of their own (`QuoteRecovery`): a stray quote.
        case strayQuote
        /// A quoted field runs over lines that hold delimiters, rows of their own by the look of
        /// them: a stray quote opened it (`QuoteRecovery`).
        case rowsInQuotedField
        /// A field is larger than `CSVLimits.maxFieldBytes`.
        case fieldTooLarge(limit: Int)
        /// A record is larger than `CSVLimits.maxRecordBytes`.
        case recordTooLarge(limit: Int)
        /// A NUL byte, which no text file has.
        case nulByte
    }

    public var problem: Problem
    /// The physical line, from 1.
    public var line: Int
    /// The character (not byte) on that line, from 1, where known.
    public var column: Int?

    public init(_ problem: Problem, line: Int, column: Int? = nil) {
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// A sentence without the file name, which the caller adds.
    public var message: String {
        switch problem {
        case .backslashBeforeQuote:
            "text follows a closing quote that has a backslash before it (\\\"): if the file escapes quotes so, "
                + "--escape backslash reads it"
        case .textAfterClosingQuote:
            "text follows a closing quote; a quote inside a quoted field must be doubled (\"\")"
        case .unterminatedQuote:
            "a quoted field opened on this line is never closed"
        case .rowsInQuotedField:
            "a quote opens a field that runs over the next lines, which read as rows of their own; the lines after it are read as rows"
        case .strayQuote:
            "a quote opens a field that this line does not close, and the lines after it read as rows of their own"
        case .fieldTooLarge(let limit):
            "a field is larger than the limit of \(limit) bytes"
        case .recordTooLarge(let limit):
            "a record is larger than the limit of \(limit) bytes"
        case .nulByte:
            "the file has a NUL byte here, which no text file has; is it binary, UTF-16 or damaged?"
        }
    }
}

/// What per says about its inputs beside a report, in one shape: how much it matters, where
/// (a file, and a line when one row or line is meant), what (a sentence), and what to do (a
/// hint). The library collects them (`ValidatedSheet.diagnostics`, `ValidatedSheet.notes`,
/// `Snapshot.DuplicateKey`, `BasketAnswer.findings`, `InputError.diagnostic`); the executable
/// prints them, in one place, as compilers do: `FILE:LINE: message: hint`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: Int, Hashable, Sendable, Comparable {
        /// What per decided or noticed about an input, for its user to know (how a file was
        /// read, what it took for the key).
        case note
        /// A row left out of the report (mismatched, rejected), a product flagged, a basket's
        /// line that could not be taken: `--strict` fails the run for it.
        case warning
        /// An input per could not read: nothing is written.
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var severity: Severity
    /// The file as messages name it (`PathName`, `<stdin>`), or nil for the run as a whole.
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What to do about it, when per can say.
    public var hint: String?

    public init(_ severity: Severity, file: String?, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COLUMN: message: hint`, the place as far as it is known.
    public var description: String {
        var text = ""
        if let file {
            text = file
            if let line { text += ":\(line)" }
            if let column { text += ":\(column)" }
            text += ": "
        }
        text += message
        if let hint { text += ": \(hint)" }
        return text
    }
}

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

    /// Notes that say the same of several files (`;'-separated`, how a file was read), said
    /// once for all of them: `weeks/a.csv and 52 more files: ...`, in the order of their first
    /// file. Diagnostics of a line, or said once, are left as they are.
    public static func grouped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Said: Hashable {
            var severity: Severity
            var message: String
            var hint: String?
        }
        var order: [Said] = []
        var files: [Said: [String]] = [:]
        var result: [Diagnostic?] = []
        var slot: [Said: Int] = [:]
        for diagnostic in diagnostics {
            guard let file = diagnostic.file, diagnostic.line == nil else {
                result.append(diagnostic)
                continue
            }
            let said = Said(severity: diagnostic.severity, message: diagnostic.message, hint: diagnostic.hint)
            if files[said] == nil {
                order.append(said)
                slot[said] = result.count
                result.append(nil)
            }
            files[said, default: []].append(file)
        }
        for said in order {
            let named = files[said]!
            let who = named.count == 1 ? named[0] : "\(named[0]) and \(named.count - 1) more file\(named.count == 2 ? "" : "s")"
            result[slot[said]!] = Diagnostic(said.severity, file: who, said.message, hint: said.hint)
        }
        return result.compactMap { $0 }
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

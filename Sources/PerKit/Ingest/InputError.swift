/// A problem that stops one input file. Rows of a file are never half-reported: a file with
/// one of these gives no report at all, and the run says which file, where and why.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        case cannotOpen(reason: String)
        case cannotRead(reason: String)
        case isDirectory
        case empty
        case missingColumns(missing: [String], found: [String])
        case duplicateColumn(name: String, first: Int, second: Int)
        case syntax(CSVSyntaxError.Problem)
    }

    /// The path as given on the command line.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var problem: Problem

    public init(file: String, line: Int? = nil, column: Int? = nil, _ problem: Problem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// True when the file could not be read at all, as opposed to read and found malformed.
    public var isUnreadable: Bool {
        switch problem {
        case .cannotOpen, .cannotRead, .isDirectory: true
        default: false
        }
    }

    /// `FILE:LINE:COLUMN: what is wrong`, the form compilers use, so editors can jump to it.
    public var description: String {
        var place = file == "-" ? "<stdin>" : file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)"
    }

    public var message: String {
        switch problem {
        case .cannotOpen(let reason):
            "cannot open the file: \(reason)"
        case .cannotRead(let reason):
            "cannot read the file: \(reason)"
        case .isDirectory:
            "is a directory, not a CSV file"
        case .empty:
            "the file is empty; a price sheet starts with a header line such as name,quantity,unit,price"
        case .missingColumns(let missing, let found):
            "the header has no \(Self.list(missing.map { "\"\($0)\"" })) column; "
                + "it has \(found.isEmpty ? "no columns" : Self.list(found.map { "\"\($0)\"" }, conjunction: "and"))"
        case .duplicateColumn(let name, let first, let second):
            "the header names \"\(name)\" twice (columns \(first) and \(second)); keep one"
        case .syntax(let problem):
            CSVSyntaxError(problem, line: line ?? 0).message
        }
    }

    private static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: "\(items[0]) \(conjunction) \(items[1])"
        default: items.dropLast().joined(separator: ", ") + ", \(conjunction) " + items.last!
        }
    }
}

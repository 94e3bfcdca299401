/// A problem that stops one input file. Rows of a file are never half-reported: a file with
/// one of these gives no report at all, and the run says which file, where and why.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        case cannotOpen(reason: String)
        case cannotRead(reason: String)
        /// The file's size, modification time or identity changed while it was read.
        case changedWhileRead
        case isDirectory
        /// A device named where a file is read whole (a JSON report, a list of files).
        case isDevice(kind: String)
        case empty
        /// A shopping list (`per basket`) with no header line.
        case emptyList
        /// `fix`: the one option that reads the file, with the columns that came closest, when per sees one.
        case missingColumns(missing: [String], found: [String], fix: String? = nil)
        /// A required field's own column is mapped to another field by `--column`
        /// (`--column name=price` leaves no price).
        case columnMappedElsewhere(field: String, header: String, mappedTo: String)
        case duplicateColumn(name: String, first: Int, second: Int)
        case ambiguousColumn(field: String, headers: [String])
        /// `option`: as the user typed it (`--column unit=Einheit`, `--shop-column storee`).
        case unknownColumn(field: String, header: String, found: [String], option: String)
        case utf16
        case limit(what: String, limit: Int)
        case notInEncoding(encoding: String, byte: UInt8, guessed: Bool = false)
        /// The file starts with a UTF-8 byte-order mark but `--encoding` names another.
        case utf8MarkInOtherEncoding(encoding: String)
        case syntax(CSVSyntaxError.Problem)
        /// More records with broken quoting than `RecordDamage.fileLimit` allows: `damaged` of the
        /// first `records` data records, the first of them on line `first`.
        case widespreadDamage(damaged: Int, records: Int, first: Int)
        /// The first line reads as a row of values, not a header (`Milk,1 l,1.00`).
        case headerIsData(fields: [String])
        /// A JSON report (`per report --format json`) where a price sheet is read.
        case jsonReport
        /// `per basket`: a shop's prices state a currency another shop's cannot be (`otherPlace`:
        /// the other's first product, `FILE:LINE`).
        case shopsInCurrencies(shop: String, currency: String, otherShop: String, otherCurrency: String, otherPlace: String)
    }

    /// The path as given on the command line, as messages show it (`PathName.description`).
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

    public init(file: PathName, line: Int? = nil, column: Int? = nil, _ problem: Problem) {
        self.init(file: file.description, line: line, column: column, problem)
    }

    /// True when the file could not be read at all, as opposed to read and found malformed.
    public var isUnreadable: Bool {
        switch problem {
        case .cannotOpen, .cannotRead, .isDirectory, .isDevice, .changedWhileRead: true
        default: false
        }
    }

    /// `FILE:LINE:COLUMN: what is wrong`, the form compilers use, so editors can jump to it.
    public var description: String { diagnostic.description }

    /// The error in the shape of everything per says about its inputs.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, file: file == "-" ? "<stdin>" : file, line: line, column: column, message)
    }

    public var message: String {
        switch problem {
        case .cannotOpen(let reason):
            "cannot open the file: \(reason)"
        case .changedWhileRead:
            "the file changed while it was read (another size or modification time, or another file at its path); "
                + "read it again once it is written in full"
        case .cannotRead(let reason):
            "cannot read the file: \(reason)"
        case .isDirectory:
            "is a directory, not a file"
        case .isDevice(let kind):
            "is \(kind), not a file"
        case .empty:
            "the file is empty; a price sheet starts with a header line such as name,quantity,unit,price"
        case .emptyList:
            "the list is empty; a shopping list starts with a header line such as item,key,match,quantity"
        case .missingColumns(let missing, let found, let fix):
            "the header has no \(Self.list(missing.map { "\"\($0)\"" })) column; "
                + "it has \(found.isEmpty ? "no columns" : Self.list(found.map { "\"\($0)\"" }, conjunction: "and"))"
                + (fix.map { "; \($0)" } ?? "; map one with --column \(missing.first ?? "name")=HEADER")
                + (found.contains { $0.contains("\u{FFFD}") } ? " (the header is not valid UTF-8: is --encoding right?)" : "")
                + Self.delimiterHint(found)
        case .columnMappedElsewhere(let field, let header, let mappedTo):
            "the \"\(header)\" column is read as the \(mappedTo) (\(Self.option(naming: mappedTo, header))), so the file has no \(field); "
                + "map the \(field) to another column with --column \(field)=HEADER"
        case .duplicateColumn(let name, let first, let second):
            "the header names \"\(name)\" twice (columns \(first) and \(second)); keep one"
        case .ambiguousColumn(let field, let headers):
            "\(Self.list(headers.map { "\"\($0)\"" }, conjunction: "and")) could each be the \(field); "
                + "choose one with --column \(field)=HEADER"
        case .unknownColumn(_, let header, let found, let option):
            "\(option): the header has no \"\(header)\" column; "
                + "it has \(found.isEmpty ? "no columns" : Self.list(found.map { "\"\($0)\"" }, conjunction: "and"))"
        case .limit(let what, let limit):
            "more than \(limit) \(what) in one run, the limit that keeps memory bounded; split the input"
        case .utf8MarkInOtherEncoding(let encoding):
            "the file starts with a UTF-8 byte-order mark, so it is UTF-8, but --encoding \(encoding) was given: "
                + "drop --encoding (or remove the mark if the file really is \(encoding))"
        case .utf16:
            "the file starts with a UTF-16 byte-order mark, but another --encoding was given: leave --encoding out (or give "
                + "--encoding utf-16) to read it as UTF-16"
        case .notInEncoding(let encoding, let byte, let guessed):
            guessed
                ? "byte 0x\(String(byte, radix: 16, uppercase: true)) is not a character in \(encoding), the encoding per took from the "
                    + "file's first bytes: name the file's encoding with --encoding"
                : "byte 0x\(String(byte, radix: 16, uppercase: true)) is not a character in \(encoding); is --encoding right?"
        case .syntax(let problem):
            CSVSyntaxError(problem, line: line ?? 0).message
        case .headerIsData(let fields):
            "the first line (\(Self.list(fields.map { "\"\($0)\"" }, conjunction: "and"))) reads as a row of a product, its size and its "
                + "price, not as a header: add a header line such as name,quantity,unit,price above it (per reads a sheet's first line as its header)"
        case .jsonReport:
            "is a JSON report per wrote, not a price sheet: give the price sheets it was made from "
                + "(per diff and per history read reports)"
        case .shopsInCurrencies(let shop, let currency, let otherShop, let otherCurrency, let otherPlace):
            "shop \"\(shop)\" prices in \(currency), and shop \"\(otherShop)\" in \(otherCurrency) (\(otherPlace)): a basket adds "
                + "prices up, so its shops price in one currency; give the sheets of one currency (per report ranks each apart)"
        case .widespreadDamage(let damaged, let records, let first):
            "the quoting is broken in \(damaged) of the first \(records) records (the first on line \(first)); more than "
                + "\(RecordDamage.fileLimit) and more than \(RecordDamage.filePercent)% of a file's records stops it: are the "
                + "delimiter and the quote character right (--delimiter), or are quotes escaped with a backslash (--escape backslash)?"
        }
    }

    /// For a header read as one field that holds another delimiter (`name;quantity;unit;price`
    /// read with commas): the delimiter it most likely has.
    private static func delimiterHint(_ found: [String]) -> String {
        guard found.count == 1 else { return "" }
        let candidates = FormatSniffer.delimiters
        let counts = candidates.map { candidate in found[0].utf8.filter { $0 == candidate }.count }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return "" }
        let name = candidates[best] == Byte.tab ? "tab" : "\"\(Character(Unicode.Scalar(candidates[best])))\""
        return " (the header is one field: is the delimiter \(name)? --delimiter sets it)"
    }

    /// The option that reads `header` as `field`, as the user writes it: `--key`,
    /// `--stated-unit-price` and `--stated-per-column` for the fields that have their own,
    /// `--column FIELD=HEADER` for the others.
    static func option(naming field: String, _ header: String) -> String {
        ColumnLayout.Field(rawValue: field)?.ownOption.map { "\($0) \(header)" } ?? "--column \(field)=\(header)"
    }

    /// Items joined as a sentence; past 20 (a header of thousands of columns), the first 20 and
    /// how many more, so that a message stays a line.
    private static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: "\(items[0]) \(conjunction) \(items[1])"
        case 3...20: items.dropLast().joined(separator: ", ") + ", \(conjunction) " + items.last!
        default: items.prefix(20).joined(separator: ", ") + ", \(conjunction) \(items.count - 20) more"
        }
    }
}

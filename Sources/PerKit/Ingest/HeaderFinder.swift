/// Finds a file's header, its first record that is not blank (`CSVRecord.isBlank`), and reads
/// its columns. Every thread that goes through a file's batches in order keeps one: the
/// thread that takes them (`FileTaker`), and a reading thread that prepares them.
struct HeaderFinder {
    private let index: Int
    private let input: InputFile
    private let format: SheetFormat
    private let options: SheetOptions
    /// The file, once its header is found.
    private(set) var file: SheetFile?
    /// Whether the header was found wrong: no batch is prepared after that.
    private var failed = false
    /// Title lines passed before the header.
    private var titles = 0

    init(index: Int, input: InputFile, format: SheetFormat, options: SheetOptions) {
        self.index = index
        self.input = input
        self.format = format
        self.options = options
    }

    /// A finder for a batch that comes after the header, when the header is known already.
    init(after file: SheetFile, options: SheetOptions) {
        self.init(index: file.index, input: file.input, format: file.format, options: options)
        self.file = file
    }

    /// Where the data records of a batch start: 0 when the header came before it, just past
    /// the header when the batch holds it, `records.count` when every record so far is blank.
    /// Throws when the header is wrong (`ColumnLayout`).
    mutating func dataStart(in records: RecordBatch, lineBase: Int) throws(InputError) -> Int {
        if file != nil { return 0 }
        for position in 0..<records.count {
            let record = records.record(at: position)
            if let damage = record.damage {  // no header to read the rest by
                failed = true
                throw InputError(file: input.shownPath, line: record.line + lineBase + damage.problemLine, column: damage.column,
                                 .syntax(damage.problem))
            }
            if record.isBlank || Self.isDelimiterLine(record, lineBase: lineBase) { continue }
            // A title above the header (`Preisliste Filiale 123;;;`): one field of text, then a
            // record of several.
            if Self.isTitle(record), ((position + 1)..<records.count).contains(where: { later in
                let next = records.record(at: later)
                return !next.isBlank && !Self.isTitle(next)
            }) {
                titles += 1
                continue
            }
            let found = record.strings
            let roles: ColumnRoles
            do {
                roles = try Self.roles(of: found, format: format, options: options, file: input.shownPath, line: record.line + lineBase)
            } catch {
                failed = true
                throw error
            }
            // A file without a header (`FirstRecord`): this record is its first row.
            let plan = format.plan.flatMap { $0.header == found ? $0 : nil }
            let isRow = plan?.firstRecordIsRow ?? false
            file = SheetFile(index: index, input: input, format: format, layout: roles.layout, header: plan?.columnNames ?? found,
                             roles: roles, titleLines: titles)
            return isRow ? position : position + 1
        }
        return records.count
    }

    /// The columns' roles: as the sniffer decided them from the header and the records after it,
    /// when it saw this header; else from the header alone.
    static func roles(of header: [String], format: SheetFormat, options: SheetOptions, file: String, line: Int) throws(InputError) -> ColumnRoles {
        if let plan = format.plan, plan.header == header {
            switch plan.roles {
            case .success(let roles): return roles
            case .failure(let problem): throw InputError(file: file, line: line, problem)
            }
        }
        var options = options
        options.columns = format.columns
        options.sizeFromName = format.sizeFromName
        return try ColumnRoles(header: header, records: [], options: options, quantityNumbers: format.quantityNumbers, file: file, line: line)
    }

    /// Whether a record before the header is a title: at most one field that is not empty. A
    /// header per can read has a name and a price at least.
    static func isTitle(_ record: CSVRecord) -> Bool {
        var filled = 0
        for index in 0..<record.count where !record[index].trimmingSpaces().isEmpty {
            filled += 1
            // A field of several delimiters is a header read with another one (`name;quantity`
            // under `--delimiter ,`), not a title.
            if filled > 1 || record[index].filter({ FormatSniffer.delimiters.contains($0) }).count > 1 { return false }
        }
        return true
    }

    /// Excel's first line `sep=;`, which declares the delimiter (`FormatSniffer`) and is no
    /// header.
    static func isDelimiterLine(_ record: CSVRecord, lineBase: Int) -> Bool {
        guard record.line + lineBase == 1, record.count <= 2 else { return false }
        let first = String(decoding: record[0], as: UTF8.self).lowercased()
        return first.hasPrefix("sep=") && first.count <= 5 && (record.count == 1 || record[1].isEmpty)
    }

    /// On a reading thread: prepares a batch in `work` when its file's header is known by its
    /// end; what it was prepared with, or nil when it was not.
    mutating func prepare(_ records: RecordBatch, in work: some RecordBatchWork, lineBase: Int) -> Preparation? {
        guard !failed, let first = try? dataStart(in: records, lineBase: lineBase), let file else { return nil }
        work.prepare(records, from: first, of: file)
        return Preparation(layout: file.layout, first: first)
    }
}

/// What a reading thread prepared a batch with: the columns it read it by, and where it took
/// its data records to start.
struct Preparation: Equatable, Sendable {
    let layout: ColumnLayout
    let first: Int
}

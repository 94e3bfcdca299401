/// Why a record's quoting is broken and which lines it spans: a record `CSVReader` could not
/// read as CSV and set apart (`QuoteRecovery`), with its lines kept whole, as read, in its one
/// field. Lines are counted from the record's first line, so they stay right when the record's
/// own line is moved (a segment's lines are counted from the segment's first).
public struct RecordDamage: Hashable, Sendable {
    /// What libcsv found wrong.
    public var problem: CSVSyntaxError.Problem
    /// The line it found it on, as lines after the record's first (0 for the first line), and
    /// the character on that line, where known.
    public var problemLine: Int
    public var column: Int?
    /// The lines the record spans after its first (0 for a record of one line).
    public var extraLines: Int

    /// A file stops when, at a damaged record, more than this many of its data records so far
    /// are damaged, and they are more than `filePercent`% of them (`FileTaker`).
    public static let fileLimit = 10
    public static let filePercent = 1
}

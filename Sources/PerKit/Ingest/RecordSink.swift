/// What takes the records ingest reads: file by file, its header, then its data records in
/// batches, in input order.
///
/// Work on a batch that needs only the batch and its file (`RecordBatchWork.prepare`) runs on
/// the thread that read the batch, while other threads read on; `take` runs on the thread that
/// called the read, batch after batch, in input order. A batch that a reading thread could not
/// prepare, or prepared with a guess that turned out wrong (where its file's header is), is
/// prepared again on the taking thread first (`FileTaker`): a sink sees every batch prepared
/// exactly as if one thread had read the whole file.
protocol RecordSink: AnyObject {
    associatedtype Work: RecordBatchWork
    /// A work object for one batch in flight; it is reused, batch after batch.
    func makeWork() -> Work
    /// A file's header was read; its data records follow.
    func begin(_ file: SheetFile)
    /// Takes the data records `records[first..<end]` of the file begun last, as `work` prepared
    /// them (from `first` to the batch's end); their lines are `lineBase` more than `records`
    /// says. Throws to stop the file.
    func take(_ work: Work, records: RecordBatch, from first: Int, to end: Int, lineBase: Int) throws
    /// How readings of a file are scored against its rows, by the rules the sink reads rows
    /// with (`ReadingChooser`); nil to read each file as its header says.
    var judge: (any ReadingJudge)? { get }
}

extension RecordSink {
    var judge: (any ReadingJudge)? { nil }
}

/// Work on one batch of a file's data records, done on the thread that read them.
protocol RecordBatchWork: AnyObject, Sendable {
    /// Prepares `records[first...]`, data records of `file`, for `RecordSink.take`.
    func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile)
}

/// A file being read, once its header is known: what each of its records is read with.
struct SheetFile: Sendable {
    /// The file's position in the run's inputs.
    let index: Int
    let input: InputFile
    let format: SheetFormat
    let layout: ColumnLayout
    /// The header's fields, as read.
    let header: [String]
    /// Each column's role and why (`per inspect`, and the file's reading line).
    let roles: ColumnRoles
    /// Title lines above the header, passed.
    var titleLines = 0
}

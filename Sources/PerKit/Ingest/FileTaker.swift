/// Takes one file's batches of records in order on the thread that runs the read, for a sink:
/// finds the header, begins the file, prepares again any batch that its reading thread did not
/// prepare as this thread would have, and hands each batch over. Both ingest routes, streamed
/// and segmented, end here.
///
/// A record whose quoting is broken (`CSVRecord.damage`) is one rejected row, unless such
/// records are widespread: when, at one of them, more than `RecordDamage.fileLimit` of the file's data
/// records so far are damaged and they are more than `RecordDamage.filePercent`% of those records, the
/// file stops (the delimiter or the quote is likely wrong, and the rest cannot be trusted).
final class FileTaker<Sink: RecordSink> {
    let index: Int
    let input: InputFile
    private let options: SheetOptions
    let sink: Sink
    private var finder: HeaderFinder?
    private let counts: IngestCounts?
    /// Data records taken so far, and how many of them were damaged; the first damaged one's line.
    private var dataRecords = 0
    private var damaged = 0
    private var firstDamaged = 0

    init(input: InputFile, index: Int, options: SheetOptions, sink: Sink, counts: IngestCounts? = nil) {
        self.input = input
        self.index = index
        self.options = options
        self.sink = sink
        self.counts = counts
    }

    /// The file's columns, once its header is read.
    var layout: ColumnLayout? { finder?.file?.layout }

    /// The next batch of the file's records (lines `lineBase` more than they say), with `work`
    /// as its reading thread left it: prepared as `preparation` says, or not at all (nil).
    func take(_ records: RecordBatch, work: Sink.Work, preparation: Preparation?, lineBase: Int, format: SheetFormat) throws {
        var finder = self.finder ?? HeaderFinder(index: index, input: input, format: format, options: options)
        let begun = finder.file != nil
        let first = try finder.dataStart(in: records, lineBase: lineBase)
        self.finder = finder
        guard let file = finder.file else { return }
        if !begun { sink.begin(file) }
        if preparation != Preparation(layout: file.layout, first: first) {
            work.prepare(records, from: first, of: file)
            counts?.preparedWhereTaken += records.count - first
        } else {
            counts?.preparedWhereRead += records.count - first
        }
        if let stop = widespreadDamage(records, from: first, lineBase: lineBase) {
            // The records before the one that stops the file are taken, wherever the batches end.
            try sink.take(work, records: records, from: first, to: stop.index, lineBase: lineBase)
            throw stop.error
        }
        try sink.take(work, records: records, from: first, to: records.count, lineBase: lineBase)
    }

    /// The damaged record at which damaged records become widespread, if one in the batch is,
    /// and the error that stops the file there.
    private func widespreadDamage(_ records: RecordBatch, from first: Int, lineBase: Int) -> (index: Int, error: InputError)? {
        defer { dataRecords += records.count - first }
        for (index, _) in records.damaged where index >= first {
            damaged += 1
            if damaged == 1 { firstDamaged = records.line(at: index) + lineBase }
            let seen = dataRecords + index - first + 1
            if damaged > RecordDamage.fileLimit && damaged * 100 > seen * RecordDamage.filePercent {
                return (index, InputError(file: input.shownPath, line: records.line(at: index) + lineBase,
                                          .widespreadDamage(damaged: damaged, records: seen, first: firstDamaged)))
            }
        }
        return nil
    }

    /// Ends the file: a file without a header is empty.
    func finish() throws {
        if finder?.file == nil { throw InputError(file: input.shownPath, .empty) }
    }
}

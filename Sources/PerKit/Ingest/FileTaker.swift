/// Takes one file's batches of records in order on the thread that runs the read, for a sink:
/// finds the header, begins the file, prepares again any batch that its reading thread did not
/// prepare as this thread would have, and hands each batch over. Both ingest routes, streamed
/// and segmented, end here.
final class FileTaker<Sink: RecordSink> {
    let index: Int
    let input: InputFile
    private let options: SheetOptions
    let sink: Sink
    private var finder: HeaderFinder?
    private let counts: IngestCounts?

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
        try sink.take(work, records: records, from: first, lineBase: lineBase)
    }

    /// Ends the file: a file without a header is empty.
    func finish() throws {
        if finder?.file == nil { throw InputError(file: input.path, .empty) }
    }
}

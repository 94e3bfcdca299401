/// Turns records into rows for a sink: the first record is the header, the others are rows.
final class RowTaker<Sink: PriceRowSink> {
    private let file: InputFile
    /// The file's index in the run's inputs.
    let index: Int
    private let options: SheetOptions
    let sink: Sink
    private(set) var layout: ColumnLayout?

    init(file: InputFile, index: Int, options: SheetOptions, sink: Sink) {
        self.file = file
        self.index = index
        self.options = options
        self.sink = sink
    }

    /// `format` is the file's, known before its first record.
    func take(_ record: CSVRecord, format: @autoclosure () -> SheetFormat) throws {
        // A record of empty fields only (`,,,` at the end of a spreadsheet export) carries
        // nothing: like a blank line, it is no row.
        if record.isBlank { return }
        if let layout {
            try sink.accept(PriceRow(file: index, record: record, layout: layout))
            return
        }
        let layout = try ColumnLayout(header: record.strings, file: file.path, line: record.line,
                                      columns: options.columns, sizeFromName: options.sizeFromName)
        self.layout = layout
        sink.begin(file: index, format: format(), header: record.strings)
    }

    /// Ends the file: a file without a header is empty.
    func finish() throws {
        if layout == nil { throw InputError(file: file.path, .empty) }
    }
}

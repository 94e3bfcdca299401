/// A sink that also takes rows checked on the parsing threads, segment by segment
/// (`SegmentedIngest`), with the same outcome as taking each row through `accept`.
protocol CheckedRowSink: PriceRowSink {
    /// What the parsing threads check a file's rows with, once its format and columns are known.
    func rowChecker(file: Int, format: SheetFormat, layout: ColumnLayout) -> RowChecker
    /// Takes a segment's checked records in order; `other` takes a record (by position) the
    /// way `RowTaker.take` does.
    func accept(_ checked: CheckedRows, lineBase: Int, other: (Int) throws -> Void) throws
}

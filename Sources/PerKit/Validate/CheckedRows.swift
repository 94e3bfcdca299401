/// One segment's records as a parsing thread checked them (`RowChecker`): every record that is
/// a rankable row as far as the row alone can tell, as a product whose list and unit spelling
/// are ids of this segment, with the product names side by side; and the positions of all the
/// other records (blank, short, rejected), which the validating thread takes one by one as
/// before. Whether a checked product stays one (its list's dimension and currency, the run's
/// limits) depends on the rows before it, so the validating thread decides that, in order
/// (`Validator.accept(_:lineBase:other:)`).
final class CheckedRows: @unchecked Sendable {  // used by one thread at a time, handed over whole
    struct Row: BitwiseCopyable {
        /// Its name in `names`, its list in `lists` and its spelling in `spellings`, its line
        /// counted from the segment's first.
        var product: Product
        var currency: Currency?
    }

    private(set) var rows = GrowableBuffer<Row>()
    private(set) var names = GrowableBytes()
    private(set) var lists = ByteInterner()
    private(set) var spellings: UnitSpellings
    private let units: UnitTable
    /// The records not checked here, in order.
    private(set) var others = GrowableBuffer<Int32>()
    /// How many records were checked (rows plus others), or -1 when none were.
    private(set) var recordCount = -1

    init(units: UnitTable) {
        self.units = units
        spellings = UnitSpellings(units: units)
    }

    deinit {
        rows.deallocate()
        names.deallocate()
        others.deallocate()
    }

    func removeAll() {
        rows.removeAll()
        names.removeAll()
        others.removeAll()
        lists = ByteInterner()
        spellings = UnitSpellings(units: units)
        recordCount = -1
    }

    /// Checks every record of a segment.
    func check(_ records: RecordBatch, with checker: RowChecker) {
        removeAll()
        for position in 0..<records.count {
            let record = records.record(at: position)
            if let row = checker.check(record, spellings: &spellings, lists: &lists, names: &names) {
                rows.append(row)
            } else {
                others.append(Int32(position))
            }
        }
        recordCount = records.count
    }
}

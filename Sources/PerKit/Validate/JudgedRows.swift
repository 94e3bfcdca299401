/// One batch of a file's data records as `RowRules` judged them, on the thread that read
/// them: each candidate as a compact product whose name lies in `names` and whose list and
/// unit spelling are ids of this batch's own, and the position of every other record (blank
/// or rejected) with its problems. What the candidates become depends on the rows before them,
/// so `Validator` decides that, taking the batch in order.
final class JudgedRows: RecordBatchWork, @unchecked Sendable {  // used by one thread at a time, handed over whole
    struct Candidate: BitwiseCopyable {
        /// Its line is the taker's to set; its list and spelling are ids in `lists` and `spellings`.
        var product: Product
        var currency: Currency?
    }

    private(set) var candidates = GrowableBuffer<Candidate>()
    private(set) var names = GrowableBytes()
    private(set) var lists = ByteInterner()
    private(set) var spellings: UnitSpellings
    /// The records that are not candidates, by position in the batch, in order.
    private(set) var others = GrowableBuffer<Int32>()
    /// For each of `others`, the problems that reject it, or nil for a blank record.
    private(set) var problems: [[RowProblem]?] = []
    private let units: UnitTable

    init(units: UnitTable) {
        self.units = units
        spellings = UnitSpellings(units: units)
    }

    /// A candidate's name, in `names`.
    func name(of product: Product) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: names.buffer[product.nameStart..<(product.nameStart + Int(product.nameLength))])
    }

    func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile) {
        candidates.removeAll()
        names.removeAll()
        others.removeAll()
        problems.removeAll(keepingCapacity: true)
        lists = ByteInterner()
        spellings = UnitSpellings(units: units)
        let rules = RowRules(file: file, units: units)
        let fileIndex = file.index
        for position in first..<records.count {
            switch rules.judge(records.record(at: position), spellings: &spellings) {
            case .candidate(let row):
                let list = row.list.map { lists.intern($0).id } ?? rules.defaultList.withUnsafeBufferPointer { lists.intern($0).id }
                let nameStart = names.count
                names.append(contentsOf: row.name)
                candidates.append(Candidate(
                    product: Product(nameStart: nameStart, nameLength: row.name.count, quantity: row.quantity, price: row.price,
                                     list: list, spelling: row.spelling, line: 0, file: fileIndex, unit: row.unit,
                                     count: row.count),
                    currency: row.currency))
            case .rejected(let reasons):
                others.append(Int32(position))
                problems.append(reasons)
            case .blank:
                others.append(Int32(position))
                problems.append(nil)
            }
        }
    }
}

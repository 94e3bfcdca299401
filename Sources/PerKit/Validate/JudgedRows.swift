/// One batch of a file's data records as `RowRules` judged them, on the thread that read
/// them: each candidate as a compact product whose name lies in `names` and whose list and
/// unit spelling are ids of this batch's own, and the position of every other record (blank
/// or rejected) with its problems. What the candidates become depends on the rows before them,
/// so `Validator` decides that, taking the batch in order.
final class JudgedRows: RecordBatchWork, @unchecked Sendable {  // used by one thread at a time, handed over whole
    /// A row `RowRules` found can be ranked (`RowRules.Candidate`), kept compact for `Validator`.
    struct CompactCandidate: BitwiseCopyable {
        /// Its line is the taker's to set; its list and spelling are ids in `lists` and `spellings`.
        var product: Product
        var currency: Currency?
        /// The regular price beside a sale price.
        var regularPrice: ExactDecimal?
        /// The loyalty card's price, when the row has one.
        var cardPrice: ExactDecimal?
        /// The multi-buy deal the price is, when it is one.
        var deal: Deal?
        /// Whether the size is approximate (`ca. 500 g`): the shop weighs the pack.
        var approximate = false
        /// Whether the size is what the till weighed.
        var weighed = false
        var flags: ProductFlags = []
        /// Its key (`--key`) in `keys`; length 0 when it has none.
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
    }

    private(set) var candidates = GrowableBuffer<CompactCandidate>()
    private(set) var names = GrowableBytes()
    /// The candidates' keys (`--key`), one after the other.
    private(set) var keys = GrowableBytes()
    private(set) var lists = ByteInterner()
    /// With `--list-from-name`: each of `lists` as first written in the batch by a row of each
    /// dimension (at `id * 3 + ordinal`): a list is shown as the row that makes it writes it,
    /// and with `--split-dimensions` the first row of a dimension makes one.
    private(set) var listsShown: [String?] = []
    private(set) var spellings: UnitSpellings
    /// The records that are not candidates, by position in the batch, in order...
    private(set) var others = GrowableBuffer<Int32>()
    /// ...and what each is.
    private(set) var otherKinds: [RowRules.Other] = []
    /// Each candidate's stated unit price, by candidate index, when the file has the column;
    /// empty otherwise. A cell that does not read is the flag `.statedUnreadable`.
    private(set) var stated: [StatedUnitPrice?] = []
    /// The sizes behind refined and disagreeing sizes, by candidate index.
    private(set) var sizes: [Int: NameSizeCheck.Outcome] = [:]
    /// For `per sales` alone (`ColumnLayout.readsReferencePrices`), by candidate index: whether
    /// its price is a sale's, and the shop's published 30-day low and anchor price. A table
    /// beside the candidates, so that other commands' candidates stay as small as they were.
    private(set) var references: [Int: (onSale: Bool, lowest: ExactDecimal?, anchor: ExactDecimal?)] = [:]
    private let units: UnitTable
    private let listFromName: Bool
    private let receipts: Bool
    private let refinesSizes: Bool
    private let ranksCardPrices: Bool
    private let statedPer: [Dimension: StatedBasis]
    private let facts: UnitFacts

    init(units: UnitTable, listFromName: Bool, receipts: Bool, refinesSizes: Bool = true, ranksCardPrices: Bool = false,
         statedPer: [Dimension: StatedBasis] = [:]) {
        self.units = units
        self.listFromName = listFromName
        self.receipts = receipts
        self.refinesSizes = refinesSizes
        self.ranksCardPrices = ranksCardPrices
        self.statedPer = statedPer
        facts = UnitFacts(units)
        spellings = UnitSpellings(units: units)
    }

    /// How a list of the batch is shown when a row of `dimension` makes it: as first written by
    /// such a row when it comes from names, else (nil) its bytes.
    func shownName(ofList id: Int, dimension: Dimension) -> String? {
        let slot = id * 3 + dimension.ordinal
        return slot < listsShown.count ? listsShown[slot] : nil
    }

    /// A candidate's details (`ProductDetails`) as its row gave them: all but a discount, which
    /// lines below it give (`Validator`).
    @inline(__always)
    func details(of candidate: CompactCandidate, at index: Int) -> ProductDetails {
        let reference = references.isEmpty ? nil : references[index]
        return ProductDetails(regularPrice: candidate.regularPrice, deal: candidate.deal, cardPrice: candidate.cardPrice,
                              approximate: candidate.approximate, weighed: candidate.weighed,
                              stated: candidate.flags.contains(.stated) && index < stated.count ? stated[index] : nil,
                              sizes: candidate.flags.contains(.sizeDetails) ? sizes[index] : nil,
                              onSale: reference?.onSale ?? false, lowestPrice: reference?.lowest, anchorPrice: reference?.anchor)
    }

    /// A candidate's key, nil when it has none.
    func key(of candidate: CompactCandidate) -> UnsafeBufferPointer<UInt8>? {
        candidate.keyLength == 0 ? nil
            : UnsafeBufferPointer(rebasing: keys.buffer[Int(candidate.keyStart)..<Int(candidate.keyStart + candidate.keyLength)])
    }

    /// A candidate's name, in `names`.
    func name(of product: Product) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: names.buffer[product.nameStart..<(product.nameStart + Int(product.nameLength))])
    }

    func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile) {
        candidates.removeAll()
        names.removeAll()
        keys.removeAll()
        others.removeAll()
        otherKinds.removeAll(keepingCapacity: true)
        stated.removeAll(keepingCapacity: true)
        sizes.removeAll()
        references.removeAll()
        lists = ByteInterner()
        listsShown.removeAll(keepingCapacity: true)
        spellings = UnitSpellings(units: units)
        let rules = RowRules(file: file, units: units, listFromName: listFromName, receipts: receipts, refinesSizes: refinesSizes,
                             ranksCardPrices: ranksCardPrices, statedPer: statedPer, facts: facts)
        let fileIndex = file.index
        let readsStated = file.layout.statedUnitPrice != nil
        @inline(__always)
        func add(_ row: RowRules.Candidate) {
            let list: Int
            if let named = rules.listFromName(of: row) {
                let interned = named.key.withUnsafeBufferPointer { lists.intern($0) }
                if interned.isNew { listsShown.append(contentsOf: [nil, nil, nil]) }
                let slot = interned.id * 3 + units.units[row.unit].dimension.ordinal
                if listsShown[slot] == nil { listsShown[slot] = named.shown }
                list = interned.id
            } else {
                list = row.list.map { lists.intern($0).id } ?? rules.defaultList.withUnsafeBufferPointer { lists.intern($0).id }
            }
            let nameStart = names.count
            names.append(contentsOf: row.name)
            if row.flags.contains(.sizeDetails), let outcome = rules.details.sizes { sizes[candidates.count] = outcome }
            if readsStated { stated.append(row.flags.contains(.stated) ? rules.details.stated : nil) }
            if rules.layout.readsReferencePrices, let reference = rules.details.references {
                rules.details.references = nil
                if reference.onSale || reference.lowest != nil || reference.anchor != nil { references[candidates.count] = reference }
            }
            let keyStart = keys.count
            if let key = row.key { keys.append(contentsOf: key) }
            candidates.append(CompactCandidate(
                product: Product(nameStart: nameStart, nameLength: row.name.count, quantity: row.quantity, price: row.price,
                                 list: list, spelling: row.spelling, line: 0, file: fileIndex, unit: row.unit,
                                 count: row.count),
                currency: row.currency, regularPrice: row.regularPrice, cardPrice: row.cardPrice, deal: row.deal, approximate: row.approximate, weighed: row.weighed, flags: row.flags,
                keyStart: Int32(truncatingIfNeeded: keyStart), keyLength: Int32(truncatingIfNeeded: row.key?.count ?? 0)))
        }
        func addOther(_ record: CSVRecord, at position: Int) {
            others.append(Int32(position))
            otherKinds.append(rules.other(record, spellings: &spellings))
        }
        // Two loops, so that a price sheet's rows (nearly all) are judged with no test for receipts.
        if rules.hasMoreColumns {
            for position in first..<records.count {
                let record = records.record(at: position)
                let row = rules.judgeInFull(record, spellings: &spellings)
                if let row { add(row) } else { addOther(record, at: position) }
                // After `add`, which reads what judging left in `rules.details`.
                assert(rules.verdictsAgree(record, judgedACandidate: row != nil), "judge and problems disagree on line \(record.line)")
            }
        } else {
            for position in first..<records.count {
                let record = records.record(at: position)
                let row = rules.judge(record, spellings: &spellings)
                if let row { add(row) } else { addOther(record, at: position) }
                // After `add`, which reads what judging left in `rules.details`.
                assert(rules.verdictsAgree(record, judgedACandidate: row != nil), "judge and problems disagree on line \(record.line)")
            }
        }
    }
}

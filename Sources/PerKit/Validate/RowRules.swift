/// Every rule about a row that the row alone decides, in one place: how its fields are read
/// (name, size, unit, price, list) and whether it can be ranked or must be rejected, with
/// every problem named. Runs on whichever thread read the row (`JudgedRows`). The rules that
/// depend on the rows before (a list's dimension and currency, the run's limits) are
/// `ListRules` and `Validator`'s, which take the judged rows in input order.
///
/// The rules are kept by concept: reading a row's fields (`RowFields`), the unit words after a
/// size (`LeadingUnitWords`), receipts' counts and discounts (`ReceiptRows`), prices, sales,
/// deals and card prices (`RowPrices`), lists from names (`ListsFromNames`), what is noted
/// about a candidate (`RowAnnotations`), and what is wrong with a row (`RowProblems`).
///
/// To add a rule about one row: read what it needs in `Fields`, refuse the row in `judge` (and
/// `judgeInFull`, which keep only rankable rows as candidates), and say why in `problems` with
/// a new `RowProblem`. The two must agree (`verdictsAgree`, asserted on every row in debug
/// builds): a rule added to one alone fails the tests.
struct RowRules {
    /// Where the file's fields are.
    let layout: ColumnLayout
    let sizes: SizeReader
    let prices: NumberReader
    let counts: SizeReader
    let packPrices: NumberReader
    let salePrices: NumberReader
    /// The unit the quantity column's header names (`neto količina(KG)`), for a quantity cell
    /// that writes none: it wins over the unit column, which then names the selling unit.
    let headerUnit: UnsafeBufferPointer<UInt8>?
    /// The list of the rows of a file without a list column.
    let defaultList: [UInt8]
    /// Whether each product's list is its name without its size (`--list-from-name`).
    let listFromName: Bool
    /// Whether the file is read as a receipt (`--receipts`, or a count or pack-price column):
    /// its lines without a size may be deposits, bags, totals or discounts.
    let readsReceipt: Bool
    /// Whether the file has a count, pack-price or sale-price column (its rows go through
    /// `judgeInFull`).
    let hasMoreColumns: Bool
    /// The quantity column's title, for a message that suggests reading it as counts.
    let quantityHeader: String?
    /// The header's fields, trimmed and in lower case, to know it again.
    let header: [String]
    /// The price column's title when it may be one pack's price or what the row cost
    /// (`ColumnLayout.priceMayBeOnePacks`): a row of more than one pack, or weighed, then
    /// reads two ways and is rejected.
    let priceOfOneOrAll: String?

    /// Whether a size in the name refines a rounded quantity (`--no-refine-sizes` turns it off).
    let refinesSizes: Bool
    /// Rank a row's card price when it is below today's price (`--card`).
    let ranksCardPrices: Bool
    /// Reads the stated-unit-price column, when the file has one.
    let statedPrices: StatedUnitPriceReader?
    let units: UnitTable
    /// What the rules read of each unit (factors, dimensions, items per unit, coarsest scales).
    let facts: UnitFacts
    /// Where `judge` leaves what a candidate carries besides its figures.
    let details = Details()

    /// The most packs one row may count.
    static let maxCount = Int(UInt16.max)
    /// How far a row's price may be from its count times its pack price: half a cent, as a
    /// total rounded to the cent either way is.
    static let priceTolerance: ExactDecimal = "0.005"

    init(file: SheetFile, units: UnitTable, listFromName: Bool = false, receipts: Bool = false, refinesSizes: Bool = true,
         ranksCardPrices: Bool = false, statedPer: [Dimension: StatedBasis] = [:], facts: UnitFacts? = nil) {
        let facts = facts ?? UnitFacts(units)
        self.facts = facts
        self.listFromName = listFromName
        self.units = units
        self.refinesSizes = refinesSizes
        self.ranksCardPrices = ranksCardPrices
        // The user's --stated-per wins over what the file's header or figures say (`ColumnRoles`).
        let statedPer = statedPer.merging(file.roles.statedPer) { given, _ in given }
        statedPrices = file.layout.statedUnitPrice.map { _ in
            StatedUnitPriceReader(numbers: file.format.statedPriceNumbers, units: units, statedPer: statedPer)
        }
        hasMoreColumns = file.layout.count != nil || file.layout.packPrice != nil || file.layout.salePrice != nil || file.layout.cardPrice != nil
            || file.layout.lowestPrice != nil || file.layout.anchorPrice != nil
        quantityHeader = file.layout.quantity.map { file.header[$0].trimmingSpaces }
        priceOfOneOrAll = file.layout.priceMayBeOnePacks(header: file.header, mapped: file.format.columns)
        header = file.header.map { $0.trimmingSpaces.lowercased() }
        readsReceipt = file.layout.readsAsReceipt(asked: receipts)
        layout = file.layout
        sizes = file.format.sizeReader
        prices = file.format.priceNumbers
        counts = SizeReader(numbers: file.format.countNumbers)
        packPrices = file.format.packPriceNumbers
        salePrices = file.format.salePriceNumbers
        defaultList = Array(file.input.defaultListName.utf8)
        headerUnit = file.layout.quantityUnit.flatMap { units.lookup($0) }.flatMap { Self.spelling(ofSymbol: units[$0].symbol) }
    }

    /// What a record is when it is no candidate: a rejected row with its problems, a line that
    /// is no product (a deposit, a bag, a total), a discount (a negative amount without a size,
    /// for the item above to take: `Validator`), or no row at all (a blank record).
    enum Other {
        case rejected([RowProblem])
        case notAProduct(NotAProduct.Kind)
        /// A discount, and the percentage its name states, if any.
        case discount(NumberReader.Reading, percent: ExactDecimal?)
        case blank
    }

    /// A row that can be ranked as far as it alone decides, as read.
    struct Candidate {
        let name: UnsafeBufferPointer<UInt8>
        /// The size bought: the pack size times the count.
        var quantity: ExactDecimal
        /// What the row cost in all.
        let price: ExactDecimal
        let currency: Currency?
        /// The unit as written, and its id in `spellings`.
        var spelling: Int
        /// The unit it names, an index in the unit table.
        var unit: Int
        /// The list as written, or nil for the file's own (`defaultList`); with
        /// `--list-from-name`, the list is `listFromName(of:)`'s.
        let list: UnsafeBufferPointer<UInt8>?
        /// How many packs the row bought, or 0 for a row without a count (a price sheet's row, a
        /// weighed item).
        let count: Int
        /// The regular price, when `price` is a sale price and the row gives another.
        var regularPrice: ExactDecimal? = nil
        /// Whether the size is approximate (`ca. 500 g`, `~1 kg`).
        var approximate = false
        /// Whether the size is what the till weighed (`0.732 kg` in a count cell).
        var weighed = false
        /// Flags the row alone decides (`ProductFlags`), and the detail marks.
        var flags: ProductFlags = []
        /// The product's code in the `--key` column, trimmed; nil without the column or when
        /// the cell is empty.
        var key: UnsafeBufferPointer<UInt8>? = nil
        /// The multi-buy deal the price is, when it is one (`count` is then its packs).
        var deal: Deal? = nil
        /// The loyalty card's price for what the row bought, when it has one.
        var cardPrice: ExactDecimal? = nil
    }

    /// Judges one data record: a candidate, or nil when it is none (`other` then says what it
    /// is); `spellings` interns its unit as written. The candidate's bytes are valid while the
    /// record is. A file with a count, pack-price or sale-price column is judged by `judgeInFull`.
    @inline(__always)
    func judge(_ record: CSVRecord, spellings: inout UnitSpellings) -> Candidate? {
        guard hasHeaderFieldCount(record) else { return nil }
        var fields = Fields(record, layout: layout, sizes: sizes, prices: prices, headerUnit: headerUnit)
        if fields.mayReadRarer(statedColumn: layout.statedUnitPrice) { fields.readRarer(record, rules: self) }
        if layout.unitHoldsSizes { settleUnitColumnSize(&fields, record: record, spellings: &spellings) }
        let resolved = fields.unit.map { self.unit(of: $0, spellings: &spellings) }
        let spelling = resolved?.spelling
        let unit = resolved?.unit ?? -1
        guard case .success(let size) = fields.size, isRankable(size, unit: unit), let spelling, namesAreRankable(fields) else { return nil }
        guard case .success(let price) = fields.price, !price.value.isZero else {
            // Perhaps a deal (`2/$7.00`): read as a row of that many packs.
            if case .failure(.notANumber) = fields.price { return judgeInFull(record, spellings: &spellings) }
            return nil
        }
        var candidate = Candidate(name: fields.name, quantity: size.quantity, price: price.value, currency: price.currency,
                                  spelling: spelling, unit: unit, list: fields.list, count: 0, approximate: size.approximate)
        if size.packCountIsAmount { candidate.flags.insert(.packCountIsSize) }
        if size.readsTwoWays { candidate.flags.insert(.sizeReadsTwoWays) }
        if fields.pricedPerBasis { candidate.flags.insert(.pricedPerBasis) }
        if fields.sizeFromStated { candidate.flags.insert(.sizeFromStated) }
        if let key = fields.key, !key.isEmpty { candidate.key = key }
        if needsAnnotation(candidate, name: fields.name) { annotate(&candidate, fields: fields, record: record, spellings: &spellings) }
        return candidate
    }

    /// Whether a size can be ranked: more than zero, in a unit per knows, a whole number of
    /// items if the unit counts items, and a unit word alone (`each`) only if it counts items.
    @inline(__always)
    private func isRankable(_ size: SizeReader.Size, unit: Int) -> Bool {
        !size.quantity.isZero && unit >= 0 && isWholeIfCounted(size.quantity, unit: unit) && (!size.bare || facts.itemsPerUnit[unit] != nil)
    }

    /// Whether the name, the list and the key can be ranked: a name, and a list when there is a
    /// list column, each valid UTF-8; a key (`--key`), when there is one, valid UTF-8.
    @inline(__always)
    private func namesAreRankable(_ fields: Fields) -> Bool {
        !fields.name.isEmpty && fields.name.isValidUTF8 && (fields.list.map { !$0.isEmpty && $0.isValidUTF8 } ?? true)
            && (fields.key.map(\.isValidUTF8) ?? true)
    }

    /// `judge` for a row with a count, a pack price or a sale price: how many packs it bought
    /// (or how much it weighed), and what it cost, or costs while a sale runs.
    func judgeInFull(_ record: CSVRecord, spellings: inout UnitSpellings) -> Candidate? {
        guard hasHeaderFieldCount(record) else { return nil }
        let reading = ReceiptReading(record, rules: self, spellings: &spellings)
        let fields = reading.fields
        guard priceOfOneOrAll == nil || (reading.packs <= 1 && reading.measured == nil),
              let pack = reading.pack, isRankable(pack, unit: reading.unit), let spelling = reading.spelling,
              namesAreRankable(fields), reading.bought.map({ (try? $0.get()) != nil }) ?? true,
              case .success(var priced) = todaysPrice(fields, count: reading.count), !priced.price.value.isZero,
              case let packs = priced.deal?.count ?? reading.packs,
              let quantity = packs > 1 ? pack.quantity.times(packs) : Optional(pack.quantity)
        else { return nil }
        // A card price that does not read: without --card, shown as none (and counted, said in a
        // note); ranked with --card, a problem of the row.
        var card: ExactDecimal?
        var cardUnreadable = false
        switch cardPrice(fields, count: reading.count, priced: priced) {
        case .success(let read): card = read
        case .failure: if ranksCardPrices { return nil } else { cardUnreadable = true }
        }
        if ranksCardPrices, let card, card.compareValue(priced.price.value) < 0 {
            // What a card holder pays: the card price, the shelf price the regular one.
            priced.regular = priced.regular ?? priced.price.value
            priced.price.value = card
        }
        var candidate = Candidate(name: fields.name, quantity: quantity, price: priced.price.value, currency: priced.price.currency,
                                  spelling: spelling, unit: reading.unit, list: fields.list, count: packs,
                                  regularPrice: priced.regular, approximate: pack.approximate)
        candidate.deal = priced.deal
        candidate.cardPrice = card
        if layout.readsReferencePrices {
            let (lowest, anchor) = referencePrices(fields)
            details.references = (priced.onSale, lowest, anchor)
        }
        candidate.weighed = reading.measured != nil
        if cardUnreadable { candidate.flags.insert(.cardUnreadable) }
        if fields.pricedPerBasis { candidate.flags.insert(.pricedPerBasis) }
        if fields.sizeFromStated { candidate.flags.insert(.sizeFromStated) }
        if let regular = priced.regular {
            if regular.compareValue(priced.price.value) < 0 { candidate.flags.insert(.saleAboveRegular) }
            if let tenfold = priced.price.value.times(10), tenfold.compareValue(regular) <= 0 { candidate.flags.insert(.saleFarBelowRegular) }
        }
        if pack.packCountIsAmount { candidate.flags.insert(.packCountIsSize) }
        if pack.readsTwoWays && reading.packs <= 1 { candidate.flags.insert(.sizeReadsTwoWays) }
        // A count of packs equal to the amount of each (`Cheese 200 g` bought 200 times): the
        // size written twice, as `708x708g` is, wherever in the file and however the count was named.
        if reading.packs >= Int(SizeReader.suspectPackCount), reading.measured == nil,
           pack.quantity.compareValue(ExactDecimal(significand: UInt64(reading.packs), scale: 0)) == 0 {
            candidate.flags.insert(.packCountIsSize)
        }
        if let key = fields.key, !key.isEmpty { candidate.key = key }
        // A weighed item's stated unit price is checked too; its size is what the till
        // weighed, so no name refines it.
        if reading.measured == nil ? needsAnnotation(candidate, name: fields.name) : statedPrices != nil {
            annotate(&candidate, fields: fields, record: record, spellings: &spellings, checksNameSize: reading.measured == nil)
        }
        return candidate
    }

    /// What a record that `judge` found no candidate is: blank, a deposit, bag, total or tax
    /// line or a discount of a receipt, or a rejected row with every problem it has.
    func other(_ record: CSVRecord, spellings: inout UnitSpellings) -> Other {
        if let damage = record.damage { return .rejected([.brokenQuoting(damage, text: String(decoding: record[0], as: UTF8.self))]) }
        if record.isBlank { return .blank }
        if repeatsHeader(record) { return .notAProduct(.header) }
        guard hasHeaderFieldCount(record) else { return .rejected([.fieldCount(found: record.count, expected: layout.fieldCount)]) }
        let reading = ReceiptReading(record, rules: self, spellings: &spellings)
        // A receipt's line without a size may be a deposit, bag, total or discount; one whose
        // size is written but does not read (`Total Cereal,abc`) is a product with a problem.
        if readsReceipt, reading.measured == nil, !(reading.unit >= 0 && reading.pack != nil), !writesBrokenSize(reading.fields) {
            if let kind = ReceiptLines.kind(ofName: reading.fields.name) { return .notAProduct(kind) }
            if let amount = discount(reading.fields) {
                return .discount(amount, percent: ReceiptLines.percent(inName: reading.fields.name))
            }
        }
        let size: Result<SizeReader.Size, SizeReader.Failure> = reading.measured.map { .success($0.size) } ?? reading.fields.size
        return .rejected(problems(reading.fields, bought: reading.bought, size: size, unit: reading.unit))
    }

    /// Whether a row's quantity cell writes a size that does not read: no number (`abc`, a word
    /// alone), a range or several sizes; not an empty cell, nor a number in a unit per does not
    /// know. (A name is free text: `Nuolaida: apelsinai, 1-2 d.` is a discount line.)
    private func writesBrokenSize(_ fields: Fields) -> Bool {
        guard fields.quantity != nil else { return false }
        return switch fields.size {
        case .failure(.number(let failure)): failure != .empty
        case .failure(.range), .failure(.several), .failure(.splitNumber), .failure(.basisOrBound), .failure(.besideOtherSize): true
        case .failure(.noSize), .failure(.nutrient): false
        case .success(let size): size.bare
        }
    }

    /// Whether a record is the file's header again, field for field (trimmed, any case): files
    /// joined one after the other.
    private func repeatsHeader(_ record: CSVRecord) -> Bool {
        FormatSniffer.repeats(header, record)
    }

    /// Whether a size in this unit is a whole number of items, if the unit counts items: 1.5
    /// pieces are no size, 1.5 dozen are 18 items.
    @inline(__always)
    func isWholeIfCounted(_ quantity: ExactDecimal, unit: Int) -> Bool {
        facts.itemsPerUnit[unit].map { quantity.timesIsWhole($0) } ?? true
    }

    /// Whether the record has as many fields as the header, one more that is empty (a trailing
    /// delimiter on the row), or one fewer when the header ends with an empty field (a trailing
    /// delimiter on the header); only then do its fields mean what the header says.
    @inline(__always)
    func hasHeaderFieldCount(_ record: CSVRecord) -> Bool {
        guard record.damage == nil else { return false }
        return record.count == layout.fieldCount || (record.count == layout.fieldCount + 1 && record[layout.fieldCount].isEmpty)
            || (layout.endsWithEmptyField && record.count == layout.fieldCount - 1)
    }
}

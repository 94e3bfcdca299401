/// What the rules read of each unit, by unit index: worked out once per run, not per batch.
struct UnitFacts {
    let factors: [ExactDecimal]
    let dimensions: [Dimension]
    /// Each unit's size in items for a unit that counts items, nil for mass and volume.
    let itemsPerUnit: [ExactDecimal?]

    init(_ units: UnitTable) {
        factors = units.units.map(\.factor)
        dimensions = units.units.map(\.dimension)
        itemsPerUnit = units.units.map { $0.dimension == .count ? $0.factor : nil }
    }
}

/// Every rule about a row that the row alone decides, in one place: how its fields are read
/// (name, size, unit, price, list) and whether it can be ranked or must be rejected, with
/// every problem named. Runs on whichever thread read the row (`JudgedRows`). The rules that
/// depend on the rows before (a list's dimension and currency, the run's limits) are
/// `ListRules` and `Validator`'s, which take the judged rows in input order.
///
/// To add a rule about one row: read what it needs in `Fields`, refuse the row in `judge`
/// (which keeps only rankable rows as candidates), and say why in `problems` with a new
/// `RowProblem`.
struct RowRules {
    /// Where the file's fields are.
    let layout: ColumnLayout
    let sizes: SizeReader
    private let prices: NumberReader
    private let counts: SizeReader
    private let packPrices: NumberReader
    let salePrices: NumberReader
    /// The unit the quantity column's header names (`neto količina(KG)`), for a quantity cell
    /// that writes none: it wins over the unit column, which then names the selling unit.
    private let headerUnit: UnsafeBufferPointer<UInt8>?
    /// The list of the rows of a file without a list column.
    let defaultList: [UInt8]
    /// Whether each product's list is its name without its size (`--list-from-name`).
    private let listFromName: Bool
    /// Whether the file is read as a receipt (`--receipts`, or a count or pack-price column):
    /// its lines without a size may be deposits, bags, totals or discounts.
    private let readsReceipt: Bool
    /// Whether the file has a count, pack-price or sale-price column (its rows go through
    /// `judgeInFull`).
    let hasMoreColumns: Bool
    /// The quantity column's title, for a message that suggests reading it as counts.
    private let quantityHeader: String?
    /// The header's fields, trimmed and in lower case, to know it again.
    private let header: [String]
    /// The price column's title when it may be one pack's price or what the row cost
    /// (`ColumnLayout.priceMayBeOnePacks`): a row of more than one pack, or weighed, then
    /// reads two ways and is rejected.
    private let priceOfOneOrAll: String?

    /// Whether a size in the name refines a rounded quantity (`--no-refine-sizes` turns it off).
    private let refinesSizes: Bool
    /// Rank a row's card price when it is below today's price (`--card`).
    private let ranksCardPrices: Bool
    /// Reads the stated-unit-price column, when the file has one.
    let statedPrices: StatedUnitPriceReader?
    private let units: UnitTable
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
        quantityHeader = file.layout.quantity.map { file.header[$0].trimmingSpaces }
        priceOfOneOrAll = file.layout.priceMayBeOnePacks(header: file.header, mapped: file.format.columns)
        header = file.header.map { $0.trimmingSpaces.lowercased() }
        readsReceipt = receipts || file.layout.count != nil || file.layout.packPrice != nil
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

    /// The last annotated candidate's stated unit price and the sizes behind a refined or
    /// disagreeing size: read right after `judge` when the candidate's flags mark them
    /// (`.stated`, `.sizeDetails`, `.statedUnreadable`). Kept apart so that a candidate stays
    /// plain data, cheap to copy.
    final class Details {
        /// The shop's stated unit price, when the file has the column and the cell reads.
        var stated: StatedUnitPrice?
        /// Whether the stated-unit-price cell holds something that does not read as one.
        var statedUnreadable = false
        /// The sizes behind a refined or disagreeing size (`NameSizeCheck`).
        var sizes: NameSizeCheck.Outcome?
    }

    /// Judges one data record: a candidate, or nil when it is none (`other` then says what it
    /// is); `spellings` interns its unit as written. The candidate's bytes are valid while the
    /// record is. A file with a count, pack-price or sale-price column is judged by `judgeInFull`.
    @inline(__always)
    func judge(_ record: CSVRecord, spellings: inout UnitSpellings) -> Candidate? {
        guard hasHeaderFieldCount(record) else { return nil }
        var fields = Fields(record, layout: layout, sizes: sizes, prices: prices, headerUnit: headerUnit)
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
        if let key = fields.key, !key.isEmpty { candidate.key = key }
        if needsAnnotation(candidate, name: fields.name) { annotate(&candidate, fields: fields, record: record, spellings: &spellings) }
        return candidate
    }

    /// Whether a candidate needs `annotate` (its name's size against its quantity column,
    /// `NameSizeCheck`, and the shop's stated unit price): most rows (a count, or a name with no
    /// size, and no stated price) do not.
    @inline(__always)
    private func needsAnnotation(_ candidate: Candidate, name: UnsafeBufferPointer<UInt8>) -> Bool {
        statedPrices != nil || (layout.namesHoldSizes && facts.dimensions[candidate.unit] != .count && SizeReader.mayHoldSize(name))
            || candidate.flags.contains(.sizeReadsTwoWays)
    }

    @inline(never)
    private func annotate(_ candidate: inout Candidate, fields: borrowing Fields, record: borrowing CSVRecord, spellings: inout UnitSpellings,
                          checksNameSize: Bool = true) {
        details.stated = nil
        details.sizes = nil
        details.statedUnreadable = false
        if checksNameSize, fields.quantity != nil, candidate.count <= 1, !candidate.approximate,
           let outcome = NameSizeCheck(sizes: sizes, units: units, factors: facts.factors)
               .check(name: fields.name, quantity: candidate.quantity, unit: candidate.unit, spelling: spellings.string(of: candidate.spelling)) {
            switch outcome.kind {
            case .refined where refinesSizes:
                candidate.quantity = outcome.nameSize
                candidate.unit = outcome.nameUnit
                candidate.spelling = outcome.nameSpelling.withUnsafeBufferPointer { spellings.id($0) }
                candidate.flags.insert(.sizeDetails)
                details.sizes = outcome
            case .refined, .notRefined, .readsTwoWays:
                var kept = outcome  // kept for the stated check's likely cause
                if kept.kind == .refined { kept.kind = .notRefined }
                if statedPrices != nil {
                    details.sizes = kept
                    candidate.flags.insert(.sizeDetails)
                }
            case .disagrees:
                candidate.flags.formUnion([.nameSizeDisagrees, .sizeDetails])
                details.sizes = outcome
            }
        }
        if let statedPrices, let column = layout.statedUnitPrice, column < record.count {
            var reading = statedPrices.read(record[column], dimension: facts.dimensions[candidate.unit], currency: candidate.currency)
            // A column that says what each row's figure is per (`1KG`, `100G`, `1EA`).
            if case .success(var figure?) = reading, figure.amount == nil || figure.unit < 0,
               let perColumn = layout.statedPer, perColumn < record.count {
                let text = String(decoding: record[perColumn].trimmingSpaces(), as: UTF8.self)
                if let (basis, dimension) = StatedBasis.parse(text, units: units), dimension == facts.dimensions[candidate.unit] {
                    figure.amount = basis.amount
                    figure.unit = Int16(basis.unit)
                    reading = .success(figure)
                } else {
                    reading = .failure(.otherDimension)  // empty, or no basis per reads: not read
                }
            }
            switch reading {
            case .success(let figure?):
                details.stated = figure
                candidate.flags.insert(.stated)
            case .success(nil): break
            case .failure:
                details.statedUnreadable = true
                candidate.flags.insert(.statedUnreadable)
            }
        }
        if candidate.flags.contains(.sizeReadsTwoWays) { settleTwoWaySize(&candidate, size: fields.size, spellings: &spellings) }
    }

    /// A size that reads two ways (`4PACK 160g`): the shop's stated unit price, when it agrees
    /// with one reading only, decides; else the packs' total stays ranked, flagged, and the
    /// other reading is kept for the report.
    private func settleTwoWaySize(_ candidate: inout Candidate, size: Result<SizeReader.Size, SizeReader.Failure>,
                                  spellings: inout UnitSpellings) {
        guard case .success(let read) = size, read.packCount > 1, candidate.quantity.significand % read.packCount == 0 else {
            candidate.flags.remove(.sizeReadsTwoWays)
            return
        }
        let one = ExactDecimal(significand: candidate.quantity.significand / read.packCount, scale: candidate.quantity.scale)
        let factor = facts.factors[candidate.unit]
        // A figure with no basis of its own is per kg, l or item, as the report's by default.
        let standard = ExactDecimal(significand: facts.dimensions[candidate.unit] == .count ? 1 : 1000, scale: 0)
        if let stated = details.stated, let basis = stated.basis(factors: facts.factors) ?? Optional(standard),
           let all = candidate.quantity.timesExactly(factor), let single = one.timesExactly(factor) {
            let agreesAll = stated.agrees(price: candidate.price, size: all, basis: basis)
            let agreesOne = stated.agrees(price: candidate.price, size: single, basis: basis)
            if agreesAll != agreesOne {
                if agreesOne { candidate.quantity = one }
                candidate.flags.remove(.sizeReadsTwoWays)
                return
            }
        }
        if details.sizes == nil {
            let spelling = spellings.string(of: candidate.spelling)
            details.sizes = NameSizeCheck.Outcome(kind: .readsTwoWays, nameSize: candidate.quantity, nameUnit: candidate.unit,
                                                  nameSpelling: Array(spelling.utf8), listedSize: one, listedUnit: candidate.unit,
                                                  listedSpelling: spelling, cause: .onePack(count: read.packCount))
            candidate.flags.insert(.sizeDetails)
        }
    }

    /// The unit a size is in: its spelling as written, or, when per does not know that, its first
    /// words when they are a unit and only words follow, no digits (`1.89L Almond Milk`, `4 L
    /// bag`, `240g / Boxed Cookies`: the rest says what the pack is, not how much it holds).
    @inline(__always)
    func unit(of text: UnsafeBufferPointer<UInt8>, spellings: inout UnitSpellings) -> (spelling: Int, unit: Int) {
        let spelling = spellings.id(text)
        let unit = spellings.unit(of: spelling)
        if unit >= 0 || text.count < 3 { return (spelling, unit) }
        return leadingUnit(of: text, spellings: &spellings) ?? (spelling, unit)
    }

    @inline(never)
    private func leadingUnit(of text: UnsafeBufferPointer<UInt8>, spellings: inout UnitSpellings) -> (spelling: Int, unit: Int)? {
        func separates(_ byte: UInt8) -> Bool {
            byte == Byte.space || byte == Byte.tab || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(")
                || byte == Byte.comma || byte == UInt8(ascii: "-")
        }
        guard !text.contains(where: Byte.isDigit) else { return nil }
        // The longest run of words before a separator that is a unit.
        for end in stride(from: text.count - 1, to: 0, by: -1) where separates(text[end]) && !separates(text[end - 1]) {
            let spelling = spellings.id(UnsafeBufferPointer(rebasing: text[..<end]))
            let unit = spellings.unit(of: spelling)
            guard unit >= 0 else { continue }
            // Words that say which unit it is (`pint UK`, `OZ FLUID`, `gal US`), or another unit of
            // mass or volume, are no description: the text reads two ways, and is refused.
            let rest = String(decoding: UnsafeBufferPointer(rebasing: text[end...]), as: UTF8.self).lowercased()
            let words = rest.split(whereSeparator: { !$0.isLetter })
            for word in words {
                if Self.unitQualifiers.contains(String(word)) { return nil }
                // A unit of mass or volume too (`kg lb`); a count word says what the size is of
                // (`35g each`, `16 oz pack`).
                if let other = spellings.unit(named: String(word)), facts.itemsPerUnit[other] == nil { return nil }
            }
            return (spelling, unit)
        }
        return nil
    }

    /// Words that, after a unit, change which unit it is.
    private static let unitQualifiers: Set<String> = ["us", "uk", "imp", "imperial", "fl", "fluid", "liquid", "dry", "avoirdupois",
                                                      "troy", "metric", "british", "american"]

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
        if cardUnreadable { candidate.flags.insert(.cardUnreadable) }
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

    /// A receipt's row as read: its fields, what its count cell says, and the size and unit
    /// that follow.
    private struct ReceiptReading {
        let fields: Fields
        let bought: Result<Bought, RowProblem>?
        let packs: Int
        let measured: (size: SizeReader.Size, spelling: Int, unit: Int)?
        let spelling: Int?
        let unit: Int
        let pack: SizeReader.Size?

        init(_ record: CSVRecord, rules: RowRules, spellings: inout UnitSpellings) {
            var fields = Fields(record, layout: rules.layout, sizes: rules.sizes, prices: rules.prices, headerUnit: rules.headerUnit)
            if rules.layout.unitHoldsSizes { rules.settleUnitColumnSize(&fields, record: record, spellings: &spellings) }
            self.fields = fields
            bought = fields.count.map { rules.readCount($0, fields: fields, spellings: &spellings) }
            var packs = 0
            var measured: (size: SizeReader.Size, spelling: Int, unit: Int)?
            if case .success(let count)? = bought {
                packs = count.packs
                measured = count.measured
            }
            self.packs = packs
            self.measured = measured
            let resolved = fields.unit.map { rules.unit(of: $0, spellings: &spellings) }
            spelling = measured?.spelling ?? resolved?.spelling
            unit = measured?.unit ?? resolved?.unit ?? -1
            if let measured { pack = measured.size } else if case .success(let size) = fields.size { pack = size } else { pack = nil }
        }

        /// What the pack price is multiplied by.
        var count: Bought { measured.map { .measured(size: $0.size, spelling: $0.spelling, unit: $0.unit) } ?? .packs(packs) }
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
    private func isWholeIfCounted(_ quantity: ExactDecimal, unit: Int) -> Bool {
        facts.itemsPerUnit[unit].map { quantity.timesIsWhole($0) } ?? true
    }

    /// Whether the record has as many fields as the header, one more that is empty (a trailing
    /// delimiter on the row), or one fewer when the header ends with an empty field (a trailing
    /// delimiter on the header); only then do its fields mean what the header says.
    @inline(__always)
    private func hasHeaderFieldCount(_ record: CSVRecord) -> Bool {
        guard record.damage == nil else { return false }
        return record.count == layout.fieldCount || (record.count == layout.fieldCount + 1 && record[layout.fieldCount].isEmpty)
            || (layout.endsWithEmptyField && record.count == layout.fieldCount - 1)
    }

    // MARK: - Lists from names

    /// The list a candidate's name makes (`--list-from-name`), when lists come from names: the
    /// name without the size it ends with and the blanks, dots, commas and dashes before that,
    /// as compared (lower case, runs of blanks as one space) and as written; inside the list
    /// column's list when there is one (`Dairy / Whole Milk`). A name that is only a size is its
    /// own list.
    func listFromName(of candidate: Candidate) -> (key: [UInt8], shown: String)? {
        listFromName ? list(named: candidate.name, within: candidate.list) : nil
    }

    private func list(named name: UnsafeBufferPointer<UInt8>, within list: UnsafeBufferPointer<UInt8>?) -> (key: [UInt8], shown: String) {
        var end = name.count
        if let (_, bounds) = sizes.trailingSizeWithBounds(in: name) {
            end = bounds.start
            while end > 0, case let byte = name[end - 1],
                  byte == Byte.space || byte == Byte.tab || byte == Byte.comma || byte == Byte.dot || byte == UInt8(ascii: "-")
                    || NumberReader.blankWidth(name, before: end, start: 0) > 0 {
                end -= max(NumberReader.blankWidth(name, before: end, start: 0), 1)
            }
            if end == 0 { end = name.count }
        }
        let written = String(decoding: UnsafeBufferPointer(rebasing: name[..<end]), as: UTF8.self)
        let folded = written.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let list else { return (Array(folded.utf8), written) }
        let listText = String(decoding: list, as: UTF8.self)
        return (Array(list) + [0] + Array(folded.utf8), "\(listText) / \(written)")
    }

    // MARK: - Receipts: counts, pack prices, discounts

    /// A discount line's amount: the negative price of a row without a size (or, without a price
    /// column, its negative pack price), as a positive number.
    private func discount(_ fields: Fields) -> NumberReader.Reading? {
        if fields.hasPriceColumn { return prices.negativeAmount(fields.priceField) }
        return fields.packPriceField.flatMap { packPrices.negativeAmount($0) }
    }

    /// What a count cell says: a number of packs (`2`, `2 Stk`, `2,000 vnt.`), or an amount
    /// measured at the till (`0.732 kg`, a weighed item), which is then the row's size.
    enum Bought {
        /// 0 when the row has no count: one pack, shown without a count.
        case packs(Int)
        case measured(size: SizeReader.Size, spelling: Int, unit: Int)

        var packs: Int {
            if case .packs(let count) = self { return count }
            return 0
        }

        var measured: (size: SizeReader.Size, spelling: Int, unit: Int)? {
            if case .measured(let size, let spelling, let unit) = self { return (size, spelling, unit) }
            return nil
        }

        /// What the pack price is multiplied by: the packs, or the amount measured.
        var multiplier: ExactDecimal {
            switch self {
            case .packs(let count): ExactDecimal(significand: UInt64(max(count, 1)), scale: 0)
            case .measured(let size, _, _): size.quantity
            }
        }
    }

    /// Reads a count cell (on its own, out of `judge`'s way: price sheets have none). Its unit is the one written in it, or the unit column's when the
    /// file has no quantity column (the unit column then says what the count counts: `Stk`,
    /// `kg`). A number of packs is a positive whole number of at most `maxCount`.
    @inline(never)
    private func readCount(_ field: UnsafeBufferPointer<UInt8>, fields: Fields, spellings: inout UnitSpellings)
        -> Result<Bought, RowProblem> {
        let text = RowProblem.text(field.trimmingSpaces())
        let value: SizeReader.Size
        switch counts.read(field) {
        case .success(let size): value = size
        case .failure(.number(.empty)): return .success(.packs(1))  // a till prints no count for one
        case .failure(.number(let failure)): return .failure(.number(.count, text: text, failure: failure))
        case .failure(.noSize), .failure(.range), .failure(.several), .failure(.splitNumber), .failure(.basisOrBound), .failure(.besideOtherSize),
             .failure(.nutrient):
            return .failure(.number(.count, text: text, failure: .notANumber))
        }
        let unitBytes = value.unit.map { UnsafeBufferPointer(rebasing: field[$0]) } ?? (layout.quantity == nil ? fields.unitColumn : nil)
        var packs = value.quantity
        if let unitBytes, !unitBytes.isEmpty {
            let spelling = spellings.id(unitBytes)
            let unit = spellings.unit(of: spelling)
            guard unit >= 0 else { return .failure(.unknownUnitInCount(unit: RowProblem.text(unitBytes), count: text)) }
            guard let items = facts.itemsPerUnit[unit] else {
                return .success(.measured(size: value, spelling: spelling, unit: unit))
            }
            guard let counted = packs.timesExactly(items) else { return .failure(.number(.count, text: text, failure: .tooManyDigits)) }
            packs = counted
        }
        if packs.isZero { return .failure(.notPositive(.count, text: text)) }
        guard let whole = packs.wholeValue, whole <= Self.maxCount else {
            return .failure(packs.wholeValue == nil ? .countNotWhole(text: text) : .countTooLarge(text: text, limit: Self.maxCount))
        }
        return .success(.packs(whole))
    }

    /// What a row costs today (`todaysPrice`): the price ranked, the regular price beside a sale
    /// or a deal, the deal, and whether the promotion cell was a card's (for `cardPrice`, so
    /// that it is looked at once).
    struct TodaysPrice {
        var price: NumberReader.Reading
        var regular: ExactDecimal?
        var deal: Deal?
        var cardInPromotion = false
    }

    /// What a shopper pays today: the sale price when the row gives one (the regular price is
    /// then kept beside it, and may be empty), else `price`.
    private func todaysPrice(_ fields: Fields, count: Bought) -> Result<TodaysPrice, RowProblem> {
        guard let saleField = fields.salePriceField, case let sale = saleField.trimmingSpaces(), !sale.isEmpty,
              !ColumnValues.saysNothing(sale) else {
            // No sale: an empty cell, or one that says so (`-`, `n/a`); perhaps a deal in the price cell.
            let priced = price(fields, count: count)
            if case .failure(.number(.price, _, .notANumber)) = priced, fields.packPriceField == nil {
                return deal(in: fields.priceField, single: nil, count: count) ?? unreadDeal(fields.priceField, field: .price).map { .failure($0) } ?? priced.map { TodaysPrice(price: $0) }
            }
            return priced.map { TodaysPrice(price: $0) }
        }
        switch salePrices.read(saleField) {
        case .success(let sale) where sale.value.isZero:
            // `0` or `0.00` in a sale column is no sale (Croatian chains write it on every row
            // without a promotion): the regular price is what a shopper pays.
            return price(fields, count: count).map { TodaysPrice(price: $0) }
        case .success(var sale):
            // Beside a count of more than one pack, or a weighed amount, a sale price reads two
            // ways (one pack's, or the row's), as a bare price does.
            if count.packs > 1 || count.measured != nil {
                return .failure(.saleOfOneOrAll(sale: RowProblem.text(saleField.trimmingSpaces()), count: count.multiplier.text))
            }
            // The regular price may be empty while a sale runs; one written that does not read
            // is a problem of the row, not a price to drop without a word.
            let regular: NumberReader.Reading?
            switch price(fields, count: count) {
            case .success(let reading): regular = reading
            case .failure(let problem):
                let written = fields.hasPriceColumn && !fields.priceField.trimmingSpaces().isEmpty
                if written { return .failure(problem) }
                regular = nil
            }
            // The sale is in the regular price's currency when it names none; two currencies
            // cannot be compared.
            if let regular, let currency = regular.currency {
                if let other = sale.currency, other != currency {
                    return .failure(.saleCurrencyDisagrees(price: currency.code, sale: other.code))
                }
                sale.currency = currency
            }
            // A regular price equal to the sale price is no sale (some chains write the offer
            // price in both); one of 0 beside a sale is no regular price.
            return .success(TodaysPrice(price: sale, regular: regular.flatMap { $0.value.compareValue(sale.value) == 0 || $0.value.isZero ? nil : $0.value }))
        case .failure(.notANumber):
            // A card price in the promotion cell is no sale (`cardPrice` reads it, or says it
            // does not read: `Any 2 for £5 Clubcard Price`).
            if fields.cardPriceField == nil, namesCard(saleField) {
                return price(fields, count: count).map { TodaysPrice(price: $0, cardInPromotion: true) }
            }
            // A deal in the promotion cell, reckoned from the regular price when it needs one.
            let single = try? price(fields, count: count).get()
            if let dealt = deal(in: saleField, single: single, count: count) { return dealt }
            if let unread = unreadDeal(saleField, field: .salePrice) { return .failure(unread) }
            return .failure(.number(.salePrice, text: RowProblem.text(saleField.trimmingSpaces()), failure: .notANumber))
        case .failure(let failure):
            return .failure(.number(.salePrice, text: RowProblem.text(saleField.trimmingSpaces()), failure: failure))
        }
    }

    /// The row's loyalty-card price, nil when it has none (an empty cell, `0`, `-`, `n/a`). One
    /// that does not read, names another currency than the price, or stands beside more than
    /// one pack (a count, a deal: one pack's, or all of them?) is a problem of the row.
    private func cardPrice(_ fields: Fields, count: Bought, priced: TodaysPrice)
        -> Result<ExactDecimal?, RowProblem> {
        // A card price in the promotion cell (`£2.10 Clubcard Price`) when no column holds them.
        let promotion = fields.cardPriceField == nil && priced.cardInPromotion ? fields.salePriceField : nil
        guard let field = fields.cardPriceField ?? promotion, case let card = field.trimmingSpaces(), !card.isEmpty,
              !ColumnValues.saysNothing(card) else {
            return .success(nil)
        }
        let text = RowProblem.text(card)
        var read = salePrices.read(card)
        if case .failure(.notANumber) = read, let labelled = labelledCardPrice(card) { read = .success(labelled) }
        switch read {
        case .success(let reading) where reading.value.isZero:
            return .success(nil)
        case .success(let reading):
            if count.packs > 1 || count.measured != nil { return .failure(.cardOfOneOrAll(card: text, count: count.multiplier.text)) }
            if let deal = priced.deal { return .failure(.cardOfOneOrAll(card: text, count: "\(deal.count)")) }
            if let price = priced.price.currency, let named = reading.currency, price != named {
                return .failure(.cardCurrencyDisagrees(price: price.code, card: named.code))
            }
            return .success(reading.value)
        case .failure(let failure):
            if failure == .notANumber, let unread = unreadDeal(card, field: .cardPrice) { return .failure(unread) }
            return .failure(.number(.cardPrice, text: text, failure: failure))
        }
    }

    /// A price cell that is no number and no deal per reads, but speaks of one (`50% off`,
    /// `2FOR5`): a problem that says so, not "is not a number"; nil for any other cell.
    private func unreadDeal(_ cell: UnsafeBufferPointer<UInt8>, field: RowProblem.Field) -> RowProblem? {
        DealReader.looksLikeDeal(cell.trimmingSpaces()) ? .dealUnknownForm(field, text: RowProblem.text(cell.trimmingSpaces())) : nil
    }

    /// Whether a promotion cell is a card's: a price and a label that names only the card, or
    /// any text whose words name one (`Any 2 for £5 Clubcard Price`).
    private func namesCard(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most promotion cells are prices or empty: read as one (cheaply), they are no card's.
        guard case .failure(.notANumber) = salePrices.read(field) else { return false }
        if labelledCardPrice(field) != nil { return true }
        return HeaderVocabulary.namesCard(HeaderVocabulary.cellWords(String(decoding: field, as: UTF8.self)))
    }

    /// A price followed by words that only say it is a loyalty card's (`£2.10 Clubcard Price`,
    /// `1,99 € s karticom`, `0,89 Lidl Plus`); nil for anything else (`£2.10 per kg`, `£1.50 off`).
    private func labelledCardPrice(_ field: UnsafeBufferPointer<UInt8>) -> NumberReader.Reading? {
        let cell = field.trimmingSpaces()
        guard let letter = cell.firstIndex(where: { $0 >= 0x41 && $0 <= 0x7A && Byte.isLetterByte($0) }),
              cell[..<letter].contains(where: Byte.isDigit), !cell[letter...].contains(where: Byte.isDigit),
              HeaderVocabulary.isCardLabel(String(decoding: UnsafeBufferPointer(rebasing: cell[letter...]), as: UTF8.self)),
              case .success(let reading) = salePrices.read(UnsafeBufferPointer(rebasing: cell[..<letter]).trimmingSpaces())
        else { return nil }
        return reading
    }

    /// A multi-buy deal in `field` (`Deal`), or nil when the cell is no deal: what the deal's
    /// packs cost, and at the `single` price (the regular price for as many), when the row gives
    /// one. A deal beside a count of packs reads two ways, and one reckoned from a single price
    /// (`2+1 gratis`) needs one: each is a problem naming the deal.
    private func deal(in field: UnsafeBufferPointer<UInt8>, single: NumberReader.Reading?, count: Bought)
        -> Result<TodaysPrice, RowProblem>? {
        let text = RowProblem.text(field.trimmingSpaces())
        switch DealReader(numbers: salePrices).read(field.trimmingSpaces()) {
        case nil:
            return nil
        case .failure(let failure)?:
            return .failure(.dealUnread(text: text, failure: failure))
        case .success(let deal)?:
            if count.packs > 1 || count.measured != nil { return .failure(.dealBesideCount(deal: text, count: count.multiplier.text)) }
            let single = single.flatMap { $0.value.isZero ? nil : $0 }
            guard let paid = deal.paid(single: single?.value) else {
                return .failure(deal.namesPrice ? .number(.price, text: text, failure: .tooManyDigits) : .dealWithoutSinglePrice(deal: text))
            }
            var currency = deal.currency ?? single?.currency
            if let price = single?.currency, let named = deal.currency, price != named {
                return .failure(.saleCurrencyDisagrees(price: price.code, sale: named.code))
            }
            if currency == nil { currency = single?.currency }
            let regular = single.flatMap { $0.value.times(deal.count) }
            return .success(TodaysPrice(price: NumberReader.Reading(value: paid, currency: currency, evidence: nil),
                                        regular: regular.flatMap { $0.compareValue(paid) == 0 ? nil : $0 }, deal: deal))
        }
    }

    /// What the row cost: its price column, or its count times its pack price; with both, they
    /// must agree within `priceTolerance`.
    private func price(_ fields: Fields, count: Bought) -> Result<NumberReader.Reading, RowProblem> {
        guard let packField = fields.packPriceField, !(fields.hasPriceColumn && packField.trimmingSpaces().isEmpty) else {
            // No pack price, or an empty one beside a price (a receipt's line of one item).
            return fields.price.mapError { .number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: $0) }
        }
        let packText = RowProblem.text(packField.trimmingSpaces())
        let pack: NumberReader.Reading
        switch packPrices.read(packField) {
        case .success(let reading): pack = reading
        case .failure(let failure): return .failure(.number(.packPrice, text: packText, failure: failure))
        }
        guard let expected = pack.value.timesExactly(count.multiplier) else {
            return .failure(.number(.packPrice, text: packText, failure: .tooManyDigits))
        }
        guard fields.hasPriceColumn else {
            return .success(NumberReader.Reading(value: expected, currency: pack.currency, evidence: nil))
        }
        let total: NumberReader.Reading
        switch fields.price {
        case .success(let reading): total = reading
        case .failure(let failure):
            return .failure(.number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: failure))
        }
        // A weighed item in a quantity column (`0,732 kg` beside `1,49`): its pack price is per
        // unit of its size, which the arithmetic confirms.
        var perUnitOfSize = false
        if !total.value.isWithin(Self.priceTolerance, of: expected), count.packs <= 1, count.measured == nil,
           case .success(let size) = fields.size, size.unit != nil, !size.bare,
           let weighed = pack.value.timesExactly(size.quantity), total.value.isWithin(Self.priceTolerance, of: weighed) {
            perUnitOfSize = true
        }
        guard perUnitOfSize || total.value.isWithin(Self.priceTolerance, of: expected) else {
            return .failure(.priceDisagrees(price: total.value.text, count: count.multiplier.text, packPrice: pack.value.text,
                                            expected: expected.text))
        }
        if let currency = total.currency ?? pack.currency, let other = pack.currency, currency != other {
            return .failure(.currenciesDisagree(price: currency.code, packPrice: other.code))
        }
        return .success(NumberReader.Reading(value: total.value, currency: total.currency ?? pack.currency, evidence: nil))
    }

    /// What a row's fields say, each read once: the name, the size, the unit as written, the
    /// price and the list, trimmed; the count and pack price as written. Valid only as long as
    /// the record.
    struct Fields {
        let name: UnsafeBufferPointer<UInt8>
        /// The quantity column's field, or nil when sizes come from names (or the unit column's,
        /// when that holds the size that reads two ways).
        var quantity: UnsafeBufferPointer<UInt8>?
        var size: Result<SizeReader.Size, SizeReader.Failure>
        /// The unit column's field, or the unit written after the size, when there is one.
        var unit: UnsafeBufferPointer<UInt8>?
        /// The unit column's field, trimmed, when the file has one.
        let unitColumn: UnsafeBufferPointer<UInt8>?
        let priceField: UnsafeBufferPointer<UInt8>
        let hasPriceColumn: Bool
        let price: Result<NumberReader.Reading, NumberReader.Failure>
        let list: UnsafeBufferPointer<UInt8>?
        /// The `--key` column's field, trimmed, when the file has one.
        let key: UnsafeBufferPointer<UInt8>?
        let count: UnsafeBufferPointer<UInt8>?
        let packPriceField: UnsafeBufferPointer<UInt8>?
        let salePriceField: UnsafeBufferPointer<UInt8>?
        let cardPriceField: UnsafeBufferPointer<UInt8>?

        var hasUnitColumn: Bool { unitColumn != nil }

        @inline(__always)
        init(_ record: CSVRecord, layout: ColumnLayout, sizes: SizeReader, prices: NumberReader, headerUnit: UnsafeBufferPointer<UInt8>? = nil) {
            @inline(__always)
            func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                index < record.count ? record[index] : UnsafeBufferPointer(start: nil, count: 0)
            }
            name = field(layout.name).trimmingSpaces().withoutFormulaGuard()
            let quantity = layout.quantity.map(field)
            self.quantity = quantity
            var size = if let quantity { sizes.read(quantity) } else { sizes.trailingSize(in: name) }
            let unitColumn = layout.unit.map(field)?.trimmingSpaces()
            self.unitColumn = unitColumn
            var sizeText = quantity ?? name
            // A unit column that holds the whole size (`1,5l`, `800g`, `3komad`) beside a
            // quantity that is empty or no number.
            if case .failure(.number(let failure)) = size, failure == .empty || failure == .notANumber,
               let unitColumn, case .success(let whole) = sizes.read(unitColumn), whole.unit != nil, !whole.bare {
                size = .success(whole)
                sizeText = unitColumn
            }
            self.size = size
            if case .success(let value) = size, let range = value.unit {
                unit = UnsafeBufferPointer(rebasing: sizeText[range])
            } else {
                unit = headerUnit ?? unitColumn
            }
            hasPriceColumn = layout.price != nil
            priceField = layout.price.map(field) ?? UnsafeBufferPointer(start: nil, count: 0)
            price = prices.read(priceField)
            list = layout.list.map(field)?.trimmingSpaces().withoutFormulaGuard()
            key = layout.key.map(field)?.trimmingSpaces().withoutFormulaGuard()
            count = layout.count.map(field)
            packPriceField = layout.packPrice.map(field)
            salePriceField = layout.salePrice.map(field)
            cardPriceField = layout.cardPrice.map(field)
        }
    }

    /// Everything wrong with a row that cannot be ranked, in the order a reader fixes them.
    private func problems(_ fields: Fields, bought: Result<Bought, RowProblem>?, size: Result<SizeReader.Size, SizeReader.Failure>,
                          unit: Int) -> [RowProblem] {
        let name = fields.name
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { RowProblem.text(bytes.trimmingSpaces()) }
        var problems: [RowProblem] = []
        if let list = fields.list, list.isEmpty { problems.append(.emptyList) }
        if let list = fields.list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }
        if let key = fields.key, !key.isValidUTF8 { problems.append(.keyNotUTF8) }
        if case .failure(let problem)? = bought { problems.append(problem) }
        let measured = (try? bought?.get())?.measured != nil

        // With sizes from the names (`--size-from-name`) the quantity is what the name ends with.
        let quantityText = fields.quantity.map(text) ?? text(name)
        let unitText = fields.unit.map(text) ?? ""
        var unitInSize = false
        switch size {
        case .success(let value) where measured:
            if value.quantity.isZero { problems.append(.notPositive(.count, text: fields.count.map(text) ?? "")) }
        case .failure(.noSize):
            if !name.isEmpty { problems.append(.noSizeInName) }
        case .failure(.number(let failure)):
            problems.append(.number(.quantity, text: quantityText, failure: failure))
        case .failure(.range):
            unitInSize = true
            problems.append(.sizeRange(text: quantityText))
        case .failure(.splitNumber):
            unitInSize = true
            problems.append(.sizeSplitNumber(text: quantityText))
        case .failure(.several):
            unitInSize = true
            problems.append(.severalSizes(text: quantityText))
        case .failure(.besideOtherSize(let quantity, let unitColumn)):
            unitInSize = true
            problems.append(.besideOtherSize(quantity: quantity, unitColumn: unitColumn))
        case .failure(.nutrient(let word)):
            unitInSize = true
            problems.append(.nutrientAmount(text: quantityText, word: word))
        case .failure(.basisOrBound(let word)):
            unitInSize = true
            problems.append(.sizeBasisOrBound(text: quantityText, word: word))
        case .success(let value) where value.bare && (unit < 0 || facts.itemsPerUnit[unit] == nil):
            unitInSize = true
            problems.append(.number(.quantity, text: quantityText, failure: .notANumber))
        case .success(let value) where fields.quantity == nil:
            // The size at the end of the name: say what is wrong with it, once.
            unitInSize = true
            if unit < 0 {
                problems.append(.unknownUnitInName(unit: unitText))
            } else if value.quantity.isZero {
                problems.append(.zeroSizeInName)
            }
        case .success(let value):
            unitInSize = value.unit != nil
            if value.quantity.isZero { problems.append(.notPositive(.quantity, text: quantityText)) }
            if unit < 0 && unitInSize {
                problems.append(.unknownUnitInQuantity(unit: unitText, quantity: quantityText))
            } else if unit < 0 && !fields.hasUnitColumn {
                // A count of packs, perhaps, when the name ends in a size (`Validator` says so once).
                let countsPacks = fields.count == nil && (try? sizes.trailingSize(in: name).get())?.unit != nil
                problems.append(.noUnit(quantity: quantityText, header: countsPacks ? quantityHeader : nil))
            }
        }
        if unit < 0 && !unitInSize && !measured && fields.hasUnitColumn && (fields.count == nil || fields.quantity != nil) {
            problems.append(unitText.isEmpty ? .emptyUnit : .unknownUnit(text: unitText))
        }
        if unit >= 0, !measured, case .success(let value) = size, !value.quantity.isZero, !isWholeIfCounted(value.quantity, unit: unit) {
            problems.append(.fractionalCount(size: value.quantity.text, unit: unitText))
        }
        if case .success(let value) = size, case .success(let count)? = bought, count.packs > 1, value.quantity.times(count.packs) == nil {
            problems.append(.number(.quantity, text: quantityText, failure: .tooManyDigits))
        }
        if let title = priceOfOneOrAll, case .success(let count)? = bought, count.packs > 1 || count.measured != nil {
            problems.append(.priceOfOneOrAll(price: text(fields.priceField), count: fields.count.map(text) ?? "", header: title))
        }
        let priced = todaysPrice(fields, count: (try? bought?.get()) ?? .packs(0))
        if ranksCardPrices, case .success(let today) = priced,
           case .failure(let problem) = cardPrice(fields, count: (try? bought?.get()) ?? .packs(0), priced: today) {
            problems.append(problem)
        }
        switch priced.map(\.price) {
        case .failure(let problem): problems.append(problem)
        case .success(let value) where value.value.isZero:
            let field = fields.hasPriceColumn ? fields.priceField : fields.packPriceField ?? fields.priceField
            problems.append(.notPositive(fields.hasPriceColumn ? .price : .packPrice, text: text(field)))
        case .success: break
        }
        return problems
    }
}

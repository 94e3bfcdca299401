/// Which column of a file is which, decided once from its header and, when there are any, its
/// first records: the user's `--column` first, then a header that is a field's own name
/// (`price`), then what each header's words say (`HeaderRole`), then what the values say where
/// the words do not decide (a column of sizes, of prices, of product codes; names that end in
/// sizes; figures that are the price over the size). Every column gets a role and the reason
/// for it, which `per inspect` prints and the file's reading line sums up.
struct ColumnRoles: Sendable {
    /// Each column's role, and why.
    private(set) var columns: [ColumnReading]
    /// Whether sizes come from the ends of the names, and why, when no column has them.
    private(set) var sizesFromNames: String?
    /// What stated unit prices without a basis of their own are per, by dimension, when the
    /// header or the figures say (`cijena za jedinicu mjere` per kg needs none; Hammer's bare
    /// figures per 100 g do).
    private(set) var statedPer: [Dimension: StatedBasis] = [:]
    private(set) var statedPerWhy: String?
    /// Whether the list column holds a shop's categories (`kategorija`, `department`), not lists a
    /// person made (`list`).
    private(set) var listIsCategory = false
    /// Whether the key is a product-code column the header names, taken without `--key`.
    private(set) var keyByDefault = false
    /// How the reading fared against the file's rows, and the best other, when readings were
    /// weighed (`ReadingChooser`); nil when the header's reading was taken as it is.
    var reading: ReadingEvidence?
    let layout: ColumnLayout

    /// Decides the roles of a header's columns; `records` are the first data records (empty when
    /// the header is all there is to go by). Throws, naming the file and line, when a field per
    /// needs has no column, or two columns are one field equally well.
    ///
    /// `assumed` is a reading per tries against the rows (`ReadingChooser`): its columns are
    /// taken as the user's would be, after them, each saying it is per's. `profiles` are the
    /// records' `ColumnValues`, and `heard` what the header's words say, when the caller has
    /// them already (they depend on the header and the records alone).
    init(header: [String], records: [[[UInt8]]], options: SheetOptions, quantityNumbers: NumberReader, file: String,
         line: Int, assumed: ReadingHypothesis = .header, profiles given: [ColumnValues]? = nil, heard: HeaderReading? = nil) throws(InputError) {
        let units = options.units
        // A sample of the first records is enough to see what each column holds.
        let records = Array(records.prefix(ColumnValues.sampleLimit))
        let heard = heard ?? HeaderReading(header, units: units)
        let words = heard.words
        let keys = heard.keys
        let found = header.map(\.trimmingSpaces).filter { !$0.isEmpty }
        let profiles = given ?? (records.isEmpty ? nil : ColumnValues.profiles(of: records, columns: header.count, units: units))
        let sizeFromName = options.sizeFromName || assumed.sizesFromNames
        var readings = header.indices.map { ColumnReading(index: $0, header: header[$0].trimmingSpaces, role: .unused, why: "") }
        var chosen: [ColumnLayout.Field: Int] = [:]
        var taken = Set<Int>()
        func choose(_ field: ColumnLayout.Field, _ index: Int, _ why: String) {
            chosen[field] = index
            taken.insert(index)
            readings[index].role = .field(field)
            readings[index].why = why
        }

        // 1. The user's mapping; an empty header means "no such column".
        for (field, title) in options.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !ColumnLayout.key(title).isEmpty {
            let matches = keys.indices.filter { keys[$0] == ColumnLayout.key(title) }
            guard let index = matches.first else {
                // A file without the shop's stated unit price states none; a run may mix shops.
                // Nor does one without the key column: its products have no key (`SheetFile` notes it).
                if field == .statedUnitPrice || field == .statedPer || field == .key { continue }
                let option = options.columnOptions[field].map { "\($0) \(title)" } ?? InputError.option(naming: field.rawValue, title)
                throw InputError(file: file, line: line, .unknownColumn(field: field.rawValue, header: title, found: found, option: option))
            }
            if matches.count > 1 {
                throw InputError(file: file, line: line, .duplicateColumn(name: title.trimmingSpaces, first: matches[0] + 1, second: matches[1] + 1))
            }
            choose(field, index, InputError.option(naming: field.rawValue, FormatSniffer.shellWord(header[index].trimmingSpaces)))
        }
        // Then the reading per tries, where the user named nothing.
        for (field, index) in assumed.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where options.columns[field] == nil && !taken.contains(index) && index < header.count {
            choose(field, index, Self.byTheRows)
        }
        let mapped = { (field: ColumnLayout.Field) in options.columns[field] != nil || assumed.fixes(field) }

        // 2. What each header says: a field's own name, else its words.
        var roles = heard.roles
        for index in header.indices where !taken.contains(index) {
            guard let role = roles[index] else { continue }
            readings[index].role = role.role
            readings[index].why = role.strength == 4 ? "its header is the field's name" : "its header's words (\(Self.shown(words[index])))"
        }

        // 3. What the values say against the words: a "price" of letters (`A` for a sale) is
        // no price; a unit column of whole sizes is the size when nothing else is.
        if let profiles {
            for index in header.indices where !taken.contains(index) {
                let values = profiles[index]
                // A list column empty on every record looked at (a scraper's `category` it never
                // filled) names no list: read, it rejected every row ("the list name is empty").
                if values.filled == 0, records.count >= ReadingChooser.minimumRows, let role = roles[index], role.role == .field(.list) {
                    roles[index] = nil
                    readings[index].role = .unused
                    readings[index].why = "its header's words, but its values are all empty (\(records.count) of \(records.count) records)"
                    continue
                }
                // A header that is the field's own name is taken at its word.
                guard values.filled >= 1, let role = roles[index], role.strength < 4, case .field(let field) = role.role else { continue }
                switch field {
                case .price, .salePrice, .packPrice, .cardPrice, .statedUnitPrice:
                    // A stated figure may carry its basis (`$2.67/100g`): digits are enough. A
                    // column with no number at all (`A` for a sale) is none; a few `n/a`s are
                    // rows of it that do not read.
                    // So may a card price (`£2.10 Clubcard Price`).
                    let numbers = field == .statedUnitPrice || field == .cardPrice ? values.withDigits : values.numbers + values.deals
                    guard numbers == 0 else { break }
                    roles[index] = nil
                    readings[index].role = field == .salePrice ? .marker : .unused
                    readings[index].why = "its values are not prices (\(values.numbers) of \(values.filled) are numbers)"
                case .name where values.filled >= 2 && values.withLetters * 2 < values.filled:
                    // `Item #` of product codes: no names.
                    roles[index] = nil
                    readings[index].role = values.percent(values.codes + values.numbers) >= 50 ? .code : .unused
                    readings[index].why = "its header's words, but its values are no names (\(values.withLetters) of \(values.filled) have letters)"
                case .quantity where values.filled >= 2 && values.numbers + values.sizes == 0 && values.texts > 0:
                    roles[index] = nil
                    readings[index].role = .unused
                    readings[index].why = "its values are no sizes"
                default: break
                }
            }
        }

        // 4. Each field's best column by its header; two equally good ones are decided by their
        // values, else refused as ambiguous.
        let order: [ColumnLayout.Field] = [.name, .quantity, .unit, .price, .list, .count, .packPrice, .salePrice, .cardPrice, .statedUnitPrice,
                                           .statedPer]
        for field in order where !mapped(field) && chosen[field] == nil {
            let candidates = header.indices.filter { !taken.contains($0) && roles[$0]?.role == .field(field) }
            guard !candidates.isEmpty else { continue }
            let best = candidates.map { roles[$0]!.strength }.max()!
            var top = candidates.filter { roles[$0]!.strength == best }
            if top.count > 1 && best == 4 {
                throw InputError(file: file, line: line, .duplicateColumn(name: field.rawValue, first: top[0] + 1, second: top[1] + 1))
            }
            if field == .price, !mapped(.packPrice), !mapped(.salePrice), let pair = Self.totalBesidePrice(candidates, roles) {
                choose(.price, pair.total, readings[pair.total].why + ", a line total")
                choose(.packPrice, pair.price, readings[pair.price].why + ": one pack's price, beside a line total")
                continue
            }
            // A regular price beside another (`regular_price` and `price_now`, `was_price` and
            // `price`): the regular one is the price, the other what is paid today, a sale when
            // it is less. Not when a column is the sale price by its own words.
            let saleByWords = header.indices.contains { roles[$0]?.role == .field(.salePrice) }
            if field == .price, !mapped(.salePrice), chosen[.salePrice] == nil, !saleByWords,
               let regular = candidates.first(where: { roles[$0]!.regular }),
               case let others = candidates.filter({ $0 != regular && !roles[$0]!.regular }), others.count == 1,
               let current = others.first {
                choose(.price, regular, readings[regular].why + ": the regular price")
                choose(.salePrice, current, readings[current].why + ": today's price, beside the regular one (a sale when it is less)")
                continue
            }
            // Of two prices, one may be a unit price (Hammer's `price_in_dollars`, the price per
            // 100 g, beside `current_price`): its figures are the other's over the size.
            if field == .price, top.count > 1, !records.isEmpty {
                let sizeOf = Self.sizeReader(chosen: chosen, header: words, units: units, numbers: quantityNumbers,
                                             fromNames: chosen[.quantity] == nil)
                let unitPrices = top.filter { figure in
                    top.contains { price in
                        price != figure && StatedEvidence(column: figure, price: price, sizes: sizeOf, records: records,
                                                          numbers: NumberReader(forced: options.decimalMark, likely: quantityNumbers.likely,
                                                                                allowsCurrency: true)).isUnitPrice
                    }
                }
                if unitPrices.count < top.count {
                    for index in unitPrices {
                        roles[index] = nil
                        readings[index].role = .unused
                        readings[index].why = "its values, the price over the size on most of the first rows: a unit price, not read"
                    }
                    top.removeAll { unitPrices.contains($0) }
                }
            }
            if top.count > 1, let profiles {
                top = Self.bestByValues(top, field: field, profiles: profiles)
            }
            guard top.count == 1 else {
                throw InputError(file: file, line: line, .ambiguousColumn(field: field.rawValue, headers: top.map { header[$0].trimmingSpaces }))
            }
            choose(field, top[0], readings[top[0]].why)
            // The others of the field are left, said so.
            for other in candidates where other != top[0] {
                readings[other].role = .unused
                readings[other].why += ", but \"\(header[top[0]].trimmingSpaces)\" is the \(field.rawValue)"
            }
        }
        // A field the user named a column for is read from that column alone: another whose
        // header names the field is not read, and said so (the reading line and `per inspect`
        // would otherwise name it).
        for index in header.indices where !taken.contains(index) {
            if case .field(let field) = readings[index].role, mapped(field), let named = chosen[field] {
                readings[index].role = .unused
                readings[index].why += ", but \"\(header[named].trimmingSpaces)\" is the \(field.rawValue)"
            } else if case .field(let field) = readings[index].role, assumed.without.contains(field) || (field == .quantity && assumed.sizesFromNames) {
                readings[index].role = .unused
                readings[index].why += field == .quantity ? ", but the reading the rows support takes sizes from the names"
                    : ", but the reading the rows support has no \(field.rawValue) column"
            }
        }

        // A "unit" column of sizes (`1L`, `100G`) beside a size column that writes its own
        // units is no unit column: it says what the shop's stated unit price is per, when there
        // is one (Woolworths' `unit_measure`).
        if let unit = chosen[.unit], let quantity = chosen[.quantity], !mapped(.unit), let profiles, (roles[unit]?.strength ?? 4) < 4,
           header.indices.contains(where: { roles[$0]?.role == .field(.statedUnitPrice) }), chosen[.statedPer] == nil, !mapped(.statedPer),
           profiles[unit].percent(profiles[unit].sizes) >= 50, profiles[quantity].percent(profiles[quantity].sizes) >= 50 {
            chosen[.unit] = nil
            taken.remove(unit)
            choose(.statedPer, unit, readings[unit].why + " and its values, amounts of a unit beside a size column that writes its units")
        }

        // A unit column that holds sizes is the size when no column is.
        if chosen[.quantity] == nil, !mapped(.quantity), !sizeFromName, let unit = chosen[.unit], let profiles,
           profiles[unit].percent(profiles[unit].sizes) >= 50 {
            chosen[.unit] = nil
            choose(.quantity, unit, readings[unit].why + " and its values, which are sizes (\(profiles[unit].sizes) of \(profiles[unit].filled))")
        }

        // 5. Fields still missing, from the values of columns no header claimed.
        let free = { (index: Int) in !taken.contains(index) && (readings[index].role == .unused) }
        if chosen[.name] == nil, !mapped(.name), let profiles,
           let index = header.indices.filter({ free($0) && profiles[$0].percent(profiles[$0].texts) >= 80 })
               .max(by: { (profiles[$0].distinct, profiles[$0].meanTextLength) < (profiles[$1].distinct, profiles[$1].meanTextLength) }) {
            choose(.name, index, "its values, the most varied text (\(profiles[index].distinct) different)")
        }
        if chosen[.quantity] == nil, !mapped(.quantity), !sizeFromName, let profiles,
           let index = header.indices.first(where: { free($0) && profiles[$0].filled >= 2 && profiles[$0].percent(profiles[$0].sizes) >= 80 }) {
            choose(.quantity, index, "its values, which are sizes (\(profiles[index].sizes) of \(profiles[index].filled))")
        }
        if chosen[.price] == nil && chosen[.packPrice] == nil && chosen[.salePrice] == nil, !mapped(.price), let profiles {
            let prices = header.indices.filter {
                free($0) && profiles[$0].filled >= 2 && profiles[$0].percent(profiles[$0].numbers) >= 90
                    && profiles[$0].percent(profiles[$0].decimals) >= 50
            }
            if prices.count == 1 {
                choose(.price, prices[0], "its values, which are prices (\(profiles[prices[0]].decimals) of \(profiles[prices[0]].filled))")
            }
        }

        // Sizes from names: asked for, or a count column with no quantity (a receipt), or no
        // size column and names that end in sizes.
        var sizesFromNames: String?
        if sizeFromName && options.columns[.quantity] == nil && assumed.columns[.quantity] == nil {
            sizesFromNames = options.sizeFromName ? "--size-from-name" : Self.byTheRows
            if let quantity = chosen[.quantity] {
                chosen[.quantity] = nil
                readings[quantity].role = .unused
                readings[quantity].why += ", not read: --size-from-name"
            }
        } else if chosen[.quantity] == nil && chosen[.count] != nil {
            sizesFromNames = Self.receiptNames
        } else if chosen[.quantity] == nil, !mapped(.quantity), let name = chosen[.name], !records.isEmpty {
            let sized = Self.namesEndingInSizes(records, name: name, reader: SizeReader(numbers: quantityNumbers), units: units)
            // Even a few (a web shop's listing where most names carry no size): the rest are
            // rejected, each saying its name has no size, and the reading line says so.
            if sized * 50 >= records.count, sized > 0 {
                sizesFromNames = "no size column, and \(sized) of the first \(records.count) names end in a size"
            }
        }

        // 6. The shop's stated unit price: its basis from its header (`per kg`), else from its
        // figures (the price over the size on most rows); a column no header claimed whose
        // figures are the price over the size on most rows is one too.
        let sizeOf = Self.sizeReader(chosen: chosen, header: words, units: units, numbers: quantityNumbers,
                                     fromNames: sizesFromNames != nil)
        let priceColumn = chosen[.price] ?? chosen[.salePrice] ?? chosen[.packPrice]
        if let stated = chosen[.statedUnitPrice], !mapped(.statedPer) {
            if !words[stated].bases.isEmpty {
                // Each basis the header names, one per dimension (`je 100 g/100 ml`, `za kg/l`).
                var said: [String] = []
                for per in words[stated].bases {
                    guard let basis = units.amount(per.amount + " " + per.unit) else { continue }
                    let dimension = units[basis.unit].dimension
                    guard statedPer[dimension] == nil else { continue }
                    statedPer[dimension] = StatedBasis(amount: basis.amount, unit: basis.unit)
                    said.append("per \(per.amount == "1" ? "" : per.amount + " ")\(per.unit)")
                }
                statedPerWhy = said.isEmpty ? nil : said.joined(separator: " or ") + ", as its header says"
            } else if let priceColumn, !records.isEmpty {
                let numbers = NumberReader(forced: options.decimalMark, likely: quantityNumbers.likely, allowsCurrency: true)
                let evidence = StatedEvidence(column: stated, price: priceColumn, sizes: sizeOf, records: records, numbers: numbers)
                if evidence.rows >= 3 && evidence.agreeingPercent < 20 && !mapped(.statedUnitPrice) {
                    // Figures of a "unit price" that are not the price over the size on any
                    // basis: a receipt's price of one item (the price itself on most rows), or
                    // something else (`Compare At Price`). Not the shop's unit price.
                    chosen[.statedUnitPrice] = nil
                    taken.remove(stated)
                    let onePack = StatedEvidence.samePercent(column: stated, as: priceColumn, records: records, numbers: numbers) >= 50
                    if onePack && chosen[.count] != nil && chosen[.packPrice] == nil && !mapped(.packPrice) {
                        choose(.packPrice, stated, readings[stated].why + ", but its figures are one item's price beside a count")
                    } else {
                        readings[stated].role = .unused
                        readings[stated].why += ", but its figures are not the price over the size (\(evidence.agreeingPercent)% of the first rows)"
                    }
                } else {
                    (statedPer, statedPerWhy) = Self.bases(from: evidence, units: units)
                }
            }
        } else if chosen[.statedUnitPrice] == nil, !mapped(.statedUnitPrice), let priceColumn, let profiles {
            for index in header.indices where readings[index].role == .unused || readings[index].role == .field(.price) && !taken.contains(index) {
                guard !taken.contains(index), profiles[index].filled >= 3, profiles[index].percent(profiles[index].numbers) >= 90 else { continue }
                let evidence = StatedEvidence(column: index, price: priceColumn, sizes: sizeOf, records: records,
                                              numbers: NumberReader(forced: options.decimalMark, likely: quantityNumbers.likely, allowsCurrency: true))
                guard evidence.isUnitPrice else { continue }
                choose(.statedUnitPrice, index, "its values, the price over the size on \(evidence.agreeingPercent)% of the first rows")
                (statedPer, statedPerWhy) = Self.bases(from: evidence, units: units)
                break
            }
        }
        // Columns no header claimed that look like product codes or a shop's categories: said
        // (`per inspect`), not read.
        if let profiles {
            for index in header.indices where readings[index].role == .unused && readings[index].why.isEmpty {
                let values = profiles[index]
                guard values.filled >= 3 else { continue }
                if values.percent(values.codes) >= 90 {
                    readings[index].role = .code
                    readings[index].why = "its values, product codes (\(values.codes) of \(values.filled))"
                } else if values.filled >= 20, values.percent(values.texts) >= 90, values.distinct >= 2, values.distinct <= 30,
                          values.distinct * 4 <= values.filled {
                    readings[index].role = .category
                    readings[index].why = "its values, \(values.distinct) texts over \(values.filled) rows"
                }
            }
        }

        // A product code the header names is the key by default (`--key none`: no key).
        if !mapped(.key), let index = Self.defaultKey(header: header, words: words, roles: roles, taken: taken, profiles: profiles,
                                                       prefersBarcode: options.keyPrefersBarcode) {
            choose(.key, index, "its header's words (\(Self.shown(words[index]))), a product code: the key by default")
            keyByDefault = true
        }

        // What is left unread says so.
        for index in header.indices where readings[index].why.isEmpty {
            readings[index].why = header[index].trimmingSpaces.isEmpty ? "no header" : "nothing per knows"
        }

        // 7. Fields per needs.
        var missing: [ColumnLayout.Field] = []
        if chosen[.name] == nil { missing.append(.name) }
        if chosen[.quantity] == nil && sizesFromNames == nil { missing.append(.quantity) }
        if chosen[.price] == nil && chosen[.packPrice] == nil && chosen[.salePrice] == nil { missing.append(.price) }
        guard missing.isEmpty, let name = chosen[.name] else {
            // `--column name=price`: the missing field's own column is taken by a mapping.
            for field in missing {
                if let index = keys.firstIndex(of: ColumnLayout.key(field.rawValue)),
                   let other = chosen.first(where: { $0.value == index && options.columns[$0.key] != nil })?.key {
                    throw InputError(file: file, line: line, .columnMappedElsewhere(field: field.rawValue, header: header[index].trimmingSpaces,
                                                                                    mappedTo: other.rawValue))
                }
            }
            // A JSON report (`per report --format json`) opens with a brace on a line of its own.
            if header.count == 1, header[0].trimmingSpaces == "{" { throw InputError(file: file, line: line, .jsonReport) }
            throw InputError(file: file, line: line, .missingColumns(missing: missing.map(\.rawValue), found: found,
                                                                     fix: Self.fix(for: missing, header: header, readings: readings, profiles: profiles,
                                                                                   records: records, chosen: chosen, units: units,
                                                                                   numbers: quantityNumbers)))
        }
        // A file without a header: its first row read as one would lose that row and name the
        // columns after its values (a price column headed `1.00` beside a size column headed `1 l`).
        // Whoever reads the columns, the header's reading or one tried against the rows
        // (`assumed`): only the user's mapping says the first line is a header.
        if options.columns[.price] == nil, options.columns[.quantity] == nil, let price = chosen[.price], let quantity = chosen[.quantity],
           case let priceHeader = Array(header[price].trimmingSpaces.utf8),
           case .success(let figure) = priceHeader.withUnsafeBufferPointer({ NumberReader(likely: .point, allowsCurrency: true).read($0) }),
           !figure.value.isZero, header[quantity].trimmingSpaces.first?.isNumber == true {
            throw InputError(file: file, line: line, .headerIsData(fields: header.map(\.trimmingSpaces)))
        }
        if let list = chosen[.list] {
            listIsCategory = words[list].words.contains { HeaderVocabulary.concepts(of: $0).contains(.category) }
        }
        self.columns = readings
        self.sizesFromNames = sizesFromNames
        var layout = ColumnLayout(name: name, fieldCount: header.count, endsWithEmptyField: header.count > 1 && header[header.count - 1].trimmingSpaces.isEmpty)
        layout.quantity = sizesFromNames == nil ? chosen[.quantity] : nil
        layout.unit = chosen[.unit]
        layout.price = chosen[.price]
        layout.list = chosen[.list]
        layout.count = chosen[.count]
        layout.packPrice = chosen[.packPrice]
        layout.salePrice = chosen[.salePrice]
        layout.cardPrice = chosen[.cardPrice]
        layout.statedUnitPrice = chosen[.statedUnitPrice]
        layout.statedPer = chosen[.statedPer]
        layout.key = chosen[.key]
        if options.readsReferencePrices {
            layout.readsReferencePrices = true
            // A price for reference is the 30-day low when its words say lowest, the anchor
            // when they say anchor or date it (`MPC_020525`); a `was_unit_price` is neither.
            for index in readings.indices where readings[index].role == .referencePrice {
                let has = { (concept: HeaderVocabulary.Concept) in words[index].words.contains { HeaderVocabulary.concepts(of: $0).contains(concept) } }
                if has(.lowest) {
                    layout.lowestPrice = layout.lowestPrice ?? index
                } else if has(.anchor) || HeaderVocabulary.isDated(words[index].words) {
                    layout.anchorPrice = layout.anchorPrice ?? index
                }
            }
        }
        // A unit the quantity's header names wins over a unit column per found (Kaufland's
        // `jedinica mjere` says `KOM` beside a `neto količina(KG)`), not over one the user named.
        if let quantity = layout.quantity, let unit = words[quantity].unit, !mapped(.unit) { layout.quantityUnit = unit }
        if let unit = layout.unit, layout.quantity != nil, let profiles, profiles[unit].percent(profiles[unit].sizes) >= 50 {
            layout.unitHoldsSizes = true
            readings[unit].why += ", holding whole sizes beside the size column's numbers"
            columns = readings
        }
        // A file of which none of the first records names a size skips the name check on every row.
        if !records.isEmpty {
            layout.namesHoldSizes = records.contains { record in
                name < record.count && record[name].withUnsafeBufferPointer { SizeReader.mayHoldSize($0) }
            }
        }
        self.layout = layout
    }

    /// What a header's titles say, before any value is looked at: each title's words, its key
    /// (`ColumnLayout.key`), and the role its words give it (a field's own name first).
    struct HeaderReading: Sendable {
        let words: [HeaderWords]
        let keys: [String]
        let roles: [HeaderRole?]

        init(_ header: [String], units: UnitTable) {
            let words = header.map { HeaderWords($0, units: units) }
            let keys = header.map(ColumnLayout.key)
            self.words = words
            self.keys = keys
            roles = header.indices.map { index in
                if let field = ColumnLayout.Field.allCases.first(where: { keys[index] == ColumnLayout.key($0.rawValue) }) {
                    // `key` is never taken by itself: a product code, read with --key.
                    return field == .key ? HeaderRole(.code, 4) : HeaderRole(.field(field), 4)
                }
                return HeaderRole(words[index])
            }
        }
    }

    /// For a quantity column the sniffer found to count packs (`FormatSniffer.quantityCountsPacks`),
    /// read again with it as the count: says why, as per's own reading, not an option given.
    mutating func sayCountsPacks(_ column: Int) {
        columns[column].why = "its values, whole numbers beside names that end in sizes (a receipt's count)"
        sizesFromNames = Self.receiptNames
    }

    /// Why a column is read as a reading tried against the rows says (`ReadingChooser`); the
    /// reading line says which reading, and how it scored.
    static let byTheRows = "by the rows' evidence"

    /// Why sizes come from names in a receipt: per's rule, not a guess.
    static let receiptNames = "a count column and no size column (a receipt)"
    var namesBecauseReceipt: String { Self.receiptNames }

    /// A header's words as the reason shows them.
    private static func shown(_ words: HeaderWords) -> String {
        var parts = words.words
        if let unit = words.unit { parts.append("unit \(unit)") }
        if let currency = words.currency { parts.append("currency \(currency)") }
        if let per = words.per { parts.append("per \(per.amount == "1" ? "" : per.amount + " ")\(per.unit)") }
        return parts.joined(separator: ", ")
    }
}

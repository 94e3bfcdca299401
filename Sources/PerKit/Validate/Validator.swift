/// Validation: reads price sheets (`PriceSheetReader`), has each row judged by `RowRules` on
/// the thread that read it (`JudgedRows`), and takes the judged rows in input order, applying
/// the rules that depend on the rows before (`ListRules`, the run's limits). Every row ends
/// as exactly one of product, mismatch or rejection, and the counts add up.
///
///     let validator = Validator(files: files, options: options)
///     let errors = validator.read()
///     let sheet = validator.finish()
public final class Validator: RecordSink {
    private let files: [InputFile]
    private let options: SheetOptions
    /// Each unit's dimension, by unit index (a `UnitDefinition` is too big to copy per row).
    private let dimensions: [Dimension]
    private let limits: RunLimits

    private var lists: ListRules
    private let names = ByteStorage()
    /// The unit spellings of the run's products and mismatches.
    private var spellings: UnitSpellings
    private var products = GrowableBuffer<Product>()
    private var frozenProducts: FrozenBuffer<Product>?
    private var mismatches: [Mismatch] = []
    private var rejections: [Rejection] = []
    private var fileCounts: [RowCounts]
    private var headers: [[String]?]
    /// The file begun last, whose rows are being taken.
    private var currentFile = 0
    /// Whether that file ranks each dimension of a list apart, and whether by per's own decision.
    private var currentSplits = false
    private var currentSplitsByItself = false
    /// Each file's reading plan, once its header is read.
    private var plans: [ReadingPlan?]
    private var readsReceipts = false
    private var notes: [Diagnostic] = []
    private var notProducts: [NotAProduct] = []
    /// The product a discount on the next line would be taken off: the row right above was it
    /// (or a discount taken off it); nil otherwise.
    private var discountable: Int?
    private var readsCardPrices = false
    /// The title of the key column of the file begun last, when it has one.
    private var currentKeyHeader: String?
    /// Rows counted per file, to be said once per file (`RowTallies`).
    private var tallies = RowTallies()
    private var readsSalePrices = false
    /// While taking a batch: its unit spellings as the run's.
    private var batchSpellings = IDMap()
    /// Each ranked product's flags, key and details, by product index.
    private var facts = ProductFacts()
    /// Bytes of text kept so far: names, and the records and reasons of rows not ranked.
    private var keptBytes = 0

    public init(files: [InputFile], options: SheetOptions = SheetOptions()) {
        self.files = files
        self.options = options
        dimensions = options.units.units.map(\.dimension)
        limits = options.runLimits
        lists = ListRules(maxLists: options.runLimits.maxLists)
        spellings = UnitSpellings(units: options.units)
        fileCounts = Array(repeating: RowCounts(), count: files.count)
        headers = Array(repeating: nil, count: files.count)
        plans = Array(repeating: nil, count: files.count)
        facts.statedUnreadable = Array(repeating: 0, count: files.count)
        facts.refinesSizes = options.refinesSizes
        // Room for as many products as the files could hold (a row takes at least 24 bytes in
        // practice): reserved, not touched, so it costs address space, not memory, and the
        // array never copies itself while growing.
        let bytes = files.reduce(0) { total, file in total + (file.size ?? 0) }
        products.reserve(min(bytes / 24, options.runLimits.maxProducts))
        facts.flags.reserveCapacity(min(bytes / 24, options.runLimits.maxProducts))
    }

    /// Reads every file, in order. A file that fails stops there and the next one is read, so
    /// one run names every broken file; their errors come back in file order, and a run with
    /// any has no report. `progress` hears, as files are read, which file and how many of its
    /// bytes so far.
    public func read(progress: ((_ file: Int, _ bytesRead: Int) -> Void)? = nil) -> [InputError] {
        PriceSheetReader(options: options).read(files, into: self, progress: progress)
    }

    /// Rows taken so far, for progress.
    public var rowsSoFar: Int { fileCounts.reduce(0) { $0 + $1.rows } }

    /// Ends validation and hands over everything it sorted.
    public func finish() -> ValidatedSheet {
        // The products' memory goes to the sheet, once; rows are not taken after this.
        let frozen = frozenProducts ?? FrozenBuffer(products.takeAll())
        frozenProducts = frozen
        var notes = self.notes
        notes += tallies.notes(files: files, keyUse: options.keyUse)
        let (finishedLists, renamed) = lists.finishedLists()
        // Each file's reading line first: what per inferred, the split by dimension only when it
        // split a list.
        let splitMattered = lists.splitAnyListByItself
        notes = Self.readingLines(plans.compactMap { plan in plan?.summary(splitMattered: splitMattered).map { (plan!.file, $0) } }) + notes
        var mismatches = self.mismatches
        if !renamed.isEmpty {
            for index in mismatches.indices { if let name = renamed[mismatches[index].list] { mismatches[index].list = name } }
        }
        return ValidatedSheet(
            files: files, headers: headers, units: options.units, factors: options.units.units.map(\.factor), names: names,
            lists: finishedLists, spellings: spellings.interner, products: frozen,
            mismatches: mismatches, rejections: rejections, notProducts: notProducts, readsCardPrices: readsCardPrices,
            ranksCardPrices: options.ranksCardPrices, readsSalePrices: readsSalePrices, fileCounts: fileCounts,
            readsReceipts: readsReceipts, notes: notes, facts: facts)
    }

    /// Each file's reading line, files read alike said once (`weeks/a.csv and 52 more files:
    /// ';'-separated`), in the order of their first file.
    static func readingLines(_ lines: [(file: String, summary: String)]) -> [Diagnostic] {
        Diagnostic.grouped(lines.map { Diagnostic(.note, file: $0.file, $0.summary) })
    }

    // MARK: - Taking judged rows, in input order

    /// Readings of a file are scored by the rules its rows are judged by.
    var judge: (any ReadingJudge)? { RowRulesJudge(options: options) }

    func makeWork() -> JudgedRows {
        JudgedRows(units: options.units, listFromName: options.listFromName, receipts: options.receipts,
                   refinesSizes: options.refinesSizes, ranksCardPrices: options.ranksCardPrices, statedPer: options.statedPer)
    }

    func begin(_ file: SheetFile) {
        currentFile = file.index
        currentKeyHeader = nil
        discountable = nil
        headers[file.index] = file.header
        let plan = ReadingPlan(file: file, options: options)
        plans[file.index] = plan
        currentSplits = plan.splitsDimensions
        currentSplitsByItself = options.splitDimensions == nil
        if file.layout.readsAsReceipt(asked: options.receipts) { readsReceipts = true }
        if file.layout.salePrice != nil { readsSalePrices = true }
        if file.layout.cardPrice != nil {
            readsCardPrices = true
            // Ranked at the card price, a product shows the shelf price as its regular one.
            if options.ranksCardPrices { readsSalePrices = true }
        }
        if file.layout.statedUnitPrice != nil { facts.readsStatedPrices = true }
        if let header = options.columns[.key], !ColumnLayout.key(header).isEmpty, file.layout.key == nil {
            notes.append(Diagnostic(.note, file: file.input.messageName, "has no column \"\(header)\" (--key): its products have no key, and "
                                        + options.keyUse.withoutKey("them")))
        } else if let column = file.layout.key {
            // A key column named, or one per took by default.
            if facts.keys == nil {
                facts.keys = ProductKeys()
                facts.keys!.appendNone(products.count)
            }
            currentKeyHeader = file.header[column].trimmingSpaces
        }
    }

    func take(_ judged: JudgedRows, records: RecordBatch, from first: Int, to stop: Int, lineBase: Int) throws {
        lists.beginBatch(listCount: judged.lists.count, splits: currentSplits, byItself: currentSplitsByItself)
        batchSpellings.reset(count: judged.spellings.count)
        // Names are copied in runs (a candidate that is no product leaves its name out).
        var names = NameRuns(judged.names.buffer, into: self.names)
        defer { names.flush() }
        let candidates = judged.candidates.buffer
        let others = judged.others.buffer
        var position = first
        var next = 0
        for index in 0...others.count {
            let end = min(index < others.count ? Int(others[index]) : records.count, stop)
            while position < end {
                try take(candidates[next], index: next, of: judged, at: position, in: records, lineBase: lineBase, names: &names)
                next += 1
                position += 1
            }
            guard index < others.count, position < stop else { break }
            switch judged.otherKinds[index] {
            case .blank:
                break  // no row; a discount below still belongs to the item above
            case .rejected(let problems):
                try reject(records.record(at: position), lineBase: lineBase, problems)
            case .notAProduct(let kind):
                let record = records.record(at: position)
                try notAProduct(kind, reason: NotAProduct.reason(for: kind), line: record.line + lineBase)
            case .discount(let amount, let percent):
                try discount(amount, percent: percent, record: records.record(at: position), lineBase: lineBase)
            }
            position += 1
        }
    }

    /// A candidate as a product or a mismatch, by the rows before it.
    @inline(__always)
    private func take(_ candidate: JudgedRows.CompactCandidate, index: Int, of judged: JudgedRows, at position: Int, in records: RecordBatch,
                      lineBase: Int, names: inout NameRuns) throws {
        var product = candidate.product
        let file = Int(product.file)
        let line = records.line(at: position) + lineBase
        try checkLimits(file: file, line: line)
        fileCounts[file].rows += 1
        let dimension = dimensions[Int(product.unit)]
        guard let list = lists.list(batchList: Int(product.list), named: judged.lists.buffer(of: Int(product.list)),
                                    shown: judged.shownName(ofList: Int(product.list), dimension: dimension), dimension: dimension,
                                    currency: candidate.currency) else {
            throw limit(file: file, line: line, "lists", limits.maxLists)
        }
        if let kind = lists.fit(dimension: dimension, currency: candidate.currency, in: list) {
            discountable = nil
            fileCounts[file].mismatched += 1
            keptBytes += records.record(at: position).byteCount + Int(product.nameLength)
            mismatches.append(Mismatch(
                list: lists.lists[list].name, name: String(decoding: judged.name(of: product), as: UTF8.self),
                unit: judged.spellings.string(of: Int(product.spelling)), kind: kind,
                source: SourceLocation(file: file, line: line), record: RawRecord(records.record(at: position))))
            return
        }
        fileCounts[file].ranked += 1
        guard line <= RunLimits.maxLine else { throw limit(file: file, line: line, "lines in one file", RunLimits.maxLine) }
        let spelling: Int
        if let known = batchSpellings[Int(product.spelling)] {
            spelling = known
        } else {
            spelling = spellings.id(judged.spellings.bytes(of: Int(product.spelling)))
            batchSpellings[Int(product.spelling)] = spelling
        }
        product.nameStart = names.take(from: product.nameStart, count: Int(product.nameLength))
        keptBytes += Int(product.nameLength)
        product.list = UInt32(list)
        product.spelling = UInt32(spelling)
        product.line = UInt32(line)
        products.append(product)
        let productIndex = products.count - 1
        facts.flags.append(candidate.flags)
        if facts.keys != nil {
            let key = judged.key(of: candidate)
            facts.keys!.append(key)
            keptBytes += key?.count ?? 0
            if key == nil, let header = currentKeyHeader { tallies.count(.keyless, file: file, line: line, header: header) }
        }
        facts.set(judged.details(of: candidate, at: index), of: productIndex)
        if candidate.cardPrice != nil { readsCardPrices = true }  // a card price in a promotion column, too
        if candidate.flags.contains(.cardUnreadable) {
            tallies.count(.unreadableCard, file: file, line: line)
        }
        if candidate.flags.contains(.statedUnreadable) { facts.statedUnreadable[file] += 1 }
        if candidate.flags.contains(.pricedPerBasis) { tallies.count(.pricedPerBasis, file: file, line: line) }
        if candidate.flags.contains(.sizeFromStated) { tallies.count(.sizeFromStated, file: file, line: line) }
        discountable = productIndex
    }

    /// A line that is no product: counted apart, with its reason.
    private func notAProduct(_ kind: NotAProduct.Kind, reason: String, line: Int) throws {
        let file = currentFile
        try checkLimits(file: file, line: line)
        discountable = nil
        fileCounts[file].rows += 1
        fileCounts[file].notProducts += 1
        notProducts.append(NotAProduct(kind: kind, reason: reason, source: SourceLocation(file: file, line: line)))
    }

    /// A discount line takes its amount off the product right above it (blank lines aside, and
    /// after the discounts that product took already): what it cost is then what was paid. A
    /// discount with no product right above it, one as large as the price, one in another
    /// currency, or one whose name states a percentage that it is not of that product's price
    /// (a discount on the whole receipt) is rejected.
    private func discount(_ amount: NumberReader.Reading, percent: ExactDecimal?, record: CSVRecord, lineBase: Int) throws {
        let line = record.line + lineBase
        guard let index = discountable else {
            try reject(record, lineBase: lineBase, [.discountWithoutProduct(amount: amount.value.text)])
            return
        }
        var product = products[index]
        let listCurrency = lists.lists[Int(product.list)].currency
        if let currency = amount.currency, let listCurrency, currency != listCurrency {
            try reject(record, lineBase: lineBase, [.discountCurrency(amount: amount.value.text, currency: currency.code,
                                                                      productCurrency: listCurrency.code, line: Int(product.line))])
            return
        }
        // `5%` of the price before any discount, to half a cent (amount × 100 within 0.5 of price × 5).
        let taken = facts[index].discount
        if let percent, let taken = taken.map({ product.price.plus($0) }) ?? product.price,
           let share = taken.timesExactly(percent), let hundredfold = amount.value.times(100),
           !hundredfold.isWithin("0.5", of: share) {
            try reject(record, lineBase: lineBase, [.discountNotPercent(amount: amount.value.text, percent: percent.text,
                                                                        price: taken.text, line: Int(product.line))])
            return
        }
        guard let paid = product.price.minus(amount.value),
              let total = (facts[index].discount ?? ExactDecimal(significand: 0, scale: 0)).plus(amount.value) else {
            try reject(record, lineBase: lineBase, [.discountTooLarge(amount: amount.value.text, price: product.price.text,
                                                                      line: Int(product.line))])
            return
        }
        try notAProduct(.discount, reason: "a discount of \(amount.value.text) off the product on line \(product.line)", line: line)
        product.priceSignificand = paid.significand
        product.priceScale = UInt8(paid.scale)
        products[index] = product
        facts.update(index) { $0.discount = total }
        discountable = index
    }

    private func reject(_ record: CSVRecord, lineBase: Int, _ problems: [RowProblem]) throws {
        let file = currentFile
        let line = record.line + lineBase
        try checkLimits(file: file, line: line)
        discountable = nil
        if let header = problems.lazy.compactMap(\.countsPacksPerhaps).first {
            tallies.count(.wholeQuantity, file: file, line: line, header: header)
        }
        fileCounts[file].rows += 1
        fileCounts[file].rejected += 1
        let reason = problems.map { $0.sentence(line: line) }.joined(separator: "; ")
        keptBytes += record.byteCount + reason.utf8.count
        rejections.append(Rejection(
            reason: reason, source: SourceLocation(file: file, line: line), record: RawRecord(record)))
    }

    /// Stops the run before a row when it holds as much as it may.
    @inline(__always)
    private func checkLimits(file: Int, line: Int) throws {
        if products.count >= limits.maxProducts { throw limit(file: file, line: line, "ranked products", limits.maxProducts) }
        if mismatches.count + rejections.count + notProducts.count >= limits.maxFindings {
            throw limit(file: file, line: line, "rows not ranked (mismatched, rejected or not products)", limits.maxFindings)
        }
        if keptBytes >= limits.maxKeptBytes {
            throw limit(file: file, line: line, "bytes of names and of rows not ranked kept", limits.maxKeptBytes)
        }
    }

    private func limit(file: Int, line: Int, _ what: String, _ limit: Int) -> InputError {
        InputError(file: files[file].path, line: line, .limit(what: what, limit: limit))
    }
}

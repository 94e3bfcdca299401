/// The readings per tries when the header's own does not convince: every way the columns'
/// values allow to take the size (the names' ends; a column of sizes; a column of numbers with
/// a column of unit codes beside it), the price (each column of prices) and the shop's stated
/// unit price (each column of figures, or none), combined. Made from what the values are, not
/// from what the headers say: a header is the prior (`ReadingHypothesis.header`), tried first.
struct ReadingCandidates {
    /// At most this many ways of each part are combined.
    static let limit = 5

    /// Every reading to try, the header's aside, in the order tried.
    let hypotheses: [ReadingHypothesis]
    /// Pairs of columns (the lower index first) that hold the same figures on most rows (a
    /// scraper's `item_price_num` beside `item_price_str`): a reading that takes two of them
    /// for the size and a price, or a price and the stated unit price, agrees whatever they
    /// are, and is not tried.
    private let twins: Set<[Int]>

    init(header: [String], records: [[[UInt8]]], profiles: [ColumnValues], prior: ColumnLayout?, names: Int?, namesWithSizes: Int) {
        let columns = header.indices
        func column(_ index: Int) -> String { "\"\(header[index].trimmingSpaces)\"" }
        // A shop's prices and unit prices differ from product to product: a column of a few
        // values (`1.0` on nearly every row) is neither, whatever its rows agree with.
        func varies(_ values: ColumnValues) -> Bool { values.distinct >= 5 || values.distinct * 4 >= values.filled }
        let numbers = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.numbers) >= 80 && values.percent(values.codes) < 50
        }
        let prices = numbers.filter { profiles[$0].percent(profiles[$0].decimals) >= 50 && varies(profiles[$0]) }
        let sizes = columns.filter { profiles[$0].filled >= 2 && profiles[$0].percent(profiles[$0].sizes) >= 50 }
        // Unit codes: short words, few of them (`G`, `KG`, `ML`, `EA`), known or not.
        let unitCodes = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.tokens) >= 80 && values.distinct <= 30
        }
        let figures = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.withDigits) >= 80 && values.percent(values.codes) < 50 && varies(values)
        }

        var sizeWays: [ReadingHypothesis] = [.header]
        if let names, (namesWithSizes > 0 && prior?.quantity != nil) || prior == nil {
            sizeWays.append(ReadingHypothesis(columns: [.name: names], without: [.unit], sizesFromNames: true,
                                              what: "sizes from the ends of the names"))
        }
        for index in sizes.prefix(Self.limit) where index != names {
            // A column of text that ends in sizes holds names (`WAITROSE ALE 500ML`).
            if Self.meanLength(index, records) > 16 {
                sizeWays.append(ReadingHypothesis(columns: [.name: index], without: [.unit], sizesFromNames: true,
                                                  what: "names and their sizes from \(column(index))"))
            } else {
                sizeWays.append(ReadingHypothesis(columns: [.quantity: index], without: [.unit], what: "sizes from \(column(index))"))
            }
        }
        // A unit column stands beside its amounts (`unit_size`, `measure`; `NETO_KOLIČINA`,
        // `JEDINICA_MJERE`): the number columns on either side of it.
        for unit in unitCodes.prefix(Self.limit) {
            for amount in [unit - 1, unit + 1] where numbers.contains(amount) {
                sizeWays.append(ReadingHypothesis(columns: [.quantity: amount, .unit: unit],
                                                  what: "sizes from \(column(amount)) in units from \(column(unit))"))
            }
        }
        // Prices are numbers with decimals; or, in a file with no such column, figures with what
        // they are per (`$3.99/lb`, `2,89/kg`: a price per a basis, `PricePerBasis`). Beside a
        // column of prices, such figures are the shop's unit prices, not what a pack costs.
        var priceWays: [ReadingHypothesis] = [.header]
        let perBasis = prices.isEmpty ? figures.filter { !numbers.contains($0) && profiles[$0].percent(profiles[$0].withLetters) >= 50 } : []
        for index in (prices + perBasis).prefix(Self.limit) where index != prior?.price {
            priceWays.append(ReadingHypothesis(columns: [.price: index], without: [.salePrice, .packPrice],
                                               what: "prices from \(column(index))"))
        }
        var statedWays: [ReadingHypothesis] = [.header, ReadingHypothesis(without: [.statedUnitPrice], what: "no stated unit price")]
        for index in figures.prefix(Self.limit) where index != prior?.statedUnitPrice {
            statedWays.append(ReadingHypothesis(columns: [.statedUnitPrice: index], what: "the shop's unit price from \(column(index))"))
        }

        let figured = Array(Set(numbers + figures)).sorted()
        var twins = Set<[Int]>()
        for (position, a) in figured.enumerated() {
            for b in figured[(position + 1)...] where Self.same(a, b, records: records) { twins.insert([a, b]) }
        }
        self.twins = twins

        // Without a header's reading (a file without a header), the names are the most varied text.
        let naming = prior == nil ? names.map { ReadingHypothesis(columns: [.name: $0]) } ?? .header : .header
        var found: [ReadingHypothesis] = []
        var seen = Set<ReadingHypothesis>()
        for size in sizeWays {
            for price in priceWays {
                for stated in statedWays {
                    guard let joined = Self.join([naming, size, price, stated]), !joined.isHeader, seen.insert(joined).inserted else { continue }
                    found.append(joined)
                }
            }
        }
        hypotheses = found
    }

    /// Whether a reading's size, price and stated unit price columns are twins, two of them.
    func circular(_ layout: ColumnLayout) -> Bool {
        let taken = [layout.quantity, layout.price, layout.statedUnitPrice].compactMap { $0 }.sorted()
        for (position, a) in taken.enumerated() {
            for b in taken[(position + 1)...] where twins.contains([a, b]) { return true }
        }
        return false
    }

    /// The mean length of a column's values that are not empty, in bytes.
    private static func meanLength(_ column: Int, _ records: [[[UInt8]]]) -> Int {
        let values = records.compactMap { column < $0.count && !$0[column].isEmpty ? $0[column].count : nil }
        return values.isEmpty ? 0 : values.reduce(0, +) / values.count
    }

    /// Whether two columns hold the same digits on at least half the rows where either has any.
    private static func same(_ a: Int, _ b: Int, records: [[[UInt8]]]) -> Bool {
        var rows = 0
        var equal = 0
        for record in records where a < record.count && b < record.count {
            let x = record[a].filter(Byte.isDigit), y = record[b].filter(Byte.isDigit)
            guard !x.isEmpty || !y.isEmpty else { continue }
            rows += 1
            if x.drop(while: { $0 == UInt8(ascii: "0") }) == y.drop(while: { $0 == UInt8(ascii: "0") }) { equal += 1 }
        }
        return rows > 0 && equal * 2 >= rows
    }

    /// The parts as one reading, or nil when two parts take one column.
    private static func join(_ parts: [ReadingHypothesis]) -> ReadingHypothesis? {
        var joined = ReadingHypothesis()
        var taken = Set<Int>()
        var said: [String] = []
        for part in parts {
            for (field, index) in part.columns {
                if let already = joined.columns[field] {
                    guard already == index else { return nil }
                    continue
                }
                guard taken.insert(index).inserted else { return nil }
                joined.columns[field] = index
            }
            joined.without.formUnion(part.without)
            joined.sizesFromNames = joined.sizesFromNames || part.sizesFromNames
            if !part.what.isEmpty { said.append(part.what) }
        }
        guard joined.without.isDisjoint(with: joined.columns.keys) else { return nil }
        joined.what = said.joined(separator: ", ")
        return joined
    }
}

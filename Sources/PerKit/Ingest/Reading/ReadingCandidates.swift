/// The readings per tries when the header's own does not convince: every way the columns'
/// values allow to take the size (the names' ends; a column of sizes; a column of numbers with
/// a column of unit codes beside it), the price (each column of prices) and the shop's stated
/// unit price (each column of figures, or none), combined. Made from what the values are, not
/// from what the headers say: a header is the prior (`ReadingHypothesis.header`), tried first.
enum ReadingCandidates {
    /// At most this many ways of each part are combined: a file's reading is tried in a few
    /// milliseconds.
    static let limit = 5

    static func hypotheses(header: [String], records: [[[UInt8]]], profiles: [ColumnValues], prior: ColumnLayout?,
                           names: Int?, namesWithSizes: Int) -> [ReadingHypothesis] {
        let columns = header.indices
        func column(_ index: Int) -> String { "\"\(header[index].trimmingSpaces)\"" }
        let numbers = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.numbers) >= 80 && values.percent(values.codes) < 50
        }
        let prices = numbers.filter { profiles[$0].percent(profiles[$0].decimals) >= 50 }
        let sizes = columns.filter { profiles[$0].filled >= 2 && profiles[$0].percent(profiles[$0].sizes) >= 50 }
        // Unit codes: short words, few of them (`G`, `KG`, `ML`, `EA`), known or not.
        let unitCodes = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.tokens) >= 80 && values.distinct <= 30
        }
        // A shop's unit prices differ from product to product: a column of few values (`1.0`
        // on every row) is none, whatever its rows agree with.
        let figures = columns.filter { index in
            let values = profiles[index]
            return values.filled >= 2 && values.percent(values.withDigits) >= 80 && values.percent(values.codes) < 50
                && values.distinct * 4 >= values.filled
        }

        var sizeWays: [ReadingHypothesis] = [.header]
        if let names, namesWithSizes > 0, prior?.quantity != nil || prior == nil {
            sizeWays.append(ReadingHypothesis(columns: [.name: names], without: [.unit], sizesFromNames: true,
                                              what: "sizes from the ends of the names"))
        }
        for index in sizes.prefix(limit) where index != names {
            // A column of text that ends in sizes holds names (`WAITROSE ALE 500ML`).
            if Self.meanLength(index, records) > 16 {
                sizeWays.append(ReadingHypothesis(columns: [.name: index], without: [.unit], sizesFromNames: true,
                                                  what: "names and their sizes from \(column(index))"))
            } else {
                sizeWays.append(ReadingHypothesis(columns: [.quantity: index], without: [.unit], what: "sizes from \(column(index))"))
            }
        }
        for unit in unitCodes.prefix(limit) {
            for amount in numbers.prefix(limit) where amount != unit {
                sizeWays.append(ReadingHypothesis(columns: [.quantity: amount, .unit: unit],
                                                  what: "sizes from \(column(amount)) in units from \(column(unit))"))
            }
        }
        var priceWays: [ReadingHypothesis] = [.header]
        for index in prices.prefix(limit) where index != prior?.price {
            priceWays.append(ReadingHypothesis(columns: [.price: index], without: [.salePrice, .packPrice],
                                               what: "prices from \(column(index))"))
        }
        var statedWays: [ReadingHypothesis] = [.header, ReadingHypothesis(without: [.statedUnitPrice], what: "no stated unit price")]
        for index in figures.prefix(limit) where index != prior?.statedUnitPrice {
            statedWays.append(ReadingHypothesis(columns: [.statedUnitPrice: index], what: "the shop's unit price from \(column(index))"))
        }

        var found: [ReadingHypothesis] = []
        var seen = Set<ReadingHypothesis>()
        for size in sizeWays {
            for price in priceWays {
                for stated in statedWays {
                    guard let joined = join([size, price, stated]), !joined.isHeader, !circular(joined, records: records),
                          seen.insert(joined).inserted else { continue }
                    found.append(joined)
                }
            }
        }
        return found
    }

    /// The mean length of a column's values that are not empty, in bytes.
    private static func meanLength(_ column: Int, _ records: [[[UInt8]]]) -> Int {
        let values = records.compactMap { column < $0.count && !$0[column].isEmpty ? $0[column].count : nil }
        return values.isEmpty ? 0 : values.reduce(0, +) / values.count
    }

    /// Whether a reading takes two columns that hold the same figures on most rows for the size
    /// and a price, or a price and the stated unit price (a scraper's `item_price_num` beside
    /// `item_price_str`): each then agrees with the other whatever they are.
    private static func circular(_ reading: ReadingHypothesis, records: [[[UInt8]]]) -> Bool {
        circular([.quantity, .price, .statedUnitPrice].compactMap { reading.columns[$0] }, records: records)
    }

    /// Whether a reading's size, price and stated unit price columns hold the same figures, two
    /// of them, on most rows.
    static func circular(_ layout: ColumnLayout, records: [[[UInt8]]]) -> Bool {
        circular([layout.quantity, layout.price, layout.statedUnitPrice].compactMap { $0 }, records: records)
    }

    private static func circular(_ taken: [Int], records: [[[UInt8]]]) -> Bool {
        for (position, a) in taken.enumerated() {
            for b in taken[(position + 1)...] where same(a, b, records: records) { return true }
        }
        return false
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

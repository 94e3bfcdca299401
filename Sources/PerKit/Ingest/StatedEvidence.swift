/// What a file's first rows say of a column of bare figures (`8.98`, `0,27`): on how many rows
/// it is the row's price over its size, per 1, 10, 100 or 1000 of the size's base unit (per g,
/// 10 g, 100 g or kg, and the same of ml; per item), and so whether it is the shop's stated unit
/// price and what it is per.
///
/// The figures only vote on how to read the file; nothing here ranks or checks a product. They
/// are compared in binary floating point within 1% and half a cent, a margin wide enough for
/// the rounding shops print and far narrower than the factors of 10 between the bases.
struct StatedEvidence {
    /// Rows where the price, the size and the figure all read.
    private(set) var rows = 0
    /// Rows that agree with each basis, by dimension (`Dimension.ordinal`) and power of ten (0...3).
    private var votes = [[Int]](repeating: [0, 0, 0, 0], count: Dimension.allCases.count)
    private var rowsOf = [Int](repeating: 0, count: Dimension.allCases.count)

    /// Counts the rows of `records` whose figure in `column` is their price over their size.
    init(column: Int, price: Int, sizes: (_ record: [[UInt8]]) -> (grams: Double, dimension: Dimension)?, records: [[[UInt8]]],
         numbers: NumberReader) {
        for record in records where column < record.count && price < record.count {
            guard let figure = Self.value(record[column], numbers), figure > 0,
                  let paid = Self.value(record[price], numbers), paid > 0,
                  let size = sizes(record), size.grams > 0 else { continue }
            rows += 1
            rowsOf[size.dimension.ordinal] += 1
            for power in 0...3 {
                let basis = [1.0, 10, 100, 1000][power]
                let expected = paid / size.grams * basis
                if abs(figure - expected) <= 0.005 + 0.01 * expected { votes[size.dimension.ordinal][power] += 1 }
            }
        }
    }

    /// The share of rows, in percent, on which the figure is the price over the size on some basis.
    var agreeingPercent: Int {
        guard rows > 0 else { return 0 }
        var agreeing = 0
        for dimension in Dimension.allCases { agreeing += votes[dimension.ordinal].max() ?? 0 }
        return agreeing * 100 / rows
    }

    /// Whether the figures are a unit price: the price over the size on at least 3 rows and 60% of them.
    var isUnitPrice: Bool { rows >= 3 && agreeingPercent >= 60 }

    /// The basis most rows of a dimension agree with, as a multiple of the base unit (1, 10,
    /// 100 or 1000), when more than half of them do, and at least 3; nil otherwise.
    func basis(of dimension: Dimension) -> Int? {
        let counts = votes[dimension.ordinal]
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] * 2 > rowsOf[dimension.ordinal],
              counts[best] >= 3 else {
            return nil
        }
        return [1, 10, 100, 1000][best]
    }

    /// The share of rows, in percent, whose figure in `column` is the one in `other` (a
    /// receipt's "unit price" that is the price of the one item bought).
    static func samePercent(column: Int, as other: Int, records: [[[UInt8]]], numbers: NumberReader) -> Int {
        var rows = 0
        var same = 0
        for record in records where column < record.count && other < record.count {
            guard let a = value(record[column], numbers), let b = value(record[other], numbers) else { continue }
            rows += 1
            if abs(a - b) <= 0.005 { same += 1 }
        }
        return rows == 0 ? 0 : same * 100 / rows
    }

    private static func value(_ bytes: [UInt8], _ numbers: NumberReader) -> Double? {
        bytes.withUnsafeBufferPointer { field -> Double? in
            guard case .success(let reading) = numbers.read(field) else { return nil }
            return reading.value.approximately
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sorts each list by exact unit price and gives competition ranks.
///
/// Order within a list: unit price, then name (Unicode code points), then quantity (value,
/// then digits written), unit as written, price (value, then digits written), and finally
/// input order. So the order depends on the rows' content, not on where they stand in the file,
/// except between rows that print identically.
public enum Ranker {
    public static func rank(_ sheet: ValidatedSheet, basis: (Dimension) -> ReportBasis = ReportBasis.standard) -> RankedReport {
        let products = sheet.products
        let listCount = sheet.lists.count

        // Group product indices by list (a counting sort keeps input order within a list).
        var starts = [Int](repeating: 0, count: listCount + 1)
        for product in products { starts[Int(product.list) + 1] += 1 }
        for list in 0..<listCount { starts[list + 1] += starts[list] }
        var order = [Int32](repeating: 0, count: products.count)
        var next = starts
        for (index, product) in products.enumerated() {
            order[next[Int(product.list)]] = Int32(index)
            next[Int(product.list)] += 1
        }

        let spellingRank = ranks(of: sheet.spellings)
        let listOrder = (0..<listCount).sorted { lhs, rhs in
            sheet.lists[lhs].name.utf8.lexicographicallyPrecedes(sheet.lists[rhs].name.utf8)
        }

        var ranks = [Int32](repeating: 0, count: products.count)
        var lists: [RankedList] = []
        lists.reserveCapacity(listCount)
        do {
            let units = sheet.units
            for list in 0..<listCount {
                let range = starts[list]..<starts[list + 1]
                order[range].sort { lhs, rhs in
                    let a = products[Int(lhs)]
                    let b = products[Int(rhs)]
                    let byPrice = unitPrice(of: a, in: units).compare(unitPrice(of: b, in: units))
                    if byPrice != 0 { return byPrice < 0 }
                    return precedes(a, b, in: sheet, spellingRank: spellingRank)
                }
                var previous = UnitPrice(price: "1", quantity: "1", factor: "1")
                for position in range {
                    let price = unitPrice(of: products[Int(order[position])], in: units)
                    if position > range.lowerBound && price.compare(previous) == 0 {
                        ranks[position] = ranks[position - 1]
                    } else {
                        ranks[position] = Int32(position - range.lowerBound + 1)
                    }
                    previous = price
                }
            }
        }
        for list in listOrder {
            let info = sheet.lists[list]
            lists.append(RankedList(
                name: info.name, dimension: info.dimension, currency: info.currency, basis: basis(info.dimension),
                entries: starts[list]..<starts[list + 1]))
        }
        return RankedReport(sheet: sheet, lists: lists, order: order, ranks: ranks)
    }

    @inline(__always)
    static func unitPrice(of product: Product, in units: UnitTable) -> UnitPrice {
        UnitPrice(price: product.price, quantity: product.quantity, factor: units[Int(product.unit)].factor)
    }

    /// The tie-breaks after unit price.
    private static func precedes(_ a: Product, _ b: Product, in sheet: ValidatedSheet, spellingRank: [Int32]) -> Bool {
        let byName = compareBytes(sheet.name(of: a), sheet.name(of: b))
        if byName != 0 { return byName < 0 }
        let byQuantity = compareWritten(a.quantity, b.quantity)
        if byQuantity != 0 { return byQuantity < 0 }
        if a.spelling != b.spelling { return spellingRank[Int(a.spelling)] < spellingRank[Int(b.spelling)] }
        let byPrice = compareWritten(a.price, b.price)
        if byPrice != 0 { return byPrice < 0 }
        return (a.file, a.line) < (b.file, b.line)
    }

    private static func compareWritten(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        let byValue = a.compareValue(b)
        if byValue != 0 { return byValue }
        return a.scale < b.scale ? -1 : (a.scale == b.scale ? 0 : 1)
    }

    private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return result < 0 ? -1 : 1 }
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }

    /// The position of each interned spelling in byte order.
    private static func ranks(of spellings: ByteInterner) -> [Int32] {
        let sorted = (0..<spellings.count).sorted { spellings.bytes(of: $0).lexicographicallyPrecedes(spellings.bytes(of: $1)) }
        var rank = [Int32](repeating: 0, count: spellings.count)
        for (position, id) in sorted.enumerated() { rank[id] = Int32(position) }
        return rank
    }
}

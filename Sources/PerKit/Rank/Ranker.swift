#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Sorts each list by exact unit price and gives competition ranks.
///
/// Order within a list: unit price, then name (Unicode code points), then quantity (value,
/// then digits written), unit as written, price (value, then digits written), and finally
/// input order. So the order depends on the rows' content, not on where they stand in the file,
/// except between rows that print identically.
public enum Ranker {
    public static func rank(_ sheet: ValidatedSheet, basis: (Dimension) -> ReportBasis = ReportBasis.standard) -> RankedReport {
        rank(sheet, basis: basis, halvingAbove: nil)
    }

    /// `halvingAbove`: the size above which a list sorts as two halves, whatever the sheet's
    /// size, instead of the usual (for tests, which compare both ways).
    static func rank(_ sheet: ValidatedSheet, basis: (Dimension) -> ReportBasis = ReportBasis.standard,
                     halvingAbove: Int?) -> RankedReport {
        let products = sheet.products
        let listCount = sheet.lists.count

        // Order and ranks are built in the memory the report keeps (no copy of ten million
        // entries at the end).
        let orderStore = FrozenBuffer<Int32>(uninitializedCount: products.count)
        let ranksStore = FrozenBuffer<Int32>(uninitializedCount: products.count)
        let order = orderStore.mutableBuffer
        var starts = [Int](repeating: 0, count: listCount + 1)
        // Three pieces of work side by side (one after the other on small sheets): product
        // indices grouped by list (a counting sort, which keeps input order within a list);
        // binary floating-point estimates of every unit price, which decide most comparisons
        // quickly (only estimates too close to call are compared exactly), worked out in input
        // order; and the lists' order by name.
        let factors = sheet.factors
        // Written in full by its piece of work, not zeroed first: 8 MB at a million products,
        // whose first touch is then on that piece's thread, not on this one before it starts.
        let estimates = UnsafeMutableBufferPointer<Double>.allocate(capacity: products.count)
        nonisolated(unsafe) var listOrder: [Int] = []  // written by one piece of work, read after all
        do {
            starts.withUnsafeMutableBufferPointer { starts in
                nonisolated(unsafe) let (estimates, starts, products, order) = (estimates, starts, products, order)  // each piece writes its own
                @Sendable func work(_ piece: Int) {
                    switch piece {
                    case 0:
                        for product in products { starts[Int(product.list) + 1] += 1 }
                        for list in 0..<listCount { starts[list + 1] += starts[list] }
                        var next = Array(starts)
                        for (index, product) in products.enumerated() {
                            order[next[Int(product.list)]] = Int32(index)
                            next[Int(product.list)] += 1
                        }
                    case 1:
                        for index in products.indices {
                            (estimates.baseAddress! + index).initialize(to: UnitPrice(of: products[index], factors: factors).estimate)
                        }
                    default:
                        listOrder = orderByName(sheet.lists)
                    }
                }
                if products.count > 50_000 {
                    DispatchQueue.concurrentPerform(iterations: 3, execute: work)
                } else {
                    (0..<3).forEach(work)
                }
            }
        }
        let spellingRank = ranks(of: sheet.spellings)
        let ranks = ranksStore.mutableBuffer
        let listStarts = starts
        let parallel = products.count > 50_000
        // A list of more than a quarter of the products and more than 65,536 (a file without
        // a list column is one list) sorts as two halves side by side, merged after; the other
        // lists sort whole in two lanes of about half their products each.
        let bigLimit = halvingAbove ?? max(products.count / 4, 1 << 16)
        let big = parallel || halvingAbove != nil ? (0..<listCount).filter { listStarts[$0 + 1] - listStarts[$0] > bigLimit } : []
        let small = big.isEmpty ? Array(0..<listCount) : (0..<listCount).filter { listStarts[$0 + 1] - listStarts[$0] <= bigLimit }
        let lanes: [ArraySlice<Int>]
        if parallel {
            let smallProducts = small.reduce(0) { $0 + listStarts[$1 + 1] - listStarts[$1] }
            var sum = 0
            let split = small.firstIndex { list in
                sum += listStarts[list + 1] - listStarts[list]
                return sum >= smallProducts / 2
            }.map { $0 + 1 } ?? small.count
            lanes = [small[..<split], small[split...]]
        } else {
            lanes = [small[...]]
        }
        do {
            // Each lane writes only the ranges of its own lists.
            nonisolated(unsafe) let (products, estimates, order, ranks) = (products, estimates, order, ranks)
            @Sendable func less(_ lhs: Int32, _ rhs: Int32) -> Bool {
                let byPrice = compareUnitPrices(Int(lhs), Int(rhs), products, estimates, factors)
                if byPrice != 0 { return byPrice < 0 }
                return precedes(products[Int(lhs)], products[Int(rhs)], in: sheet, spellingRank: spellingRank)
            }
            // Competition ranks of a sorted list: equal unit prices share the better rank.
            @Sendable func assignRanks(_ range: Range<Int>) {
                for position in range {
                    if position > range.lowerBound
                        && compareUnitPrices(Int(order[position - 1]), Int(order[position]), products, estimates, factors) == 0 {
                        ranks[position] = ranks[position - 1]
                    } else {
                        ranks[position] = Int32(position - range.lowerBound + 1)
                    }
                }
            }
            DispatchQueue.concurrentPerform(iterations: lanes.count) { lane in
                for list in lanes[lane] {
                    let range = listStarts[list]..<listStarts[list + 1]
                    var slice = UnsafeMutableBufferPointer(rebasing: order[range])
                    slice.sort(by: less)
                    assignRanks(range)
                }
            }
            for list in big {
                let range = listStarts[list]..<listStarts[list + 1]
                let middle = range.lowerBound + range.count / 2
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    var slice = UnsafeMutableBufferPointer(rebasing: order[half == 0 ? range.lowerBound..<middle : middle..<range.upperBound])
                    slice.sort(by: less)
                }
                // The order is total (input position breaks every tie), so merging the sorted
                // halves gives what sorting the whole list gives.
                let left = Array(order[range.lowerBound..<middle])
                var (next, right, position) = (0, middle, range.lowerBound)
                while next < left.count {
                    if right < range.upperBound && less(order[right], left[next]) {
                        order[position] = order[right]
                        right += 1
                    } else {
                        order[position] = left[next]
                        next += 1
                    }
                    position += 1
                }
                assignRanks(range)
            }
        }
        // Flags: the rows' own, unit prices far outside their list's, and stated unit prices
        // that disagree (`ProductChecks`, out of this function's way).
        let bases = Dimension.allCases.map(basis)
        let checks = ProductChecks.run(sheet, order: UnsafeBufferPointer(order), listStarts: listStarts,
                                       estimates: UnsafeBufferPointer(estimates), bases: bases)
        estimates.deallocate()
        let productFlags = checks.flags
        // One basis per dimension, asked for once. Each list's best product is a read from
        // anywhere in the sheet, so the lists are made in two halves side by side.
        let byName = listOrder
        let lists = [RankedList](unsafeUninitializedCapacity: byName.count) { buffer, initialized in
            nonisolated(unsafe) let (buffer, order, products, ranks) = (buffer, order, products, ranks)
            @Sendable func make(_ positions: Range<Int>) {
                for position in positions {
                    let list = byName[position]
                    let info = sheet.lists[list]
                    let entries = listStarts[list]..<listStarts[list + 1]
                    // The best value is the best unflagged product (the first, if all are flagged).
                    var best = entries.lowerBound
                    if !productFlags.isEmpty {
                        while best < entries.upperBound, productFlags[Int(order[best])].isFlagged { best += 1 }
                        if best == entries.upperBound { best = entries.lowerBound }
                    }
                    (buffer.baseAddress! + position).initialize(to: RankedList(
                        name: info.name, dimension: info.dimension, currency: info.currency, basis: bases[info.dimension.ordinal],
                        entries: entries, best: UnitPrice(of: products[Int(order[best])], factors: factors), bestRank: ranks[best],
                        bestIsFlagged: !productFlags.isEmpty && productFlags[Int(order[best])].isFlagged,
                        sheetIndex: list))
                }
            }
            let half = byName.count / 2
            if parallel {
                DispatchQueue.concurrentPerform(iterations: 2) { make($0 == 0 ? 0..<half : half..<byName.count) }
            } else {
                make(0..<byName.count)
            }
            initialized = byName.count
        }
        return RankedReport(sheet: sheet, lists: lists, order: orderStore, ranks: ranksStore, flags: productFlags,
                            statedVerdicts: checks.statedVerdicts, statedCounts: checks.statedCounts, flaggedCount: checks.flaggedCount, medians: checks.medians, outlierEvidence: checks.outlierEvidence,
                            flaggedLists: checks.flaggedLists)
    }

    /// List indices in order of name (by Unicode code points, which UTF-8 byte order is).
    private static func orderByName(_ lists: [ProductList]) -> [Int] {
        let names = ByteStorage()
        var starts = [0]
        for list in lists {
            var name = list.name
            name.withUTF8 { _ = names.append($0) }
            starts.append(names.count)
        }
        return lists.indices.sorted { a, b in
            compareBytes(names.bytes(starts[a], starts[a + 1] - starts[a]), names.bytes(starts[b], starts[b + 1] - starts[b])) < 0
        }
    }

    /// -1, 0 or 1: exact, with the estimates deciding whenever they differ by more than their
    /// error (a few units in the last place; 1e-12 relative is far outside it).
    @inline(__always)
    private static func compareUnitPrices(
        _ a: Int, _ b: Int,
        _ products: UnsafeBufferPointer<Product>, _ estimates: UnsafeMutableBufferPointer<Double>, _ factors: [ExactDecimal]
    ) -> Int {
        let x = estimates[a]
        let y = estimates[b]
        if x < y * (1 - 1e-12) { return -1 }
        if y < x * (1 - 1e-12) { return 1 }
        return UnitPrice(of: products[a], factors: factors).compare(UnitPrice(of: products[b], factors: factors))
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
        let sorted = (0..<spellings.count).sorted { spellings.buffer(of: $0).lexicographicallyPrecedes(spellings.buffer(of: $1)) }
        var rank = [Int32](repeating: 0, count: spellings.count)
        for (position, id) in sorted.enumerated() { rank[id] = Int32(position) }
        return rank
    }
}

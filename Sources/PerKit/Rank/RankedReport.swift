import BigInt

/// The lists ranked: what every report writer reads. A class, so that each entry a writer
/// visits refers to it instead of copying it.
public final class RankedReport: @unchecked Sendable {  // immutable once built
    public let sheet: ValidatedSheet
    /// The lists in order of name (by Unicode code points).
    public let lists: [RankedList]
    /// Product indices, list after list, each list in rank order.
    let order: UnsafeBufferPointer<Int32>
    /// The competition rank (1, 2, 2, 4) of each entry of `order`.
    let ranks: UnsafeBufferPointer<Int32>
    /// The sheet's products.
    let products: UnsafeBufferPointer<Product>
    /// Each unit's factor, by unit index.
    let factors: UnsafeBufferPointer<ExactDecimal>
    /// Where the products' names start (`Product.nameStart` counts from here), and each unit
    /// spelling's bytes: read per entry with no reference counting.
    let nameBase: UnsafePointer<UInt8>?
    let spellings: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// Each product's flags and detail marks, by product index; empty when no product has any.
    let flags: UnsafeBufferPointer<ProductFlags>
    /// The checks of stated unit prices, by product index, when the sheet reads them.
    public let statedVerdicts: [StatedVerdict?]?
    /// Per file, how many ranked products state a unit price and how many of those agree.
    public let statedCounts: [StatedCount]
    /// How many ranked products are flagged.
    public let flaggedCount: Int
    /// Whether the report shows sizes refined from names (`refined_from`).
    public let hasRefinedSizes: Bool
    /// The median unit price of each list that has one for the outlier rule, by its index in
    /// the sheet's lists (`RankedList.sheetIndex`).
    let medians: [Int: UnitPrice]
    /// Why each product flagged `unit_price_outlier` is taken for an error, by product index.
    let outlierEvidence: [Int: OutlierEvidence]
    /// The sheet's lists (by index) that hold a flagged product.
    let flaggedLists: Set<Int>
    private let storage: (order: FrozenBuffer<Int32>, ranks: FrozenBuffer<Int32>, factors: FrozenBuffer<ExactDecimal>,
                          spellings: FrozenBuffer<UnsafeBufferPointer<UInt8>>, flags: FrozenBuffer<ProductFlags>)

    init(sheet: ValidatedSheet, lists: [RankedList], order: FrozenBuffer<Int32>, ranks: FrozenBuffer<Int32>,
         flags: [ProductFlags] = [], statedVerdicts: [StatedVerdict?]? = nil, statedCounts: [StatedCount] = [], flaggedCount: Int = 0,
         medians: [Int: UnitPrice] = [:], outlierEvidence: [Int: OutlierEvidence] = [:], flaggedLists: Set<Int> = []) {
        self.flaggedLists = flaggedLists
        self.sheet = sheet
        self.lists = lists
        self.statedVerdicts = statedVerdicts
        self.statedCounts = statedCounts
        self.flaggedCount = flaggedCount
        hasRefinedSizes = sheet.facts.refinesSizes && sheet.facts.indices(with: .sizes).contains { sheet.facts[$0].sizes?.kind == .refined }
        self.medians = medians
        self.outlierEvidence = outlierEvidence
        storage = (order, ranks, FrozenBuffer(sheet.factors),
                   FrozenBuffer((0..<sheet.spellings.count).map { sheet.spellings.buffer(of: $0) }), FrozenBuffer(flags))
        self.flags = storage.flags.buffer
        self.order = storage.order.buffer
        self.ranks = storage.ranks.buffer
        factors = storage.factors.buffer
        spellings = storage.spellings.buffer
        nameBase = sheet.names.base.map { UnsafePointer($0) }
        products = sheet.products
    }

    /// The entries of a list, best first; valid while the report lives (an entry does not
    /// keep its report alive, which is why this is not public). Writers read blocks of lists
    /// and pieces of lists through `EntryBlock` instead, which copies them close together first.
    func entries(of list: RankedList) -> RankedEntries {
        RankedEntries(report: self, list: list, products: products, order: UnsafeBufferPointer(rebasing: order[list.entries]),
                      ranks: UnsafeBufferPointer(rebasing: ranks[list.entries]), names: nameBase)
    }

    /// Whether the report shows products' keys (`--key`): a file had the column.
    public var hasKeys: Bool { sheet.facts.keys != nil }

    /// A product's key, nil when it has none; valid while the report lives.
    public func key(of entry: RankedEntry) -> UnsafeBufferPointer<UInt8>? {
        guard entry.index >= 0, let keys = sheet.facts.keys else { return nil }
        return keys.key(of: entry.index)
    }

    /// Whether writers need each entry's product index: for its flags, its key or its details.
    var needsProductIndices: Bool { !flags.isEmpty || hasKeys || sheet.facts.hasDetails }

    /// Whether any product is flagged.
    public var hasFlags: Bool { !flaggedLists.isEmpty }
}

/// A list's entries, or a piece of them, best first: a collection that builds each entry
/// from the report's buffers as it is read, with no closure and no reference counting per
/// entry. The writers index it (`for position in entries.indices`) rather than iterate it: an
/// iterator hands out each entry in an Optional, which cost a copy of the whole entry per row.
struct RankedEntries: RandomAccessCollection {
    /// The products, indexed through `order` when given, else in rank order already.
    let products: UnsafeBufferPointer<Product>
    let order: UnsafeBufferPointer<Int32>?
    /// Without `order`: each product's index in the sheet.
    let indices: UnsafeBufferPointer<Int32>?
    /// The report's flags by product index, empty when none.
    let flags: UnsafeBufferPointer<ProductFlags>
    /// Whether entries carry their product's index (`RankedReport.needsProductIndices`).
    let needsIndex: Bool
    let bestRank: Int32
    let bestIsFlagged: Bool
    let ranks: UnsafeBufferPointer<Int32>
    /// Where the products' `nameStart` counts from.
    let names: UnsafePointer<UInt8>?
    let factors: UnsafeBufferPointer<ExactDecimal>
    let spellings: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    let best: UnitPrice
    let basis: ExactDecimal

    init(report: RankedReport, list: RankedList, products: UnsafeBufferPointer<Product>, order: UnsafeBufferPointer<Int32>?,
         ranks: UnsafeBufferPointer<Int32>, names: UnsafePointer<UInt8>?, indices: UnsafeBufferPointer<Int32>? = nil) {
        self.products = products
        self.order = order
        self.indices = indices
        flags = report.flags
        needsIndex = report.needsProductIndices
        bestRank = list.bestRank
        bestIsFlagged = list.bestIsFlagged
        self.ranks = ranks
        self.names = names
        factors = report.factors
        spellings = report.spellings
        best = list.best
        basis = list.basis.factor
    }

    var startIndex: Int { 0 }
    var endIndex: Int { ranks.count }

    @inline(__always)
    subscript(position: Int) -> RankedEntry {
        let product = order.map { products[Int($0[position])] } ?? products[position]
        // Only a report with flags, keys or product details needs each product's index.
        var index = -1
        var flags: ProductFlags = []
        if needsIndex {
            index = order.map { Int($0[position]) } ?? indices.map { Int($0[position]) } ?? -1
            if !self.flags.isEmpty && index >= 0 { flags = self.flags[index] }
        }
        let rank = ranks[position]
        return RankedEntry(
            product: product, name: UnsafeBufferPointer(start: names.map { $0 + product.nameStart }, count: Int(product.nameLength)),
            unit: spellings[Int(product.spelling)], factor: factors[Int(product.unit)], rank: rank, best: best,
            basis: basis, index: index, flags: flags, isBest: rank == bestRank && (!flags.isFlagged || bestIsFlagged))
    }
}

/// One list of the report.
public struct RankedList {
    public let name: String
    public let dimension: Dimension
    /// The currency its prices state, when they state one.
    public let currency: Currency?
    public let basis: ReportBasis
    /// Positions in `RankedReport.order`.
    public let entries: Range<Int>
    /// The unit price of its best value: its best unflagged product's (or, when every product
    /// is flagged, its first's), which "N% more" is measured from.
    let best: UnitPrice
    /// The rank of that product, and whether it is flagged.
    let bestRank: Int32
    let bestIsFlagged: Bool
    /// Its index in the sheet's lists.
    let sheetIndex: Int

    /// The best unit price per the list's basis, rounded half up: digits of value × 10^decimals.
    public func bestUnitPrice(decimals: Int) -> WideInteger {
        best.rounded(per: basis.factor, decimals: decimals)
    }

    public var count: Int { entries.count }
}

/// One ranked product, with exact comparisons against its list's best value; valid while its
/// report lives.
public struct RankedEntry {
    let product: Product
    /// The name's and the unit's bytes (valid UTF-8), read through pointers into the report:
    /// an entry is a view of its report, valid while the report lives, and holds no reference
    /// (writers visit millions of entries; counting references for each cost a tenth of a
    /// report's time).
    public let nameBytes: UnsafeBufferPointer<UInt8>
    public let unitBuffer: UnsafeBufferPointer<UInt8>
    let rankValue: Int32
    let best: UnitPrice
    /// The list's basis in base units (its `ReportBasis.factor`).
    let basis: ExactDecimal
    let unitPrice: UnitPrice
    /// The product's index in the sheet (-1 when not known).
    let index: Int
    /// Its flags and detail marks.
    public let flags: ProductFlags
    /// Whether it is its list's best value: unflagged (unless every product of the list is),
    /// at the best unflagged unit price.
    public let isBest: Bool

    init(product: Product, name: UnsafeBufferPointer<UInt8>, unit: UnsafeBufferPointer<UInt8>, factor: ExactDecimal,
         rank: Int32, best: UnitPrice, basis: ExactDecimal, index: Int, flags: ProductFlags, isBest: Bool) {
        self.index = index
        self.flags = flags
        self.isBest = isBest
        self.product = product
        nameBytes = name
        unitBuffer = unit
        self.rankValue = rank
        self.best = best
        self.basis = basis
        unitPrice = UnitPrice(price: product.price, quantity: product.quantity, factor: factor)
    }

    public var rank: Int { Int(rankValue) }
    public var quantity: ExactDecimal { product.quantity }
    /// How many packs a receipt's row bought (0: no count), and the size of one.
    public var count: Int { Int(product.count) }
    public var packQuantity: ExactDecimal? { product.packQuantity }
    public var price: ExactDecimal { product.price }
    public var source: SourceLocation { product.source }

    public var name: String { String(decoding: nameBytes, as: UTF8.self) }
    public var unit: String { String(decoding: unitBuffer, as: UTF8.self) }

    /// The unit price per the list's basis, rounded half up: digits of value × 10^decimals.
    public func unitPrice(decimals: Int) -> WideInteger {
        unitPrice.rounded(per: basis, decimals: decimals)
    }

    /// The unit price per the list's basis as an exact fraction (numerator, denominator).
    public func exactUnitPrice() -> (numerator: BigUInt, denominator: BigUInt) {
        let price = unitPrice
        let shift = price.exponent - basis.scale
        var numerator = BigUInt(price.numerator) * BigUInt(basis.significand)
        var denominator = BigUInt(price.denominator)
        if shift >= 0 { numerator *= BigUInt(10).power(shift) } else { denominator *= BigUInt(10).power(-shift) }
        return (numerator, denominator)
    }

    /// The unit price another price (the regular price beside a sale price) makes, per the
    /// list's basis, rounded half up: digits of value × 10^decimals.
    public func unitPrice(ofPrice price: ExactDecimal, decimals: Int) -> WideInteger {
        // The same quantity and unit: only the numerator and its scale change.
        var other = unitPrice
        other.numerator = UInt128(price.significand)
        other.exponent += self.price.scale - price.scale
        return other.rounded(per: basis, decimals: decimals)
    }

    /// Percent more than the best value, rounded half up: digits of percent × 10^decimals.
    /// Only a flagged product can be cheaper than its list's best value (`isCheaperThanBest`):
    /// this is then how much less, in percent.
    public func percentMore(decimals: Int) -> WideInteger {
        if isBest { return .small(0) }
        return unitPrice.percentMore(than: best, decimals: decimals)
    }

    /// Whether its unit price is below its list's best value's: a flagged product's.
    public var isCheaperThanBest: Bool { flags.isFlagged && unitPrice.compare(best) < 0 }

    /// Whether its percent more, rounded to `decimals`, is written with a minus: cheaper than the
    /// best value by enough to show (never `-0.0`).
    public func showsLess(decimals: Int) -> Bool { isCheaperThanBest && !percentMore(decimals: decimals).isZero }
}

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
    private let storage: (order: FrozenBuffer<Int32>, ranks: FrozenBuffer<Int32>, factors: FrozenBuffer<ExactDecimal>,
                          spellings: FrozenBuffer<UnsafeBufferPointer<UInt8>>)

    init(sheet: ValidatedSheet, lists: [RankedList], order: FrozenBuffer<Int32>, ranks: FrozenBuffer<Int32>) {
        self.sheet = sheet
        self.lists = lists
        storage = (order, ranks, FrozenBuffer(sheet.factors),
                   FrozenBuffer((0..<sheet.spellings.count).map { sheet.spellings.buffer(of: $0) }))
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
}

/// A list's entries, or a piece of them, best first: a collection that builds each entry
/// from the report's buffers as it is read, with no closure and no reference counting per
/// entry. The writers index it (`for position in entries.indices`) rather than iterate it: an
/// iterator hands out each entry in an Optional, which cost a copy of the whole entry per row.
struct RankedEntries: RandomAccessCollection {
    /// The products, indexed through `order` when given, else in rank order already.
    let products: UnsafeBufferPointer<Product>
    let order: UnsafeBufferPointer<Int32>?
    let ranks: UnsafeBufferPointer<Int32>
    /// Where the products' `nameStart` counts from.
    let names: UnsafePointer<UInt8>?
    let factors: UnsafeBufferPointer<ExactDecimal>
    let spellings: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    let best: UnitPrice
    let basis: ExactDecimal

    init(report: RankedReport, list: RankedList, products: UnsafeBufferPointer<Product>, order: UnsafeBufferPointer<Int32>?,
         ranks: UnsafeBufferPointer<Int32>, names: UnsafePointer<UInt8>?) {
        self.products = products
        self.order = order
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
        return RankedEntry(
            product: product, name: UnsafeBufferPointer(start: names.map { $0 + product.nameStart }, count: Int(product.nameLength)),
            unit: spellings[Int(product.spelling)], factor: factors[Int(product.unit)], rank: ranks[position], best: best,
            basis: basis)
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
    /// The unit price of its best value.
    let best: UnitPrice

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

    init(product: Product, name: UnsafeBufferPointer<UInt8>, unit: UnsafeBufferPointer<UInt8>, factor: ExactDecimal,
         rank: Int32, best: UnitPrice, basis: ExactDecimal) {
        self.product = product
        nameBytes = name
        unitBuffer = unit
        self.rankValue = rank
        self.best = best
        self.basis = basis
        unitPrice = UnitPrice(price: product.price, quantity: product.quantity, factor: factor)
    }

    public var rank: Int { Int(rankValue) }
    /// Tied with the cheapest unit price of the list.
    public var isBest: Bool { rankValue == 1 }
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
    public func percentMore(decimals: Int) -> WideInteger {
        isBest ? .small(0) : unitPrice.percentMore(than: best, decimals: decimals)
    }
}

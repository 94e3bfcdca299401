/// Every row of a run, sorted into product lists of one dimension each, mismatches and
/// rejected rows: what validation hands to ranking. A class, so that the writers' many reads
/// of it copy nothing.
public final class ValidatedSheet: @unchecked Sendable {  // immutable once built
    public let files: [InputFile]
    /// Each file's header as read, or nil for a file that stopped before it.
    public let headers: [[String]?]
    public let units: UnitTable
    /// Each unit's factor, by unit index: what ranking reads per product.
    let factors: [ExactDecimal]
    /// The bytes of every product name, one after the other.
    let names: ByteStorage
    public let lists: [ProductList]
    let spellings: ByteInterner
    /// Every product, in input order; valid while the sheet lives.
    var products: UnsafeBufferPointer<Product> { productStore.buffer }
    private let productStore: FrozenBuffer<Product>
    public let mismatches: [Mismatch]
    public let rejections: [Rejection]
    /// Deposits, bags, totals and discounts, in input order.
    public let notProducts: [NotAProduct]
    /// Whether a file has a card-price column (or a card price in a promotion column): reports
    /// then show each product's card price (`ProductDetails.cardPrice`); ranked with `--card`
    /// (`ranksCardPrices`) where below today's price, the shelf price then the regular one.
    public let readsCardPrices: Bool
    public let ranksCardPrices: Bool
    /// Whether a file has a sale-price column: reports then show regular prices beside.
    public let readsSalePrices: Bool
    /// How the rows of each file ended, in file order.
    public let fileCounts: [RowCounts]
    /// Whether a file was read as a receipt (with a count or a pack-price column): its
    /// reports then show each product's count, pack size and discount.
    public let readsReceipts: Bool

    /// Whether reports show each product's count, pack size and discount: when a file was read
    /// as a receipt, a discount was taken off a product, or a price was a deal of several packs.
    public var showsReceiptColumns: Bool { readsReceipts || facts.has(.discount) || facts.has(.deal) }
    /// What per decided about files that their users should know (how each file was read, a
    /// quantity column that may count packs), each naming its file.
    public let notes: [Diagnostic]
    /// Each ranked product's flags, key and details (regular, deal, card and stated prices,
    /// discounts, approximate and refined sizes), by product index.
    let facts: ProductFacts

    /// How all rows ended.
    public var counts: RowCounts { fileCounts.reduce(RowCounts(), +) }

    /// How reports show a row's deal: `2 for 7.00`, and the single price when the row gives one,
    /// `2 for 7.00; 3.99 each`, `2+1 free; 3.99 each`; nil when its price is no deal.
    func dealText(of details: ProductDetails) -> String? {
        guard let deal = details.deal else { return nil }
        guard let regular = details.regularPrice, let single = regular.dividedExactly(by: UInt64(deal.count)) else { return deal.text }
        return "\(deal.text); \(single.text) each"
    }

    /// Every mismatched and rejected row, in input order.
    public var findings: [Finding] {
        (mismatches.map(Finding.mismatch) + rejections.map(Finding.rejection)).sorted { $0.source < $1.source }
    }

    /// Every mismatched and rejected row, in input order, as `--strict` lists them:
    /// `FILE:LINE: rejected: reason` (`RankedReport.diagnostics` adds the flagged products).
    public var diagnostics: [Diagnostic] { diagnostics(of: findings.map { ($0.source, "\($0.kind): \($0.reason)") }) }

    /// Diagnostics of rows of the sheet's files, in input order (ties in the order given).
    func diagnostics(of lines: [(source: SourceLocation, message: String)]) -> [Diagnostic] {
        lines.enumerated().sorted { ($0.element.source, $0.offset) < ($1.element.source, $1.offset) }.map {
            Diagnostic(.warning, file: files[$0.element.source.file].messageName, line: $0.element.source.line, $0.element.message)
        }
    }

    public var listCount: Int { lists.count }

    init(files: [InputFile], headers: [[String]?], units: UnitTable, factors: [ExactDecimal], names: ByteStorage,
         lists: [ProductList], spellings: ByteInterner, products: FrozenBuffer<Product>, mismatches: [Mismatch], rejections: [Rejection],
         notProducts: [NotAProduct], readsCardPrices: Bool = false, ranksCardPrices: Bool = false, readsSalePrices: Bool,
         fileCounts: [RowCounts], readsReceipts: Bool, notes: [Diagnostic], facts: ProductFacts = ProductFacts()) {
        self.facts = facts
        self.files = files
        self.headers = headers
        self.units = units
        self.factors = factors
        self.names = names
        self.lists = lists
        self.spellings = spellings
        productStore = products
        self.mismatches = mismatches
        self.rejections = rejections
        self.notProducts = notProducts
        self.readsCardPrices = readsCardPrices
        self.ranksCardPrices = ranksCardPrices
        self.readsSalePrices = readsSalePrices
        self.fileCounts = fileCounts
        self.readsReceipts = readsReceipts
        self.notes = notes
    }

    /// A product's name; valid while the sheet lives.
    @inline(__always)
    func name(of product: Product) -> UnsafeBufferPointer<UInt8> {
        names.bytes(product.nameStart, Int(product.nameLength))
    }
}

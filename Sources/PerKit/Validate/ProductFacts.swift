/// What validation found about ranked products beyond their figures, by product index (the
/// index in `ValidatedSheet.products`): each product's flags (`ProductFlags`, one per product:
/// ranking reads them all), its key (`ProductKeys`, when a file has a key column), and its
/// other details, read and given as one record (`ProductDetails`).
///
/// The details are stored a column each, so that a sheet pays only for what its products
/// have: a shop's stated unit price on every row is a dense array, a sale's regular price or a
/// deal a table of the products that have one. A new product fact is a field of
/// `ProductDetails` and its column here, in `set` and in the subscript.
struct ProductFacts {
    /// Each product's flags and detail marks; empty when the sheet has no products.
    var flags: [ProductFlags] = []
    /// Each product's key (`--key`), when a file has the column.
    var keys: ProductKeys? = nil
    /// Per file, stated-unit-price cells of ranked products that do not read as one.
    var statedUnreadable: [Int] = []
    /// Whether a file has a stated-unit-price column.
    var readsStatedPrices = false
    var refinesSizes = true
    /// The kinds of details some product has.
    private(set) var kinds: ProductDetails.Kinds = []

    private var regularPrices: [Int: ExactDecimal] = [:]
    private var deals: [Int: Deal] = [:]
    private var cardPrices: [Int: ExactDecimal] = [:]
    private var discounts: [Int: ExactDecimal] = [:]
    private var approximate: Set<Int> = []
    private var weighed: Set<Int> = []
    /// By product index up to the last product that states one (most rows of a sheet with the
    /// column do).
    private var stated: [StatedUnitPrice?] = []
    private var sizes: [Int: NameSizeCheck.Outcome] = [:]
    private var onSale: Set<Int> = []
    private var lowestPrices: [Int: ExactDecimal] = [:]
    private var anchorPrices: [Int: ExactDecimal] = [:]

    /// A product's details (`ProductDetails.none` when it has none, or `index` is -1).
    @inline(__always)
    subscript(index: Int) -> ProductDetails {
        guard index >= 0, !kinds.isEmpty else { return .none }
        var details = ProductDetails()
        if kinds.contains(.regularPrice) { details.regularPrice = regularPrices[index] }
        if kinds.contains(.deal) { details.deal = deals[index] }
        if kinds.contains(.cardPrice) { details.cardPrice = cardPrices[index] }
        if kinds.contains(.discount) { details.discount = discounts[index] }
        if kinds.contains(.approximate) { details.approximate = approximate.contains(index) }
        if kinds.contains(.weighed) { details.weighed = weighed.contains(index) }
        if kinds.contains(.stated), index < stated.count { details.stated = stated[index] }
        if kinds.contains(.sizes) { details.sizes = sizes[index] }
        if kinds.contains(.onSale) { details.onSale = onSale.contains(index) }
        if kinds.contains(.lowestPrice) { details.lowestPrice = lowestPrices[index] }
        if kinds.contains(.anchorPrice) { details.anchorPrice = anchorPrices[index] }
        return details
    }

    /// A product's stated unit price alone, for the checks and writers that read only it (a
    /// whole record costs more, per product).
    @inline(__always)
    func stated(of index: Int) -> StatedUnitPrice? {
        index >= 0 && index < stated.count ? stated[index] : nil
    }

    /// The sizes behind a product's refined or compared size alone.
    @inline(__always)
    func sizes(of index: Int) -> NameSizeCheck.Outcome? {
        index >= 0 && kinds.contains(.sizes) ? sizes[index] : nil
    }

    /// Whether some product has a detail of this kind.
    @inline(__always)
    func has(_ kind: ProductDetails.Kinds) -> Bool { kinds.contains(kind) }

    /// Whether any product has details.
    var hasDetails: Bool { !kinds.isEmpty }

    /// Gives a product its details (nothing is kept of a record with none).
    mutating func set(_ details: ProductDetails, of index: Int) {
        if let regular = details.regularPrice { regularPrices[index] = regular; kinds.insert(.regularPrice) }
        if let deal = details.deal { deals[index] = deal; kinds.insert(.deal) }
        if let card = details.cardPrice { cardPrices[index] = card; kinds.insert(.cardPrice) }
        if let discount = details.discount { discounts[index] = discount; kinds.insert(.discount) }
        if details.approximate { approximate.insert(index); kinds.insert(.approximate) }
        if details.weighed { weighed.insert(index); kinds.insert(.weighed) }
        if let figure = details.stated {
            if stated.count <= index { stated.append(contentsOf: repeatElement(nil, count: index + 1 - stated.count)) }
            stated[index] = figure
            kinds.insert(.stated)
        }
        if let outcome = details.sizes { sizes[index] = outcome; kinds.insert(.sizes) }
        if details.onSale { onSale.insert(index); kinds.insert(.onSale) }
        if let lowest = details.lowestPrice { lowestPrices[index] = lowest; kinds.insert(.lowestPrice) }
        if let anchor = details.anchorPrice { anchorPrices[index] = anchor; kinds.insert(.anchorPrice) }
    }

    /// Changes a product's details.
    mutating func update(_ index: Int, _ change: (inout ProductDetails) -> Void) {
        var details = self[index]
        change(&details)
        set(details, of: index)
    }

    /// The products with a detail of this kind, by index in order.
    func indices(with kind: ProductDetails.Kinds) -> [Int] {
        switch kind {
        case .regularPrice: regularPrices.keys.sorted()
        case .deal: deals.keys.sorted()
        case .cardPrice: cardPrices.keys.sorted()
        case .discount: discounts.keys.sorted()
        case .approximate: approximate.sorted()
        case .weighed: weighed.sorted()
        case .stated: stated.indices.filter { stated[$0] != nil }
        case .onSale: onSale.sorted()
        case .lowestPrice: lowestPrices.keys.sorted()
        case .anchorPrice: anchorPrices.keys.sorted()
        default: sizes.keys.sorted()
        }
    }
}

/// What validation found about ranked products beyond their figures, by product index (the
/// index in `ValidatedSheet.products`): flags the row alone decides, the shop's stated unit
/// prices, and the sizes behind a size refined from the name or disagreeing with it.
struct ProductAnnotations {
    /// Each product's flags and detail marks; empty when the sheet has no products.
    var flags: [ProductFlags] = []
    /// Each product's stated unit price, or nil when no file has a stated-unit-price column.
    var stated: [StatedUnitPrice?]? = nil
    /// Per file, stated-unit-price cells of ranked products that do not read as one.
    var statedUnreadable: [Int] = []
    var sizes: [Int: NameSizeCheck.Outcome] = [:]
    var refinesSizes = true
    /// Each product's key (`--key`), when a file has the column.
    var keys: ProductKeys? = nil

    var readsStatedPrices: Bool { stated != nil }
}

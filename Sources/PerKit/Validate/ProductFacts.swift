/// What validation found about ranked products beyond their figures, by product index (the
/// index in `ValidatedSheet.products`): each product's flags (`ProductFlags`, one per product:
/// ranking reads them all) and key (`ProductKeys`, when a file has a key column), and the
/// record of its other details (`ProductDetails`) for the products that have any.
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
    /// The details of the products that have any, by product index.
    private(set) var details: [Int: ProductDetails] = [:]
    /// The kinds of details some product has.
    private(set) var kinds: ProductDetails.Kinds = []

    /// A product's details (`ProductDetails.none` when it has none).
    @inline(__always)
    subscript(index: Int) -> ProductDetails {
        details.isEmpty || index < 0 ? .none : details[index] ?? .none
    }

    /// Whether some product has a detail of this kind.
    @inline(__always)
    func has(_ kind: ProductDetails.Kinds) -> Bool { kinds.contains(kind) }

    /// Whether any product has details.
    var hasDetails: Bool { !details.isEmpty }

    /// Changes a product's details.
    mutating func update(_ index: Int, _ change: (inout ProductDetails) -> Void) {
        var record = details[index] ?? ProductDetails()
        change(&record)
        kinds.formUnion(record.kinds)
        details[index] = record
    }

    /// Gives a product its details (nothing when it has none).
    mutating func set(_ record: ProductDetails, of index: Int) {
        let recordKinds = record.kinds
        guard !recordKinds.isEmpty else { return }
        kinds.formUnion(recordKinds)
        details[index] = record
    }

    /// The products with a detail of this kind, by index.
    func indices(with kind: ProductDetails.Kinds) -> [Int] {
        details.compactMap { $0.value.kinds.contains(kind) ? $0.key : nil }
    }
}

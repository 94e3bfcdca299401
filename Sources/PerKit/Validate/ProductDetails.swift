/// What validation knows of a ranked product beyond its figures (`Product`), its flags and its
/// key: one record, so that a new fact about a product is a field here, given by the row
/// (`JudgedRows.details(of:at:)`) or by validation (`Validator`), kept by `ProductFacts` (a column
/// each) and read where a writer or a check shows it (`ValidatedSheet.facts[index]`).
struct ProductDetails {
    /// The regular price beside the sale, deal or card price ranked.
    var regularPrice: ExactDecimal?
    /// The multi-buy deal its price is (`2 for 5.00`): ranked as the deal's packs for its price,
    /// as a receipt's line of so many packs.
    var deal: Deal?
    /// The loyalty card's price (`Clubcard Price`): shown beside the shelf price, ranked with
    /// `--card` where below today's price.
    var cardPrice: ExactDecimal?
    /// What discount lines took off it: its price is what was paid.
    var discount: ExactDecimal?
    /// Whether its size is approximate (`ca. 500 g`): the shop weighs the pack.
    var approximate = false
    /// Whether its size is what the till weighed (a receipt's `0.732 kg` in its count cell):
    /// the amount bought, not a pack size.
    var weighed = false
    /// The shop's stated unit price, when its file has the column and the cell reads.
    var stated: StatedUnitPrice?
    /// The sizes behind a size refined from its name or compared with it (`NameSizeCheck`).
    var sizes: NameSizeCheck.Outcome?
    /// Whether its price is a sale's (a sale cell read as the price), and the shop's published
    /// lowest price of the last 30 days and anchor price: read for `per sales` alone.
    var onSale = false
    var lowestPrice: ExactDecimal?
    var anchorPrice: ExactDecimal?

    /// The details a product has none of.
    static let none = ProductDetails()

    /// Kinds of details, to know which some product of a sheet has: reports add a column for
    /// each (`ProductFacts.has`).
    struct Kinds: OptionSet {
        let rawValue: UInt16
        static let regularPrice = Kinds(rawValue: 1 << 0)
        static let deal = Kinds(rawValue: 1 << 1)
        static let cardPrice = Kinds(rawValue: 1 << 2)
        static let discount = Kinds(rawValue: 1 << 3)
        static let approximate = Kinds(rawValue: 1 << 4)
        static let stated = Kinds(rawValue: 1 << 5)
        static let sizes = Kinds(rawValue: 1 << 6)
        static let weighed = Kinds(rawValue: 1 << 7)
        static let onSale = Kinds(rawValue: 1 << 8)
        static let lowestPrice = Kinds(rawValue: 1 << 9)
        static let anchorPrice = Kinds(rawValue: 1 << 10)
    }
}

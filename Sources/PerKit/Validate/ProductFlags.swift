/// What may be wrong with a ranked product, though it can be ranked: a flagged product is still
/// ranked and counted, but it never sets its list's "Best value" (`Ranker`), and `--strict`
/// counts it as a finding. Reports name each flag by `names` (JSON `flags`, the CSV `flags`
/// column); the set is documented in docs/checking.md.
public struct ProductFlags: OptionSet, Hashable, Sendable, BitwiseCopyable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A unit price more than `Plausibility.outlierFactor` times from its list's median.
    public static let unitPriceOutlier = ProductFlags(rawValue: 1 << 0)
    /// A pack count equal to the size it multiplies (`708x708.0g`): the size written twice;
    /// not when the shop's stated unit price agrees with the size (`60x60.0g` bars).
    public static let packCountIsSize = ProductFlags(rawValue: 1 << 1)
    /// The name's size and the quantity column disagree beyond the column's rounding.
    public static let nameSizeDisagrees = ProductFlags(rawValue: 1 << 2)
    /// The shop's stated unit price disagrees with per's exact one.
    public static let statedUnitPriceDisagrees = ProductFlags(rawValue: 1 << 3)
    /// A sale price above the row's regular price: one of the two is wrong.
    public static let saleAboveRegular = ProductFlags(rawValue: 1 << 4)

    /// A size that reads two ways (`4PACK 160g`: four packs of 160 g, or 160 g in all) with
    /// nothing in the row to settle it: the packs' total is ranked.
    public static let sizeReadsTwoWays = ProductFlags(rawValue: 1 << 8)
    /// A sale, deal or card price of a tenth of the regular price or less: a slipped decimal point
    /// (`0.199` for `1.99`) more likely than 90% off.
    public static let saleFarBelowRegular = ProductFlags(rawValue: 1 << 10)

    /// Not flags: marks that a product has details kept beside it, so that they are looked up
    /// only then: the sizes behind a size refined from its name or compared with it
    /// (`NameSizeCheck.Outcome`), a stated unit price, a stated cell that did not read.
    static let statedUnreadable = ProductFlags(rawValue: 1 << 5)
    static let sizeDetails = ProductFlags(rawValue: 1 << 6)
    static let stated = ProductFlags(rawValue: 1 << 7)
    /// A card-price cell that does not read, passed over without `--card` (`Validator` says how
    /// many in a note).
    static let cardUnreadable = ProductFlags(rawValue: 1 << 9)
    /// A price cell that says what it is per (`$3.99/lb`: `PricePerBasis`), the row's size its
    /// basis (`Validator` says how many in a note).
    static let pricedPerBasis = ProductFlags(rawValue: 1 << 11)
    /// A row with no size whose size is its price over the shop's unit price, which divides
    /// exactly (`SizeFromStatedPrice`; `Validator` says how many in a note).
    static let sizeFromStated = ProductFlags(rawValue: 1 << 12)

    /// Every flag, in the order reports list them.
    public static let all: [ProductFlags] = [.unitPriceOutlier, .packCountIsSize, .nameSizeDisagrees, .statedUnitPriceDisagrees,
                                             .saleAboveRegular, .saleFarBelowRegular, .sizeReadsTwoWays]

    /// Whether any flag is set (the detail marks aside): the five low bits, the ninth and the
    /// eleventh.
    @inline(__always)
    public var isFlagged: Bool { rawValue & 0x51F != 0 }

    /// Each flag's name as reports write it, in `all`'s order.
    public var names: [String] {
        Self.all.filter(contains).map { flag in
            switch flag {
            case .unitPriceOutlier: "unit_price_outlier"
            case .packCountIsSize: "pack_count_is_size"
            case .nameSizeDisagrees: "name_size_disagrees"
            case .saleAboveRegular: "sale_above_regular"
            case .saleFarBelowRegular: "sale_far_below_regular"
            case .sizeReadsTwoWays: "size_reads_two_ways"
            default: "stated_unit_price_disagrees"
            }
        }
    }
}

import BigInt

/// Whether a shop's stated unit price agrees with per's exact one, and when it does not, the
/// likely cause. Stated figures never change the ranking.
///
/// Agreement: per's exact unit price on the stated figure's basis lies within half a unit of the
/// figure's last digit (its own rounding: `11.04` is anything from 11.035 to 11.045) plus 0.5% of
/// the figure. Exact: compared as integers, nothing rounded.
public struct StatedVerdict: Hashable, Sendable {
    public var agrees: Bool
    /// Why it disagrees, when one cause is clear.
    public var cause: StatedCause?
}

/// How many ranked products of a file (or a run) state a unit price, and how many of those agree.
public struct StatedCount: Hashable, Sendable {
    public var stated = 0
    public var agree = 0

    public static func + (a: StatedCount, b: StatedCount) -> StatedCount {
        StatedCount(stated: a.stated + b.stated, agree: a.agree + b.agree)
    }
}

/// The likely causes of a stated unit price that disagrees, checked in this order.
public enum StatedCause: String, Hashable, Sendable, CaseIterable {
    /// The figure is for the quantity column's rounded size (the name's exact size was ranked).
    case listedSize = "listed_size"
    /// The figure is for the size in the name (the quantity column's was ranked).
    case nameSize = "name_size"
    /// The figure is the pack's price, not a unit price.
    case packPrice = "pack_price"
    /// The figure is 10, 100 or 1000 times per's, or per's that many times the figure.
    case factor10 = "factor_10"
    case factor100 = "factor_100"
    case factor1000 = "factor_1000"
    /// The size is approximate (`ca. 1 kg`): the shop prices what it weighs.
    case approximateSize = "approximate_size"
    /// The quantity column is a whole number of times the name's size: a case of packs?
    case caseOfPacks = "case_of_packs"

    /// What the cause means, as a clause for a report.
    public var sentence: String {
        switch self {
        case .listedSize: "the shop's figure is for the quantity column's rounded size"
        case .nameSize: "the shop's figure is for the size in the name"
        case .packPrice: "the shop's figure is the pack price"
        case .factor10: "a factor of 10 (per 100 g or 100 ml against per kg or l?)"
        case .factor100: "a factor of 100 (cents against the currency, or per 10 g?)"
        case .factor1000: "a factor of 1000 (g against kg, or ml against l?)"
        case .approximateSize: "the size is approximate: the shop prices what the pack weighs"
        case .caseOfPacks: "the quantity column is a case of several of the name's packs"
        }
    }
}

enum StatedCheck {
    /// The verdict on `stated` for a product of `price` whose exact unit price per base unit is
    /// `unitPrice`, the figure being per `basis` base units. `otherSize` is the product's other
    /// size (the column's when the name's was ranked, or the reverse) in base units, and
    /// `otherIsListed` says which it is.
    /// A product ranked at a sale price may state the unit price of its regular price (the
    /// Croatian lists' `cijena za jedinicu mjere` is the regular price's): `regularUnitPrice`,
    /// when it has one, agrees as well.
    static func verdict(stated: ExactDecimal, basis: ExactDecimal, unitPrice: UnitPrice, price: ExactDecimal, approximate: Bool,
                        otherSize: ExactDecimal?, otherIsListed: Bool, regularUnitPrice: UnitPrice? = nil) -> StatedVerdict {
        if agrees(stated, with: value(unitPrice, basis: basis)) { return StatedVerdict(agrees: true, cause: nil) }
        if let regularUnitPrice, agrees(stated, with: value(regularUnitPrice, basis: basis)) { return StatedVerdict(agrees: true, cause: nil) }
        if let otherSize {
            let other = UnitPrice(price: price, quantity: otherSize, factor: ExactDecimal(significand: 1, scale: 0))
            if agrees(stated, with: value(other, basis: basis)) {
                return StatedVerdict(agrees: false, cause: otherIsListed ? .listedSize : .nameSize)
            }
        }
        if agrees(stated, with: (BigUInt(price.significand), BigUInt(10).power(price.scale))) {
            return StatedVerdict(agrees: false, cause: .packPrice)
        }
        let exact = value(unitPrice, basis: basis)
        for (power, cause) in [(1, StatedCause.factor10), (2, .factor100), (3, .factor1000)] {
            let scale = BigUInt(10).power(power)
            if agrees(stated, with: (exact.numerator * scale, exact.denominator))
                || agrees(stated, with: (exact.numerator, exact.denominator * scale)) {
                return StatedVerdict(agrees: false, cause: cause)
            }
        }
        return StatedVerdict(agrees: false, cause: approximate ? .approximateSize : nil)
    }

    /// A unit price per `basis` base units as a fraction.
    static func value(_ price: UnitPrice, basis: ExactDecimal) -> (numerator: BigUInt, denominator: BigUInt) {
        var numerator = BigUInt(price.numerator) * BigUInt(basis.significand)
        var denominator = BigUInt(price.denominator)
        let shift = price.exponent - basis.scale
        if shift >= 0 { numerator *= BigUInt(10).power(shift) } else { denominator *= BigUInt(10).power(-shift) }
        return (numerator, denominator)
    }

    /// The agreement rule, in one place: `StatedUnitPrice.agrees(_:with:)`.
    static func agrees(_ stated: ExactDecimal, with value: (numerator: BigUInt, denominator: BigUInt)) -> Bool {
        StatedUnitPrice.agrees(stated, with: value)
    }
}

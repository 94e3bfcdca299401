/// What a column of a price sheet is, as per decided it: one of the fields per reads, or
/// something per knows and leaves (a product code, a brand, a shop, a price for reference), or
/// nothing it knows.
public enum ColumnRole: Hashable, Sendable {
    case field(ColumnLayout.Field)
    /// A product code (an EAN, a SKU, the shop's article number): kept by `--key`.
    case code
    case brand
    /// The shop or store a row is from.
    case shop
    case date
    /// A web address or a picture's.
    case link
    /// A yes or no (`isAvailable`, `published`).
    case flag
    case tax
    /// A price for reference, never what a shopper pays now: the lowest in 30 days, an anchor price.
    case referencePrice
    /// The sale's price per unit of measure.
    case saleUnitPrice
    /// A loyalty card's price (`Clubcard Price`): never the shelf price.
    /// Marks beside a price (`A` for a sale running), not a price.
    case marker
    /// An amount or a share off the price (`Discount`, `Rabatt %`): not what is paid.
    case discount
    /// Values that look like a shop's categories (a few texts, each on many rows) under a header
    /// per does not know: said, not used as lists (`--column list=HEADER` uses it).
    case category
    /// Nothing per reads.
    case unused

    /// How the plan names it.
    public var name: String {
        switch self {
        case .field(let field):
            switch field {
            case .quantity: "size"
            case .statedUnitPrice: "stated unit price"
            case .statedPer: "what the stated unit price is per"
            case .salePrice: "sale price"
            case .cardPrice: "card price"
            case .packPrice: "pack price"
            default: field.rawValue
            }
        case .code: "product code"
        case .brand: "brand"
        case .shop: "shop"
        case .date: "date"
        case .link: "link"
        case .flag: "yes or no"
        case .tax: "tax"
        case .referencePrice: "reference price (not read)"
        case .saleUnitPrice: "the sale's unit price (not read)"
        case .marker: "sale marks (not read)"
        case .discount: "a discount, an amount or share off (not read)"
        case .category: "categories, by their values (not read: --column list=HEADER makes them the lists)"
        case .unused: "not read"
        }
    }
}

/// A role a header's words give a column, and how strongly: `naziv` names the name strongly,
/// `product` weakly (`product code` is a code), `description` more weakly still.
struct HeaderRole: Equatable, Sendable {
    var role: ColumnRole
    /// 1 (weak) to 4 (the field's own name, as `price`).
    var strength: Int
    /// A price column's words say it is the regular price (`regular_price`, `was`), or the
    /// current one (`price_now`); a pair of them is a price and a sale price.
    var regular = false
    var current = false
    /// A price column's words say it is a line's total (`Total`, `Amount`, `Betrag`).
    var total = false

    /// The role the words give, or nil when they name nothing per knows.
    init?(_ header: HeaderWords) {
        typealias C = HeaderVocabulary.Concept
        var concepts = Set<C>()
        for word in header.words { concepts.formUnion(HeaderVocabulary.concepts(of: word)) }
        let has = { (concept: C) in concepts.contains(concept) || (concept == .card && HeaderVocabulary.namesCard(header.words)) }
        let priceWords = has(.price) || has(.total) || has(.unitPrice)
        let perUnit = has(.unitPrice) || has(.per) || header.per != nil || ((priceWords || has(.sale)) && has(.unit))
        if header.isLegend { self.init(.marker, 2); return }
        if has(.link) { self.init(.link, 2); return }
        if has(.date) { self.init(.date, 2); return }
        if has(.flag) { self.init(.flag, 2); return }
        if has(.shop) { self.init(.shop, 2); return }
        if has(.brand) { self.init(.brand, 2); return }
        if has(.count) && !priceWords { self.init(.field(.count), 2); return }  // `number of packs`, `pack count`
        if has(.code) && !priceWords { self.init(.code, 2); return }
        if has(.tax) && !priceWords { self.init(.tax, 2); return }  // a tax rate or category (`taxCategory`)
        if has(.category) { self.init(.field(.list), 2); return }
        // A price for reference: the lowest in 30 days, an anchor price, a price on a date
        // (`MPC_020525`, `c_najniza_30`).
        if has(.lowest) || has(.anchor) || (priceWords && HeaderVocabulary.isDated(header.words)) {
            self.init(.referencePrice, 2)
            return
        }
        // A discount alone is an amount or a share off; with a price word, the discounted price
        // (`Discounted price`, `mpc_pop`), unless the words say before it (`Price before discount`).
        if has(.discount) && !priceWords && !has(.sale) { self.init(.discount, 2); return }
        if priceWords || has(.sale) || has(.discount) || has(.card) || header.words == ["each"] {
            if has(.card) { self.init(.field(.cardPrice), 2); return }
            if has(.regular) && perUnit { self.init(.referencePrice, 2); return }  // `was_unit_price`
            if (has(.sale) || has(.discount)) && perUnit { self.init(.saleUnitPrice, 2); return }
            if perUnit { self.init(.field(.statedUnitPrice), 2); return }
            if has(.regular) && (has(.sale) || has(.discount)) {  // `Price before discount`
                self.init(.field(.price), 3)
                regular = true
                return
            }
            if has(.discount) { self.init(.field(.salePrice), 2); return }
            if has(.sale) { self.init(.field(.salePrice), priceWords ? 2 : 1); return }
            if has(.each) || header.words == ["item", "price"] { self.init(.field(.packPrice), 2); return }
            if has(.list) { self.init(.field(.price), 3); regular = true; return }  // a list price
            let strength = has(.regular) || has(.includingTax) ? 3 : (has(.excludingTax) || has(.net) ? 1 : 2)
            self.init(.field(.price), strength)
            regular = has(.regular)
            current = has(.current)
            total = has(.total)
            return
        }
        if has(.list) { self.init(.field(.list), 2); return }
        // A share (`Vol.%`, `Fett %`) is no size.
        if has(.quantity) && !header.isShare { self.init(.field(.quantity), has(.unit) ? 1 : 2); return }
        // A unit column that names several units says which one a figure is per (`jed.mj. (1 KOM/L/KG)`).
        if has(.unit) { self.init(header.unitCount >= 2 ? .field(.statedPer) : .field(.unit), header.unitCount >= 2 ? 1 : 2); return }
        if has(.name) { self.init(.field(.name), 3); return }
        if has(.product) { self.init(.field(.name), 2); return }
        if has(.description) { self.init(.field(.name), 1); return }
        if has(.net) { self.init(.field(.quantity), 1); return }
        return nil
    }

    init(_ role: ColumnRole, _ strength: Int) {
        self.role = role
        self.strength = strength
    }
}

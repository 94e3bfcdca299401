/// Where the fields per reads sit in a file's records, found from its header.
public struct ColumnLayout: Hashable, Sendable {
    /// The fields per reads.
    public enum Field: String, CaseIterable, Sendable {
        case list, name, quantity, unit, price
        /// How many packs a row bought (a receipt's `Qty`).
        case count
        /// The price of one pack (a receipt's `Einzelpreis`); a row then costs count × pack price.
        case packPrice = "pack-price"
        /// The price while a sale runs (`MPC za vrijeme posebnog oblika prodaje`): when given,
        /// what a shopper pays today, and what is ranked.
        case salePrice = "sale-price"
        /// A loyalty card's price (`Clubcard Price`, `s karticom`): shown beside the shelf price
        /// with its own unit price, ranked only with `--card`; never taken for the price.
        case cardPrice = "card-price"
        /// The shop's own unit price (`--stated-unit-price HEADER`): checked, never ranked.
        case statedUnitPrice = "stated-unit-price"
        /// What each row's stated unit price is per (`1KG`, `100G`, `1EA`), when a column says.
        case statedPer = "stated-per"
        /// What identifies a product across weeks (`--key HEADER`: an EAN, a SKU, the shop's
        /// article number). Read only when named: no header is taken for it by itself.
        case key

        /// The option of its own that names the field's column (`--key HEADER`), for the fields
        /// that have one; the others are named with `--column FIELD=HEADER`. One spelling each.
        public var ownOption: String? {
            switch self {
            case .key: "--key"
            case .statedUnitPrice: "--stated-unit-price"
            case .statedPer: "--stated-per-column"
            default: nil
            }
        }
    }

    public var name: Int
    /// Absent when sizes come from the names (`--size-from-name`, or a count column without
    /// a quantity column).
    public var quantity: Int?
    /// Absent when the quantity cells carry their units (`6x355ml`).
    public var unit: Int?
    /// What the row cost in all; absent when only the pack price is given.
    public var price: Int?
    /// Absent when every row of the file belongs to the file's own list.
    public var list: Int?
    /// Absent when each row is one pack (price sheets).
    public var count: Int?
    public var packPrice: Int?
    public var salePrice: Int?
    public var cardPrice: Int?
    public var statedUnitPrice: Int?
    public var statedPer: Int?
    public var key: Int?
    /// The shop's published lowest price of the last 30 days (`Najniža cijena u posljednjih 30
    /// dana`) and its anchor price (`sidrena cijena na 2.5.2025`): read only when a command asks
    /// (`SheetOptions.readsReferencePrices`, `per sales`), never ranked.
    public var lowestPrice: Int?
    public var anchorPrice: Int?
    /// Whether rows say if they are on sale, and their reference prices (`per sales`).
    public var readsReferencePrices = false
    /// How many fields the header has, and so every row must have (a trailing delimiter aside,
    /// on the header or the row).
    public var fieldCount: Int
    /// Whether the header ends with a delimiter (`name,quantity,unit,price,`): its rows may then
    /// have one field fewer.
    public var endsWithEmptyField: Bool

    /// A unit of mass or volume the quantity column's header names for its values
    /// (`neto količina(KG)`, `net_weight_g`): the unit of a quantity cell that writes none.
    public var quantityUnit: String?
    /// Whether the unit column holds whole sizes (`1,5l`, `800g`) beside a quantity column of
    /// numbers, decided from the file's first records: each row's two are then compared
    /// (`RowRules.settleUnitColumnSize`).
    public var unitHoldsSizes = false
    /// Whether names may hold sizes, decided once from the file's first records (any of them
    /// with a digit before a letter, `SizeReader.mayHoldSize`): only then is each row's name
    /// compared with its quantity column (`NameSizeCheck`).
    public var namesHoldSizes = true

    /// Whether each pack's size is read from the end of its name.
    public var sizesFromNames: Bool { quantity == nil }

    /// Whether the file is read as a receipt: asked (`--receipts`), or it has a count or a
    /// pack-price column. A receipt's lines without a size may be deposits, bags, totals or
    /// discounts, and its reports show each product's count and pack size.
    func readsAsReceipt(asked receipts: Bool) -> Bool {
        receipts || count != nil || packPrice != nil
    }

    /// A layout with only a name column; `ColumnRoles` decides the rest.
    init(name: Int, fieldCount: Int, endsWithEmptyField: Bool) {
        self.name = name
        self.fieldCount = fieldCount
        self.endsWithEmptyField = endsWithEmptyField
    }

    /// The price column's title when it may be one pack's price as well as what the row cost:
    /// beside a count, with no pack price, a title that is not a line total (`Price`, not
    /// `Total`), and not named with `--column price=` (`mapped`). A row of more than one pack
    /// then reads two ways.
    func priceMayBeOnePacks(header: [String], mapped: [Field: String]) -> String? {
        guard count != nil, packPrice == nil, mapped[.price] == nil, let price,
              !HeaderVocabulary.isLineTotal(HeaderWords(header[price], units: .standard).words) else { return nil }
        return header[price].trimmingSpaces
    }

    /// How headers compare: trimmed, case-folded, `_` and `-` read as spaces, runs of spaces as one.
    static func key(_ title: String) -> String {
        title.lowercased()
            .map { $0 == "_" || $0 == "-" ? " " : $0 }
            .reduce(into: "") { key, character in
                if character.isWhitespace {
                    if !key.isEmpty && key.last != " " { key.append(" ") }
                } else {
                    key.append(character)
                }
            }
            .trimmingSpaces
    }
}

extension String {
    /// Without leading and trailing white space (including no-break spaces).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// The shops of a basket: each file one shop named after it, or, with a shop column read as
/// the files' lists (`--shop-column`), each of its values one shop. Products are the sheet's
/// ranked ones (mismatched and rejected rows are never bought), at today's price as `per
/// report` ranks it: the sale price while a sale runs, the card price with `--card`. Shops
/// whose prices state different currencies are refused: a basket adds prices up.
public struct BasketShops {
    public let report: RankedReport
    public var sheet: ValidatedSheet { report.sheet }
    /// The shops' names, in the order of the files, then of each file's first row of a shop.
    public let names: [String]
    /// Each product's shop, by product index.
    let shopOfProduct: [Int32]
    /// Each list's dimension, by list index.
    private let dimensions: [Dimension]

    /// Throws when the sheets' prices state two currencies that cannot be one (`€` and `£`;
    /// `$` goes with any dollar, and prices that state none with any currency): their figures
    /// cannot be added or compared, and `per report` keeps them in lists apart.
    public init(report: RankedReport, byList: Bool) throws(InputError) {
        self.report = report
        let sheet = report.sheet
        var names: [String] = []
        var shopOf: [Int32] = []
        shopOf.reserveCapacity(sheet.products.count)
        if byList {
            // The lists' names without the dimension `--split-dimensions` adds: one shop each.
            var byName: [String: Int32] = [:]
            var ofList = [Int32](repeating: -1, count: sheet.lists.count)
            for product in sheet.products {
                let list = Int(product.list)
                if ofList[list] < 0 {
                    let name = Dimension.baseName(of: sheet.lists[list].name)
                    if let known = byName[name] {
                        ofList[list] = known
                    } else {
                        ofList[list] = Int32(names.count)
                        byName[name] = Int32(names.count)
                        names.append(name)
                    }
                }
                shopOf.append(ofList[list])
            }
        } else {
            names = Self.shopNames(of: sheet.files)
            for product in sheet.products { shopOf.append(Int32(product.file)) }
        }
        self.names = names
        shopOfProduct = shopOf
        dimensions = sheet.lists.map(\.dimension)
        // Each list has one currency (`ListRules`): its first product says where it is.
        var seen: [(currency: Currency, product: Int)] = []
        var listSeen = [Bool](repeating: false, count: sheet.lists.count)
        for (index, product) in sheet.products.enumerated() where !listSeen[Int(product.list)] {
            listSeen[Int(product.list)] = true
            guard let currency = sheet.lists[Int(product.list)].currency else { continue }
            if let other = seen.first(where: { !Currency.mayBeSame($0.currency, currency) }) {
                let them = sheet.products[other.product].source
                throw InputError(file: sheet.files[product.source.file].shownPath, line: product.source.line, .shopsInCurrencies(
                    shop: names[Int(shopOf[index])], currency: currency.code, otherShop: names[Int(shopOf[other.product])],
                    otherCurrency: other.currency.code, otherPlace: "\(sheet.files[them.file].messageName):\(them.line)"))
            }
            if !seen.contains(where: { $0.currency == currency }) { seen.append((currency, index)) }
        }
    }

    /// Each file's shop: its name without folder and extension (`konzum`), or, where two files
    /// share that name (`zagreb/konzum.csv`, `split/konzum.csv`), its path without the extension,
    /// so that no two shops read alike.
    static func shopNames(of files: [InputFile]) -> [String] {
        let names = files.map(\.defaultListName)
        var seen: [String: Int] = [:]
        for name in names { seen[name, default: 0] += 1 }
        var shown = names.indices.map { index -> String in
            guard seen[names[index]]! > 1, !files[index].isStandardInput, files[index].listName == nil else { return names[index] }
            let path = files[index].shownPath
            guard let dot = path.lastIndex(of: "."), path[dot...].allSatisfy({ $0 != "/" }), dot != path.startIndex else { return path }
            return String(path[..<dot])
        }
        // Names still alike (a file and standard input both called "stdin"): numbered in file order.
        var alike: [String: Int] = [:]
        for name in shown { alike[name, default: 0] += 1 }
        var count: [String: Int] = [:]
        for index in shown.indices where alike[shown[index]]! > 1 {
            count[shown[index], default: 0] += 1
            shown[index] += " (\(count[shown[index]]!))"
        }
        return shown
    }

    /// The product at `index` as the basket buys it, nil when it cannot be bought as packs (a
    /// deal whose count does not divide its size). Undescribed (`described` false: no name, size or
    /// key text), it costs no string: for the many products a line matches, of which only the
    /// chosen few are shown.
    func product(_ index: Int, described: Bool = true) -> ShopProduct? {
        let sheet = self.sheet
        let product = sheet.products[index]
        let source = product.source
        let factor = sheet.factors[Int(product.unit)]
        let unit = described ? String(decoding: sheet.spellings.buffer(of: Int(product.spelling)), as: UTF8.self) : ""
        var pack = product.quantity
        var single: ExactDecimal? = product.price
        var bundle: ShopProduct.Bundle?
        let details = sheet.facts[index]
        if let deal = details.deal, deal.count > 1 {
            // A deal's row is ranked as its packs for its price: one pack is the row's size
            // over the deal's count, sold singly at the regular price over it, when given.
            guard let one = product.quantity.dividedExactly(by: UInt64(deal.count)) else { return nil }
            pack = one
            single = details.regularPrice.flatMap { $0.dividedExactly(by: UInt64(deal.count)) }
            bundle = ShopProduct.Bundle(count: deal.count, price: product.price, text: deal.text)
        }
        // Exact in 128 bits: two significands of at most 19 digits (`33.8140228 fl oz` in millilitres).
        let base = ShopProduct.BaseAmount(significand: UInt128(pack.significand) * UInt128(factor.significand), scale: pack.scale + factor.scale)
        let flags = report.flags
        return ShopProduct(
            index: index, shop: Int(shopOfProduct[index]), name: described ? String(decoding: sheet.name(of: product), as: UTF8.self) : "",
            key: described ? sheet.facts.keys?.key(of: index).map { String(decoding: $0, as: UTF8.self) } : nil,
            dimension: dimensions[Int(product.list)], source: source, size: described ? "\(pack.text) \(unit)" : "", base: base,
            single: single, bundle: bundle, flagged: !flags.isEmpty && flags[index].isFlagged)
    }
}

/// A product as a shop sells it to the basket: one pack's size, its single price and its deal.
public struct ShopProduct: Hashable, Sendable {
    /// A pack's size in its dimension's base unit, exactly: a size times its unit's factor may
    /// need more digits than an `ExactDecimal` holds.
    public struct BaseAmount: Hashable, Sendable {
        public var significand: UInt128
        public var scale: Int
    }

    public struct Bundle: Hashable, Sendable {
        public var count: Int
        public var price: ExactDecimal
        /// As reports show it (`2 for 7.00`).
        public var text: String
    }

    /// Its index in the sheet.
    let index: Int
    public var shop: Int
    public var name: String
    public var key: String?
    public var dimension: Dimension
    public var source: SourceLocation
    /// One pack's size as written (`0.5 kg`).
    public var size: String
    /// One pack's size in the dimension's base unit.
    public var base: BaseAmount
    /// One pack's price, nil when the shop gives only the deal's.
    public var single: ExactDecimal?
    public var bundle: Bundle?
    /// Whether `per report` flags it (it is bought all the same: the shop's price is its price).
    public var flagged: Bool
}

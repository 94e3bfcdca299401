/// What `per sales` found: the products on sale in the latest snapshot, each judged by
/// `SaleRules` against the shop's own columns and per's history of the shop's prices.
public struct SalesReport: Sendable {
    /// The shop the snapshots are of (`--shop`, else the latest file's name).
    public var shop: String
    /// The latest snapshot's day: the sales judged are that day's.
    public var day: CalendarDay
    /// How many snapshots, and the first one's day.
    public var snapshots: Int
    public var firstDay: CalendarDay
    /// Every product on sale that day, by list, name, key and size (byte order).
    public var products: [SaleProduct]
    /// Rows on sale that repeated a product already counted (the same product twice in a list).
    public var repeatedRows: Int
    /// Prices since the anchor price, when the latest snapshot has one.
    public var anchor: AnchorChanges

    /// The claims, each with its product, in the products' order.
    public var claims: [(product: SaleProduct, claim: SaleClaim)] {
        products.flatMap { product in product.claims.map { (product, $0) } }
    }

    /// How many products are of each kind; they add up to `products.count`.
    public struct SaleCounts: Sendable, Equatable {
        public var onSale = 0
        public var questionable = 0
        public var claims = 0
        public var passed = 0
        public var notEnoughHistory = 0
        public var unjudged: [SaleProduct.Unjudged: Int] = [:]
    }

    public var counts: SaleCounts {
        var counts = SaleCounts()
        for product in products {
            counts.onSale += 1
            counts.claims += product.claims.count
            switch product.kind {
            case .questionable: counts.questionable += 1
            case .passed: counts.passed += 1
            case .notEnoughHistory: counts.notEnoughHistory += 1
            case .unjudged(let why): counts.unjudged[why, default: 0] += 1
            }
        }
        return counts
    }

    /// Judges every product on sale in the history's latest snapshot.
    public init(_ history: SalesHistory, shop: String) {
        self.shop = shop
        day = history.days.last ?? CalendarDay(number: 0)
        firstDay = history.days.first ?? day
        snapshots = history.days.count
        var products: [SaleProduct] = []
        var repeated = 0
        if let snapshot = history.latest {
            var items: [Snapshot.Item] = []
            for (listIndex, list) in snapshot.lists.enumerated() {
                snapshot.items(of: list, into: &items)
                let tracks = history.latestTracks[listIndex]
                var judged = Set<Int32>()
                for (position, item) in items.enumerated() {
                    guard let details = snapshot.details(of: item, in: list), details.onSale, let price = item.price else { continue }
                    let track = position < tracks.count ? tracks[position] : -1
                    if track >= 0 && !judged.insert(track).inserted { repeated += 1; continue }
                    let runs = track < 0 || history.latestAmbiguous.contains(track) ? nil : history.runs[Int(track)]
                    let sale = SaleRules.Case(day: day, salePrice: price, quantity: item.quantity, publishedLow: details.lowestPrice,
                                              regularPrice: details.regularPrice, runs: runs, saleBegan: runs.flatMap(history.saleBegan))
                    let outcomes = SaleRules.check(sale, in: history)
                    let claims = outcomes.compactMap { outcome -> SaleClaim? in
                        if case .questionable(let claim) = outcome { return claim }
                        return nil
                    }
                    products.append(SaleProduct(list: list.name, name: String(decoding: item.name, as: UTF8.self),
                                                key: item.key.map { String(decoding: $0, as: UTF8.self) },
                                                size: "\(item.quantity.text) \(String(decoding: item.unit, as: UTF8.self))",
                                                salePrice: price, claims: claims, kind: SaleProduct.kind(of: outcomes)))
                }
            }
        }
        func order(_ a: SaleProduct, _ b: SaleProduct) -> Bool {
            for (x, y) in [(a.list, b.list), (a.name, b.name), (a.key ?? "", b.key ?? ""), (a.size, b.size)] where !x.utf8.elementsEqual(y.utf8) {
                return x.utf8.lexicographicallyPrecedes(y.utf8)
            }
            return a.salePrice.compareValue(b.salePrice) < 0
        }
        self.products = products.sorted(by: order)
        repeatedRows = repeated
        anchor = AnchorChanges(history)
    }
}

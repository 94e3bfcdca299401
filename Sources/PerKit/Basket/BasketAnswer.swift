/// The basket answered: for each line and shop the cheapest whole packs (`PackSolver`), each
/// shop's total and what it lacks, the cheapest shop that has everything, and the cheapest
/// split over at most `maxShops` shops (`BasketSplit`).
///
/// Money is summed exactly as whole numbers at the largest scale of the prices involved
/// (`priceScale`), and printed exactly with two decimals or as many as it needs (`money`).
public struct BasketAnswer {
    public let list: ShoppingList
    public let shops: [String]
    /// By line, by shop.
    public let outcomes: [[LineOutcome]]
    public let totals: [ShopTotal]
    /// The complete shops (`ShopTotal.isComplete`: every line some shop has) at the least
    /// total, in shop order: the first is the cheapest, the others tie with it. Empty when no
    /// shop is complete.
    public let cheapest: [Int]
    public let split: BasketSplit
    /// The list's findings, then the basket's, in line order.
    public let findings: [Diagnostic]
    /// The scale every amount of money is printed at.
    public let priceScale: Int
    public let maxShops: Int

    public init(list: ShoppingList, shops: BasketShops, maxShops: Int? = nil) {
        self.list = list
        self.shops = shops.names
        let matches = LineMatches(list, shops: shops)
        var findings = list.findings
        let sheet = shops.sheet
        let file = list.file
        // The products the basket may buy, by line, each line's dimension rule applied: kept
        // as indices, and made into `ShopProduct`s again one shop at a time when solved, so
        // that a line matching a million products holds 4 MB, not 170 MB, while the others
        // are read.
        var offered: [[Int32]] = []
        var countsPacks: [Bool] = []
        // By line, by shop: the dimensions of products the line's amount left out.
        var otherDimensions = [[Int: Set<Dimension>]](repeating: [:], count: list.lines.count)
        var scale = 2
        for (lineIndex, line) in list.lines.enumerated() {
            var products = matches.products[lineIndex].compactMap { shops.product($0, described: false) }
            countsPacks.append(line.amount.map { Self.countsPacks($0, products) } ?? false)
            let say = { (message: String, strict: Bool) in
                findings.append(Diagnostic(strict ? .warning : .note, file: file, line: line.line, "\(ShoppingListReader.quoted(line.item)) \(message)"))
            }
            if products.isEmpty {
                say("matches nothing in any shop: \(Self.howToMatch(line))", true)
            } else if let amount = line.amount, !Self.countsPacks(amount, products) {
                let dimensions = Set(products.map(\.dimension))
                for product in products where product.dimension != amount.dimension { otherDimensions[lineIndex][product.shop, default: []].insert(product.dimension) }
                products = products.filter { $0.dimension == amount.dimension }
                if products.isEmpty {
                    say("asks for \(amount.text), a \(amount.dimension.rawValue), but its products are sold by \(Self.named(dimensions)): "
                        + "give an amount such as \(dimensions.sorted().map { ["mass": "1 kg", "volume": "1 l", "count": "1 each"][$0.rawValue]! }.joined(separator: " or ")), "
                        + "or none for one pack", true)
                }
            } else if line.amount == nil, case .words = line.match, case let dimensions = Set(products.map(\.dimension)), dimensions.count > 1 {
                let counts = dimensions.sorted().map { dimension in "\(products.filter { $0.dimension == dimension }.count) by \(dimension.rawValue)" }
                say("matches products of several dimensions (\(counts.joined(separator: ", "))): give an amount (1 kg, 1 l, 1 each) "
                    + "to say which, or more words; the line is left out", true)
                products = []
            }
            if case .key(let key) = line.match {
                // A key on two products of one shop at different prices: both are offered,
                // the cheaper bought; said, as the shop's sheet disagrees with itself.
                for shop in Set(products.map(\.shop)).sorted() {
                    let same = products.filter { $0.shop == shop }
                    guard same.count > 1, Set(same.map { "\($0.single?.text ?? "")|\($0.bundle?.text ?? "")" }).count > 1 else { continue }
                    let places = same.map { "\(sheet.files[$0.source.file].messageName):\($0.source.line)" }
                    say("(key \(key)) is listed \(same.count) times in \(shops.names[shop]) at different prices (\(places.joined(separator: ", "))): "
                        + "the cheapest is bought", true)
                }
            }
            // In the sheets' order (file, then line), as matched: the order ties are broken in.
            for product in products {
                scale = max(scale, product.single?.scale ?? 0, product.bundle?.price.scale ?? 0)
            }
            offered.append(products.map { Int32($0.index) })
        }
        priceScale = scale
        // Each line in each shop.
        var outcomes: [[LineOutcome]] = []
        for (lineIndex, line) in list.lines.enumerated() {
            var row: [LineOutcome] = []
            // Each shop's products for the line, in the sheets' order, in one pass: a pass per
            // shop made shops given by a shop column cost the square of their count.
            var byShop: [Int32: [Int32]] = [:]
            for index in offered[lineIndex] { byShop[shops.shopOfProduct[Int(index)], default: []].append(index) }
            for shop in shops.names.indices {
                let products = (byShop[Int32(shop)] ?? []).compactMap { shops.product(Int($0), described: false) }
                if products.isEmpty, let others = otherDimensions[lineIndex][shop] {
                    row.append(.otherDimension(others.sorted()))
                    continue
                }
                var outcome = Self.outcome(line, products, scale: scale, packs: countsPacks[lineIndex])
                // The chosen products described, for the writers.
                if case .bought(var choice) = outcome {
                    for index in choice.packs.indices {
                        choice.packs[index].product = shops.product(choice.packs[index].product.index) ?? choice.packs[index].product
                    }
                    outcome = .bought(choice)
                }
                row.append(outcome)
            }
            if case let beyond = row.compactMap({ if case .beyondBound(let states) = $0 { Optional(states) } else { nil } }), !beyond.isEmpty {
                let said = "\(ShoppingListReader.quoted(line.item)): \(line.amount?.text ?? "one pack") in these pack sizes"
                if !beyond.contains(nil), let states = beyond.compactMap({ $0 }).max() {
                    findings.append(Diagnostic(.warning, file: file, line: line.line,
                                               "\(said) takes \(states) steps, more than per works through (\(PackSolver.maxStates)): a coarser amount answers it"))
                } else {
                    findings.append(Diagnostic(.warning, file: file, line: line.line,
                                               "\(said) and prices needs more digits side by side than the solver's bound (19) holds exactly: "
                                               + "a coarser amount, or sizes and prices with fewer decimals, answer it"))
                }
            }
            outcomes.append(row)
        }
        self.outcomes = outcomes
        var totals: [ShopTotal] = []
        for shop in shops.names.indices {
            var total: UInt128 = 0
            var missing: [Int] = []
            for lineIndex in list.lines.indices {
                if case .bought(let choice) = outcomes[lineIndex][shop] { total += choice.price } else { missing.append(lineIndex) }
            }
            totals.append(ShopTotal(shop: shop, total: total, missing: missing, isComplete: false))
        }
        // A line no shop has (it matched nothing, or was left out) keeps no shop from being
        // complete: the shops are compared on the lines some shop has.
        let answerable = Set(list.lines.indices.filter { line in outcomes[line].contains { $0.choice != nil } })
        for index in totals.indices { totals[index].isComplete = !answerable.isEmpty && answerable.isDisjoint(with: totals[index].missing) }
        self.totals = totals
        let complete = totals.filter(\.isComplete)
        let least = complete.map(\.total).min()
        cheapest = complete.filter { $0.total == least }.map(\.shop)
        self.maxShops = min(maxShops ?? shops.names.count, shops.names.count)
        split = BasketSplit(outcomes: outcomes, shopCount: shops.names.count, maxShops: self.maxShops)
        if !split.isExhaustive {
            findings.append(Diagnostic(.note, file: file, line: nil,
                                       "the split over at most \(self.maxShops) of \(shops.names.count) shops is the best found by adding one shop at a time: "
                                       + "there are more than \(BasketSplit.maxEnumeratedSets) sets of shops to try (a lower --max-shops tries them all)"))
        }
        self.findings = findings
    }

    /// Percent more than the cheapest complete shop, rounded half up to `decimals`: digits of
    /// percent × 10^decimals, by `per report`'s rule for unit prices (`UnitPrice.percentMore`),
    /// a total being a price per one basket. Nil when no shop is complete or this one is not.
    public func percentMore(shop: Int, decimals: Int) -> WideInteger? {
        guard let best = cheapest.first, totals[shop].isComplete,
              let price = Self.decimal(totals[shop].total, scale: priceScale),
              let least = Self.decimal(totals[best].total, scale: priceScale), !least.isZero else { return nil }
        let one = ExactDecimal(significand: 1, scale: 0)
        return UnitPrice(price: price, quantity: one, factor: one).percentMore(than: UnitPrice(price: least, quantity: one, factor: one), decimals: decimals)
    }

    /// An amount of money (at `priceScale`) as text, exactly, with two decimals or as many as
    /// it needs: `12.40`, and `2.985` for a pack and a half at 1.99 (`second half price`), whose
    /// decimals no longer make every other amount of the basket three decimals long (`0.990`).
    public func money(_ value: UInt128) -> String {
        let digits = String(value)
        guard priceScale > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, priceScale + 1 - digits.count)) + digits
        let fraction = padded.suffix(priceScale)
        let shown = max(min(priceScale, 2), fraction.count - fraction.reversed().prefix { $0 == "0" }.count)
        return padded.dropLast(priceScale) + "." + fraction.prefix(shown)
    }

    static func decimal(_ value: UInt128, scale: Int) -> ExactDecimal? {
        value < UInt128(Power10.of(ExactDecimal.maxDigits)) ? ExactDecimal(significand: UInt64(value), scale: scale) : nil
    }

    /// Whether a line's amount counts packs: one written in packs (`2 packs`), or a count
    /// (`3 each`) when no product it matches anywhere is sold by count (three bars of
    /// chocolate sold by weight are three packs).
    static func countsPacks(_ amount: WantedAmount, _ products: [ShopProduct]) -> Bool {
        amount.dimension == .count && amount.base.wholeValue != nil && (amount.isPacks || !products.contains { $0.dimension == .count })
    }

    /// The cheapest whole packs of `products` (one shop's matches) for the line; `packs`: the
    /// line's amount counts packs (`countsPacks`).
    static func outcome(_ line: ShoppingLine, _ products: [ShopProduct], scale: Int, packs: Bool = false) -> LineOutcome {
        guard !products.isEmpty else { return .missing }
        var line = line
        if packs, let amount = line.amount, let count = amount.base.wholeValue {
            // Each pack counts one: the same as one pack wanted, `count` times.
            line.amount = nil
            return outcome(line, products, scale: scale, wanted: UInt64(count))
        }
        return outcome(line, products, scale: scale, wanted: nil)
    }

    private static func outcome(_ line: ShoppingLine, _ products: [ShopProduct], scale: Int, wanted packCount: UInt64?) -> LineOutcome {
        // Amounts as whole numbers at their largest scale, in units of their greatest common
        // divisor (so that a size of many digits, `33.8140228 fl oz` in millilitres, fits the
        // solver's 64 bits); a line without an amount wants one pack.
        var amounts: [UInt128] = []
        var wanted: UInt128
        if let amount = line.amount {
            let amountScale = products.reduce(amount.base.scale) { max($0, $1.base.scale) }
            func whole(_ significand: UInt128, _ scale: Int) -> UInt128? {
                guard amountScale - scale <= 38 else { return nil }
                let (product, overflow) = significand.multipliedReportingOverflow(by: Power10.uint128(amountScale - scale))
                return overflow ? nil : product
            }
            let all = products.map { whole($0.base.significand, $0.base.scale) }
            guard !all.contains(nil), let asked = whole(UInt128(amount.base.significand), amount.base.scale) else { return .beyondBound(states: nil) }
            amounts = all.map { $0! }
            let divisor = amounts.reduce(UInt128(0)) { gcd($0, $1) }
            if divisor > 1 { amounts = amounts.map { $0 / divisor } }
            wanted = divisor > 1 ? asked / divisor + (asked % divisor == 0 ? 0 : 1) : asked
        } else {
            amounts = products.map { _ in 1 }
            wanted = UInt128(packCount ?? 1)
        }
        // Prices as whole numbers at the largest scale of these products' prices: not the whole
        // basket's, so that one price of many decimals (`0.30000000000000004`) leaves the
        // others room in 64 bits. Costs come back at `scale`, the basket's.
        let lineScale = products.reduce(0) { max($0, $1.single?.scale ?? 0, $1.bundle?.price.scale ?? 0) }
        func price(_ value: ExactDecimal) -> UInt64? {
            let (product, overflow) = value.significand.multipliedReportingOverflow(by: Power10.of(lineScale - value.scale))
            return overflow ? nil : product
        }
        func cost(_ value: UInt128) -> UInt128? {
            let (product, overflow) = value.multipliedReportingOverflow(by: Power10.uint128(scale - lineScale))
            return overflow ? nil : product
        }
        guard let asked = UInt64(exactly: wanted) else { return .beyondBound(states: wanted) }
        var offers: [PackSolver.Offer] = []
        var kept: [ShopProduct] = []
        for (index, product) in products.enumerated() {
            guard let amount = UInt64(exactly: amounts[index]) else { return .beyondBound(states: nil) }
            let single = product.single.map(price)
            let bundle = product.bundle.map { bundle in price(bundle.price).map { PackSolver.Bundle(count: bundle.count, price: $0) } }
            // A price that does not fit beside these is past the solver, said: never left out silently.
            if single == .some(nil) || bundle == .some(nil) { return .beyondBound(states: nil) }
            guard single != nil || bundle != nil else { continue }
            offers.append(PackSolver.Offer(amount: amount, single: single ?? nil, bundle: bundle ?? nil))
            kept.append(product)
        }
        switch PackSolver.solve(offers, wanted: asked) {
        case .nothingToBuy: return .missing
        case .beyondBound(let states): return .beyondBound(states: UInt128(states))
        case .solved(let solution):
            var packs: [ChosenPacks] = []
            for take in solution.takes {
                let offer = offers[take.offer]
                guard let spent = cost(UInt128(offer.single ?? 0) * UInt128(take.singles) + UInt128(offer.bundle?.price ?? 0) * UInt128(take.bundles))
                else { return .beyondBound(states: nil) }
                packs.append(ChosenPacks(product: kept[take.offer], singles: take.singles, bundles: take.bundles, price: spent))
            }
            guard let total = cost(solution.price) else { return .beyondBound(states: nil) }
            return .bought(LineChoice(packs: packs, price: total, packCount: solution.packs))
        }
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    static func named(_ dimensions: Set<Dimension>) -> String {
        dimensions.sorted().map(\.rawValue).joined(separator: " or ")
    }

    static func howToMatch(_ line: ShoppingLine) -> String {
        switch line.match {
        case .key: "check the key against the sheets' key column (--key HEADER)"
        case .words(let words): "no product name holds all of \(words.joined(separator: ", ")): try fewer words"
        }
    }
}

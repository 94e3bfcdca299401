/// The checks of ranked products that need their list ranked: the shop's stated unit prices
/// (`StatedCheck`), and unit prices far outside their list's with evidence of an error
/// (`Plausibility`); with the flags rows brought from validation, every product's flags.
struct ProductChecks {
    /// Each product's flags and detail marks, by product index; empty when none has any.
    var flags: [ProductFlags]
    var statedVerdicts: [StatedVerdict?]?
    var statedCounts: [StatedCount]
    /// How many products are flagged.
    var flaggedCount: Int
    /// The median unit price of each list large enough for the outlier rule, by sheet list index.
    var medians: [Int: UnitPrice]
    /// Why each product flagged `unit_price_outlier` is taken for an error, by product index.
    var outlierEvidence: [Int: OutlierEvidence]
    /// The sheet's lists that hold a flagged product.
    var flaggedLists: Set<Int>

    /// `order` holds product indices list after list (from `listStarts`), each list in rank
    /// order; `estimates` each product's unit price in floating point.
    @inline(never)
    static func run(_ sheet: ValidatedSheet, order: UnsafeBufferPointer<Int32>, listStarts: [Int],
                    estimates: UnsafeBufferPointer<Double>, bases: [ReportBasis]) -> ProductChecks {
        let products = sheet.products
        let factors = sheet.factors
        let listCount = listStarts.count - 1
        var flags = sheet.facts.flags.count == products.count ? sheet.facts.flags : []
        var medians: [Int: UnitPrice] = [:]
        // Lists with far-out products: the list, and the first and last positions inside.
        var farOut: [(list: Int, low: Int, high: Int)] = []
        for list in 0..<listCount where listStarts[list + 1] - listStarts[list] >= Plausibility.minimumProducts {
            let range = listStarts[list]..<listStarts[list + 1]
            let middle = Int(order[range.lowerBound + (range.count - 1) / 2])
            let median = UnitPrice(of: products[middle], factors: factors)
            medians[list] = median
            let estimate = estimates[middle]
            let factor = Plausibility.outlierFactorEstimate
            func outlier(_ position: Int) -> Bool {
                let index = Int(order[position])
                let price = estimates[index]
                // Clearly inside: no exact check needed.
                if price > estimate / factor * (1 + 1e-9) && price < estimate * factor * (1 - 1e-9) { return false }
                return Plausibility.isOutlier(UnitPrice(of: products[index], factors: factors), median: median)
            }
            var low = range.lowerBound
            while low < range.upperBound, outlier(low) { low += 1 }
            var high = range.upperBound - 1
            while high >= low, outlier(high) { high -= 1 }
            // Outside low..<high + 1 the list's products are far out.
            if low > range.lowerBound || high < range.upperBound - 1 { farOut.append((list, low, high)) }
        }
        var statedVerdicts: [StatedVerdict?]?
        var statedCounts = Array(repeating: StatedCount(), count: sheet.files.count)
        if sheet.facts.readsStatedPrices {
            var verdicts = [StatedVerdict?](repeating: nil, count: products.count)
            for index in sheet.facts.indices(with: .stated) {
                let details = sheet.facts[index]
                guard let figure = details.stated else { continue }
                let product = products[index]
                let dimension = sheet.lists[Int(product.list)].dimension
                // A figure per an amount past 18 digits has no basis per can write: no verdict,
                // rather than one on the list's basis (which would reverse it).
                if figure.amount != nil && figure.basis(factors: factors) == nil { continue }
                // A size found from the figure itself (`SizeFromStatedPrice`) agrees with it by
                // construction: no verdict, and not counted as checked.
                if !flags.isEmpty && flags[index].contains(.sizeFromStated) { continue }
                guard let basis = figure.basis(factors: factors) ?? Optional(bases[dimension.ordinal].factor) else { continue }
                var otherSize: ExactDecimal?
                var otherIsListed = false
                if let outcome = details.sizes {
                    if outcome.kind == .readsTwoWays {
                        otherSize = outcome.listedSize.timesExactly(factors[outcome.listedUnit])
                    } else if outcome.kind == .refined {
                        otherSize = outcome.listedSize.timesExactly(factors[outcome.listedUnit])
                        otherIsListed = true
                    } else {
                        otherSize = outcome.nameSize.timesExactly(factors[outcome.nameUnit])
                    }
                }
                let regular = details.regularPrice.map {
                    UnitPrice(price: $0, quantity: product.quantity, factor: factors[Int(product.unit)])
                }
                let verdict = StatedCheck.verdict(
                    stated: figure.value, basis: basis, unitPrice: UnitPrice(of: product, factors: factors), price: product.price,
                    approximate: details.approximate, otherSize: otherSize, otherIsListed: otherIsListed,
                    regularUnitPrice: regular)
                verdicts[index] = verdict
                statedCounts[Int(product.file)].stated += 1
                if verdict.agrees {
                    statedCounts[Int(product.file)].agree += 1
                    // The shop's figure confirms a size whose pack count equals its amount
                    // (`60x60.0g`, 60 bars of 60 g): no flag.
                    if !flags.isEmpty && flags[index].contains(.packCountIsSize) { flags[index].remove(.packCountIsSize) }
                    // It confirms a column below the name's size with no other cause (the
                    // weight the shop prices by: drained, or net of a glaze), or a case of
                    // several of the name's packs: not an error.
                    if !flags.isEmpty && flags[index].contains(.nameSizeDisagrees), let outcome = details.sizes {
                        var confirmed = false
                        if case .caseOf? = outcome.cause { confirmed = true }
                        if outcome.cause == nil, let listed = outcome.listedSize.timesExactly(factors[outcome.listedUnit]),
                           let named = outcome.nameSize.timesExactly(factors[outcome.nameUnit]), listed.compareValue(named) < 0 {
                            confirmed = true
                        }
                        if confirmed { flags[index].remove(.nameSizeDisagrees) }
                    }
                } else {
                    if flags.isEmpty { flags = Array(repeating: [], count: products.count) }
                    flags[index].insert(.statedUnitPriceDisagrees)
                }
            }
            statedVerdicts = verdicts
        }
        var outlierEvidence: [Int: OutlierEvidence] = [:]
        for (list, low, high) in farOut {
            let range = listStarts[list]..<listStarts[list + 1]
            let outside = range.filter { $0 < low || $0 > high }
            var alike: AlikeProducts?
            for position in outside {
                let index = Int(order[position])
                var evidence: OutlierEvidence?
                // The shop's figure first: agreeing, it clears the product of this flag (another
                // flag on its size stays: the figure may come from the same wrong column).
                if let verdict = statedVerdicts?[index] {
                    if !verdict.agrees { evidence = .statedDisagrees }
                } else if !flags.isEmpty && !flags[index].isDisjoint(with: [.packCountIsSize, .nameSizeDisagrees, .sizeReadsTwoWays]) {
                    evidence = .suspectSize
                } else {
                    if alike == nil { alike = AlikeProducts(sheet, order: order, pool: low...high, candidates: outside.map { Int(order[$0]) }) }
                    evidence = alike!.evidence(for: index, sheet: sheet)
                }
                guard let evidence else { continue }
                if flags.isEmpty { flags = Array(repeating: [], count: products.count) }
                flags[index].insert(.unitPriceOutlier)
                outlierEvidence[index] = evidence
            }
        }
        var flaggedLists = Set<Int>()
        var flaggedCount = 0
        for index in flags.indices where flags[index].isFlagged {
            flaggedLists.insert(Int(products[index].list))
            flaggedCount += 1
        }
        if flaggedLists.isEmpty && statedVerdicts == nil && !sheet.facts.has(.sizes) { flags = [] }
        return ProductChecks(flags: flags, statedVerdicts: statedVerdicts, statedCounts: statedCounts, flaggedCount: flaggedCount, medians: medians,
                             outlierEvidence: outlierEvidence, flaggedLists: flaggedLists)
    }
}

/// The products of one list that are not far out, by the first two words of their names
/// (runs of letters, ASCII case folded; any byte of a multi-byte character is a letter), in rank
/// order: what a far-out product's alike products cost (`Plausibility.powerOfTen`). A brand
/// alone is no kind of product (`Essence` lipstick and mascara), so two words, when the name
/// has two.
struct AlikeProducts {
    /// By the fingerprint of their first words (`fingerprint`): only products whose words equal
    /// a candidate's are kept, so no two words share one.
    private var byWords: [UInt64: [Int32]] = [:]
    private var words: [UInt64: [UInt8]] = [:]
    /// Each name's median pack price and size (in base units; nil when one does not fit).
    private var medians: [UInt64: (price: ExactDecimal, size: ExactDecimal?)] = [:]

    /// The products at `pool`'s positions whose first words are those of one of `candidates`
    /// (product indices): only they can be alike to a far-out product. Each pool name is
    /// fingerprinted without allocating; the words are made only where a fingerprint matches.
    init(_ sheet: ValidatedSheet, order: UnsafeBufferPointer<Int32>, pool: ClosedRange<Int>, candidates: [Int]) {
        for index in candidates {
            let name = sheet.name(of: sheet.products[index])
            if let print = Self.fingerprint(name), words[print] == nil, let words = Self.firstWords(name) { self.words[print] = words }
        }
        guard !words.isEmpty else { return }
        for position in pool {
            let index = order[position]
            let name = sheet.name(of: sheet.products[Int(index)])
            guard let print = Self.fingerprint(name), let words = self.words[print], Self.firstWords(of: name, are: words) else { continue }
            byWords[print, default: []].append(index)
        }
    }

    /// Each byte of a name's first two words (runs of letters, ASCII case folded; a space
    /// between them), in order, until `body` says stop (false); whether it ran to the end. The
    /// one place the words are made, for `firstWords`, `fingerprint` and the comparison.
    @inline(__always)
    private static func forEachFirstWordsByte(_ name: UnsafeBufferPointer<UInt8>, _ body: (UInt8) -> Bool) -> Bool {
        var count = 0
        var inWord = false
        for byte in name {
            let folded = byte | 0x20
            let isLetter = byte >= 0x80 || (folded &- UInt8(ascii: "a")) < 26
            if isLetter {
                if !inWord {
                    if count == 2 { break }
                    if count == 1 && !body(Byte.space) { return false }
                    count += 1
                    inWord = true
                }
                if !body(byte >= 0x80 ? byte : folded) { return false }
            } else {
                inWord = false
            }
        }
        return true
    }

    /// Whether `firstWords(name)` is `words`, compared byte by byte with nothing allocated.
    static func firstWords(of name: UnsafeBufferPointer<UInt8>, are words: [UInt8]) -> Bool {
        var at = 0
        let ran = forEachFirstWordsByte(name) { byte in
            guard at < words.count, words[at] == byte else { return false }
            at += 1
            return true
        }
        return ran && at == words.count
    }

    /// FNV-1a of `firstWords`, made as it would be, with nothing allocated; nil when it is nil.
    @inline(__always)
    static func fingerprint(_ name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var length = 0
        _ = forEachFirstWordsByte(name) { byte in
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            length += 1
            return true
        }
        return length >= 3 ? hash : nil
    }

    /// The first two words of a name, folded, joined by a space; the first alone when it is the
    /// only one; nil when that has fewer than three bytes.
    static func firstWords(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var words: [UInt8] = []
        _ = forEachFirstWordsByte(name) { byte in
            words.append(byte)
            return true
        }
        return words.count >= 3 ? words : nil
    }

    /// `.alike` when the product's unit price is about 10, 100 or 1000 times, or that much less
    /// than, the median of at least `Plausibility.minimumAlike` products alike in name whose
    /// unit prices lie within `Plausibility.alikeSpread` of each other, and one of its two
    /// figures is theirs: its pack price near their median pack price (a slipped size: `85 g`
    /// listed as 0.85 kg), or its size near their median size (a slipped price). A product whose
    /// price and size both differ is another kind of pack (fleur de sel beside coarse sea salt).
    mutating func evidence(for index: Int, sheet: ValidatedSheet) -> OutlierEvidence? {
        let product = sheet.products[index]
        // The product is far out, so never in the pool: the group is its alike products.
        guard let print = Self.fingerprint(sheet.name(of: product)), let members = byWords[print],
              members.count >= Plausibility.minimumAlike else { return nil }
        let price = { UnitPrice(of: sheet.products[Int(members[$0])], factors: sheet.factors) }
        // In rank order: the first is the cheapest.
        var spread = price(0)
        spread.numerator *= Plausibility.alikeSpread
        guard price(members.count - 1).compare(spread) <= 0 else { return nil }
        let median = price((members.count - 1) / 2)
        guard let factor = Plausibility.powerOfTen(UnitPrice(of: product, factors: sheet.factors), against: median) else { return nil }
        // Their median pack price and size, worked out once per name.
        let base = { (product: Product) in product.quantity.timesExactly(sheet.factors[Int(product.unit)]) }
        if medians[print] == nil {
            func middle(_ values: [ExactDecimal]) -> ExactDecimal { values.sorted { $0.compareValue($1) < 0 }[(values.count - 1) / 2] }
            let sizes = members.compactMap { base(sheet.products[Int($0)]) }
            medians[print] = (middle(members.map { sheet.products[Int($0)].price }), sizes.count == members.count ? middle(sizes) : nil)
        }
        let (packPrice, size) = medians[print]!
        let slippedSize = Plausibility.near(product.price, packPrice)
        let slippedPrice = size.flatMap { size in base(product).map { Plausibility.near($0, size) } } ?? false
        guard slippedSize || slippedPrice else { return nil }
        return .alike(factor: factor, median: median, count: members.count, word: String(decoding: words[print] ?? [], as: UTF8.self))
    }
}

/// What a row costs: its price, or count times pack price; a sale, a multi-buy deal or a
/// loyalty card's price.
extension RowRules {
    /// What a row costs today (`todaysPrice`): the price ranked, the regular price beside a sale
    /// or a deal, the deal, and whether the promotion cell was a card's (for `cardPrice`, so
    /// that it is looked at once).
    struct TodaysPrice {
        var price: NumberReader.Reading
        var regular: ExactDecimal?
        var deal: Deal?
        var cardInPromotion = false
        /// Whether the price is a sale's: a sale cell read as a price other than 0, whatever
        /// the regular price beside it (Kaufland and Metro write the sale price in both).
        var onSale = false
    }

    /// What a shopper pays today: the sale price when the row gives one (the regular price is
    /// then kept beside it, and may be empty), else `price`.
    func todaysPrice(_ fields: Fields, count: Bought) -> Result<TodaysPrice, RowProblem> {
        guard let saleField = fields.salePriceField, case let sale = saleField.trimmingSpaces(), !sale.isEmpty,
              !ColumnValues.saysNothing(sale) else {
            // No sale: an empty cell, or one that says so (`-`, `n/a`); perhaps a deal in the price cell.
            let priced = price(fields, count: count)
            if case .failure(.number(.price, _, .notANumber)) = priced, fields.packPriceField == nil {
                return deal(in: fields.priceField, single: nil, count: count) ?? unreadDeal(fields.priceField, field: .price).map { .failure($0) } ?? priced.map { TodaysPrice(price: $0) }
            }
            return priced.map { TodaysPrice(price: $0) }
        }
        switch salePrices.read(saleField) {
        case .success(let sale) where sale.value.isZero:
            // `0` or `0.00` in a sale column is no sale (Croatian chains write it on every row
            // without a promotion): the regular price is what a shopper pays.
            return price(fields, count: count).map { TodaysPrice(price: $0) }
        case .success(var sale):
            // Beside a count of more than one pack, or a weighed amount, a sale price reads two
            // ways (one pack's, or the row's), as a bare price does.
            if count.packs > 1 || count.measured != nil {
                return .failure(.saleOfOneOrAll(sale: RowProblem.text(saleField.trimmingSpaces()), count: count.multiplier.text))
            }
            // The regular price may be empty while a sale runs; one written that does not read
            // is a problem of the row, not a price to drop without a word.
            let regular: NumberReader.Reading?
            switch price(fields, count: count) {
            case .success(let reading): regular = reading
            case .failure(let problem):
                let written = fields.hasPriceColumn && !fields.priceField.trimmingSpaces().isEmpty
                if written { return .failure(problem) }
                regular = nil
            }
            // The sale is in the regular price's currency when it names none; two currencies
            // cannot be compared.
            if let regular, let currency = regular.currency {
                if let other = sale.currency, other != currency {
                    return .failure(.saleCurrencyDisagrees(price: currency.code, sale: other.code))
                }
                sale.currency = currency
            }
            // A regular price equal to the sale price is no sale (some chains write the offer
            // price in both); one of 0 beside a sale is no regular price.
            return .success(TodaysPrice(price: sale, regular: regular.flatMap { $0.value.compareValue(sale.value) == 0 || $0.value.isZero ? nil : $0.value },
                                        onSale: true))
        case .failure(.notANumber):
            // A card price in the promotion cell is no sale (`cardPrice` reads it, or says it
            // does not read: `Any 2 for £5 Clubcard Price`).
            if fields.cardPriceField == nil, namesCard(saleField) {
                return price(fields, count: count).map { TodaysPrice(price: $0, cardInPromotion: true) }
            }
            // A deal in the promotion cell, reckoned from the regular price when it needs one.
            let single = try? price(fields, count: count).get()
            if let dealt = deal(in: saleField, single: single, count: count) { return dealt }
            if let unread = unreadDeal(saleField, field: .salePrice) { return .failure(unread) }
            return .failure(.number(.salePrice, text: RowProblem.text(saleField.trimmingSpaces()), failure: .notANumber))
        case .failure(let failure):
            return .failure(.number(.salePrice, text: RowProblem.text(saleField.trimmingSpaces()), failure: failure))
        }
    }

    /// The row's loyalty-card price, nil when it has none (an empty cell, `0`, `-`, `n/a`). One
    /// that does not read, names another currency than the price, or stands beside more than
    /// one pack (a count, a deal: one pack's, or all of them?) is a problem of the row.
    func cardPrice(_ fields: Fields, count: Bought, priced: TodaysPrice)
        -> Result<ExactDecimal?, RowProblem> {
        // A card price in the promotion cell (`£2.10 Clubcard Price`) when no column holds them.
        let promotion = fields.cardPriceField == nil && priced.cardInPromotion ? fields.salePriceField : nil
        guard let field = fields.cardPriceField ?? promotion, case let card = field.trimmingSpaces(), !card.isEmpty,
              !ColumnValues.saysNothing(card) else {
            return .success(nil)
        }
        let text = RowProblem.text(card)
        var read = salePrices.read(card)
        if case .failure(.notANumber) = read, let labelled = labelledCardPrice(card) { read = .success(labelled) }
        switch read {
        case .success(let reading) where reading.value.isZero:
            return .success(nil)
        case .success(let reading):
            if count.packs > 1 || count.measured != nil { return .failure(.cardOfOneOrAll(card: text, count: count.multiplier.text)) }
            if let deal = priced.deal { return .failure(.cardOfOneOrAll(card: text, count: "\(deal.count)")) }
            if let price = priced.price.currency, let named = reading.currency, price != named {
                return .failure(.cardCurrencyDisagrees(price: price.code, card: named.code))
            }
            return .success(reading.value)
        case .failure(let failure):
            if failure == .notANumber, let unread = unreadDeal(card, field: .cardPrice) { return .failure(unread) }
            return .failure(.number(.cardPrice, text: text, failure: failure))
        }
    }

    /// A price cell that is no number and no deal per reads, but speaks of one (`50% off`,
    /// `2FOR5`): a problem that says so, not "is not a number"; nil for any other cell.
    private func unreadDeal(_ cell: UnsafeBufferPointer<UInt8>, field: RowProblem.Field) -> RowProblem? {
        DealReader.looksLikeDeal(cell.trimmingSpaces()) ? .dealUnknownForm(field, text: RowProblem.text(cell.trimmingSpaces())) : nil
    }

    /// Whether a promotion cell is a card's: a price and a label that names only the card, or
    /// any text whose words name one (`Any 2 for £5 Clubcard Price`).
    func namesCard(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most promotion cells are prices or empty: read as one (cheaply), they are no card's.
        guard case .failure(.notANumber) = salePrices.read(field) else { return false }
        if labelledCardPrice(field) != nil { return true }
        return HeaderVocabulary.namesCard(HeaderVocabulary.cellWords(String(decoding: field, as: UTF8.self)))
    }

    /// A price followed by words that only say it is a loyalty card's (`£2.10 Clubcard Price`,
    /// `1,99 € s karticom`, `0,89 Lidl Plus`); nil for anything else (`£2.10 per kg`, `£1.50 off`).
    private func labelledCardPrice(_ field: UnsafeBufferPointer<UInt8>) -> NumberReader.Reading? {
        let cell = field.trimmingSpaces()
        guard let letter = cell.firstIndex(where: { $0 >= 0x41 && $0 <= 0x7A && Byte.isLetterByte($0) }),
              cell[..<letter].contains(where: Byte.isDigit), !cell[letter...].contains(where: Byte.isDigit),
              HeaderVocabulary.isCardLabel(String(decoding: UnsafeBufferPointer(rebasing: cell[letter...]), as: UTF8.self)),
              case .success(let reading) = salePrices.read(UnsafeBufferPointer(rebasing: cell[..<letter]).trimmingSpaces())
        else { return nil }
        return reading
    }

    /// A multi-buy deal in `field` (`Deal`), or nil when the cell is no deal: what the deal's
    /// packs cost, and at the `single` price (the regular price for as many), when the row gives
    /// one. A deal beside a count of packs reads two ways, and one reckoned from a single price
    /// (`2+1 gratis`) needs one: each is a problem naming the deal.
    func deal(in field: UnsafeBufferPointer<UInt8>, single: NumberReader.Reading?, count: Bought)
        -> Result<TodaysPrice, RowProblem>? {
        let text = RowProblem.text(field.trimmingSpaces())
        switch DealReader(numbers: salePrices).read(field.trimmingSpaces()) {
        case nil:
            return nil
        case .failure(let failure)?:
            return .failure(.dealUnread(text: text, failure: failure))
        case .success(let deal)?:
            if count.packs > 1 || count.measured != nil { return .failure(.dealBesideCount(deal: text, count: count.multiplier.text)) }
            let single = single.flatMap { $0.value.isZero ? nil : $0 }
            guard let paid = deal.paid(single: single?.value) else {
                // Reckoned from a single price: none given, or the packs' price passes 18 digits.
                return .failure(single.map { .dealPriceTooLarge(deal: text, single: $0.value.text) } ?? .dealWithoutSinglePrice(deal: text))
            }
            var currency = deal.currency ?? single?.currency
            if let price = single?.currency, let named = deal.currency, price != named {
                return .failure(.saleCurrencyDisagrees(price: price.code, sale: named.code))
            }
            if currency == nil { currency = single?.currency }
            let regular = single.flatMap { $0.value.times(deal.count) }
            if var single, let regular, regular.compareValue(paid) == 0 {
                // A deal that saves nothing (`Any 2 for 4.00` read on its cheapest item, a 2.00
                // pack) is no deal, as a sale at the regular price is no sale: the row is one pack
                // at its single price, which the report shows and a basket buys.
                single.currency = currency
                return .success(TodaysPrice(price: single))
            }
            return .success(TodaysPrice(price: NumberReader.Reading(value: paid, currency: currency, evidence: nil),
                                        regular: regular.flatMap { $0.compareValue(paid) == 0 ? nil : $0 }, deal: deal))
        }
    }

    /// What the row cost: its price column, or its count times its pack price; with both, they
    /// must agree within `priceTolerance`.
    func price(_ fields: Fields, count: Bought) -> Result<NumberReader.Reading, RowProblem> {
        guard let packField = fields.packPriceField, !(fields.hasPriceColumn && packField.trimmingSpaces().isEmpty) else {
            // No pack price, or an empty one beside a price (a receipt's line of one item).
            return fields.price.mapError { .number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: $0) }
        }
        let packText = RowProblem.text(packField.trimmingSpaces())
        let pack: NumberReader.Reading
        switch packPrices.read(packField) {
        case .success(let reading): pack = reading
        case .failure(let failure): return .failure(.number(.packPrice, text: packText, failure: failure))
        }
        guard let expected = pack.value.timesExactly(count.multiplier) else {
            return .failure(.number(.packPrice, text: packText, failure: .tooManyDigits))
        }
        guard fields.hasPriceColumn else {
            return .success(NumberReader.Reading(value: expected, currency: pack.currency, evidence: nil))
        }
        let total: NumberReader.Reading
        switch fields.price {
        case .success(let reading): total = reading
        case .failure(let failure):
            return .failure(.number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: failure))
        }
        // A weighed item in a quantity column (`0,732 kg` beside `1,49`): its pack price is per
        // unit of its size, which the arithmetic confirms.
        var perUnitOfSize = false
        if !total.value.isWithin(Self.priceTolerance, of: expected), count.packs <= 1, count.measured == nil,
           case .success(let size) = fields.size, size.unit != nil, !size.bare,
           let weighed = pack.value.timesExactly(size.quantity), total.value.isWithin(Self.priceTolerance, of: weighed) {
            perUnitOfSize = true
        }
        guard perUnitOfSize || total.value.isWithin(Self.priceTolerance, of: expected) else {
            return .failure(.priceDisagrees(price: total.value.text, count: count.multiplier.text, packPrice: pack.value.text,
                                            expected: expected.text))
        }
        if let currency = total.currency ?? pack.currency, let other = pack.currency, currency != other {
            return .failure(.currenciesDisagree(price: currency.code, packPrice: other.code))
        }
        return .success(NumberReader.Reading(value: total.value, currency: total.currency ?? pack.currency, evidence: nil))
    }
}

extension RowRules {
    /// What a row's fields say, each read once: the name, the size, the unit as written, the
    /// price and the list, trimmed; the count and pack price as written. Valid only as long as
    /// the record.
    struct Fields {
        let name: UnsafeBufferPointer<UInt8>
        /// The quantity column's field, or nil when sizes come from names (or the unit column's,
        /// when that holds the size that reads two ways).
        var quantity: UnsafeBufferPointer<UInt8>?
        var size: Result<SizeReader.Size, SizeReader.Failure>
        /// The unit column's field, or the unit written after the size, when there is one.
        var unit: UnsafeBufferPointer<UInt8>?
        /// The unit column's field, trimmed, when the file has one.
        let unitColumn: UnsafeBufferPointer<UInt8>?
        let priceField: UnsafeBufferPointer<UInt8>
        let hasPriceColumn: Bool
        var price: Result<NumberReader.Reading, NumberReader.Failure>
        /// Whether the price cell says what it is per (`$3.99/lb`: `PricePerBasis`); the size is
        /// then that basis, unless the basis counts items and the row gives a size of its own.
        var pricedPerBasis = false
        /// Whether the row gives no size and its size is its price over the shop's unit price,
        /// which divides exactly (`SizeFromStatedPrice`).
        var sizeFromStated = false
        let list: UnsafeBufferPointer<UInt8>?
        /// The `--key` column's field, trimmed, when the file has one.
        let key: UnsafeBufferPointer<UInt8>?
        let count: UnsafeBufferPointer<UInt8>?
        let packPriceField: UnsafeBufferPointer<UInt8>?
        let salePriceField: UnsafeBufferPointer<UInt8>?
        let cardPriceField: UnsafeBufferPointer<UInt8>?
        /// The shop's published 30-day low and anchor price, when read (`per sales`).
        let lowestPriceField: UnsafeBufferPointer<UInt8>?
        let anchorPriceField: UnsafeBufferPointer<UInt8>?

        var hasUnitColumn: Bool { unitColumn != nil }

        @inline(__always)
        init(_ record: CSVRecord, layout: ColumnLayout, sizes: SizeReader, prices: NumberReader, headerUnit: UnsafeBufferPointer<UInt8>? = nil) {
            @inline(__always)
            func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                index < record.count ? record[index] : UnsafeBufferPointer(start: nil, count: 0)
            }
            name = field(layout.name).trimmingSpaces().withoutFormulaGuard()
            let quantity = layout.quantity.map(field)
            self.quantity = quantity
            var size = if let quantity { sizes.read(quantity) } else { sizes.trailingSize(in: name) }
            let unitColumn = layout.unit.map(field)?.trimmingSpaces()
            self.unitColumn = unitColumn
            var sizeText = quantity ?? name
            // A unit column that holds the whole size (`1,5l`, `800g`, `3komad`) beside a
            // quantity that is empty, no number, or 0 (Lidl writes `0` beside `10komad`: a size
            // of nothing is no size given).
            if Self.givesNoQuantity(size), let unitColumn, case .success(let whole) = sizes.read(unitColumn), whole.unit != nil, !whole.bare {
                size = .success(whole)
                sizeText = unitColumn
            }
            hasPriceColumn = layout.price != nil
            priceField = layout.price.map(field) ?? UnsafeBufferPointer(start: nil, count: 0)
            price = prices.read(priceField)
            self.size = size
            if case .success(let value) = size, let range = value.unit {
                unit = UnsafeBufferPointer(rebasing: sizeText[range])
            } else {
                unit = headerUnit ?? unitColumn
            }
            list = layout.list.map(field)?.trimmingSpaces().withoutFormulaGuard()
            key = layout.key.map(field)?.trimmingSpaces().withoutFormulaGuard()
            count = layout.count.map(field)
            packPriceField = layout.packPrice.map(field)
            salePriceField = layout.salePrice.map(field)
            cardPriceField = layout.cardPrice.map(field)
            lowestPriceField = layout.lowestPrice.map(field)
            anchorPriceField = layout.anchorPrice.map(field)
        }

        /// The rarer readings of a row (`RowRules.readRarer`), apart so that the common row's
        /// stays small and inlined: a price per a basis, a size from the shop's unit price.
        @inline(never)
        mutating func readRarer(_ record: CSVRecord, rules: RowRules) {
            if case .failure(.notANumber) = price { readPricePerBasis(prices: rules.prices, units: rules.units) }
            if let stated = rules.statedPrices, let column = rules.layout.statedUnitPrice, column < record.count, Self.givesNoSize(size),
               unitColumn.map({ $0.isEmpty }) ?? true, rules.headerUnit == nil {
                readSizeFromStated(record[column], stated: stated)
            }
        }

        /// Whether `readRarer` may read anything in this row: its price is no number, or it gives
        /// no size beside a stated unit price.
        @inline(__always)
        func mayReadRarer(statedColumn: Int?) -> Bool {
            if case .failure(.notANumber) = price { return true }
            return statedColumn != nil && Self.givesNoSize(size)
        }

        /// A price cell that says what it is per (`PricePerBasis`): the price, and the size its
        /// basis, unless the basis counts items and the row gives a size of its own.
        @inline(never)
        private mutating func readPricePerBasis(prices: NumberReader, units: UnitTable) {
            guard let perBasis = PricePerBasis(priceField, prices: prices, units: units) else { return }
            price = .success(perBasis.price)
            pricedPerBasis = true
            let ownSize = if case .success(let own) = size, own.unit != nil, !own.bare { true } else { false }
            if !(ownSize && perBasis.countsItems) {
                size = .success(SizeReader.Size(quantity: perBasis.amount, unit: nil))
                unit = perBasis.unit
            }
        }

        /// No size at all (none in the name, an empty quantity, no unit column), but a price the
        /// shop's unit price divides exactly (`SizeFromStatedPrice`).
        @inline(never)
        private mutating func readSizeFromStated(_ cell: UnsafeBufferPointer<UInt8>, stated: StatedUnitPriceReader) {
            guard case .success(let paid) = price, let derived = SizeFromStatedPrice(stated: cell, price: paid.value, reader: stated) else { return }
            size = .success(SizeReader.Size(quantity: derived.quantity, unit: nil))
            unit = derived.unit
            sizeFromStated = true
        }

        /// Whether a row gives no size: none at the end of its name, or an empty quantity cell.
        @inline(__always)
        static func givesNoSize(_ size: Result<SizeReader.Size, SizeReader.Failure>) -> Bool {
            switch size {
            case .failure(.noSize), .failure(.number(.empty)): true
            default: false
            }
        }

        /// Whether a quantity cell gives no quantity: empty, no number, or a bare 0.
        @inline(__always)
        private static func givesNoQuantity(_ size: Result<SizeReader.Size, SizeReader.Failure>) -> Bool {
            switch size {
            case .failure(.number(let failure)): failure == .empty || failure == .notANumber
            case .success(let value): value.unit == nil && value.quantity.isZero
            case .failure: false
            }
        }
    }
}

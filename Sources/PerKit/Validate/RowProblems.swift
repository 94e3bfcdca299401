extension RowRules {
    /// Everything wrong with a row that cannot be ranked, in the order a reader fixes them.
    func problems(_ fields: Fields, bought: Result<Bought, RowProblem>?, size: Result<SizeReader.Size, SizeReader.Failure>,
                          unit: Int) -> [RowProblem] {
        let name = fields.name
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { RowProblem.text(bytes.trimmingSpaces()) }
        var problems: [RowProblem] = []
        if let list = fields.list, list.isEmpty { problems.append(.emptyList) }
        if let list = fields.list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }
        if let key = fields.key, !key.isValidUTF8 { problems.append(.keyNotUTF8) }
        if case .failure(let problem)? = bought { problems.append(problem) }
        let measured = (try? bought?.get())?.measured != nil

        // With sizes from the names (`--size-from-name`) the quantity is what the name ends with.
        let quantityText = fields.quantity.map(text) ?? text(name)
        let unitText = fields.unit.map(text) ?? ""
        var unitInSize = false
        switch size {
        case .success(let value) where measured:
            if value.quantity.isZero { problems.append(.notPositive(.count, text: fields.count.map(text) ?? "")) }
        case .failure(.noSize):
            if !name.isEmpty { problems.append(.noSizeInName) }
        case .failure(.number(let failure)):
            problems.append(.number(.quantity, text: quantityText, failure: failure))
        case .failure(.range):
            unitInSize = true
            problems.append(.sizeRange(text: quantityText))
        case .failure(.splitNumber):
            unitInSize = true
            problems.append(.sizeSplitNumber(text: quantityText))
        case .failure(.several):
            unitInSize = true
            problems.append(.severalSizes(text: quantityText))
        case .failure(.besideOtherSize(let quantity, let unitColumn)):
            unitInSize = true
            problems.append(.besideOtherSize(quantity: quantity, unitColumn: unitColumn))
        case .failure(.nutrient(let word)):
            unitInSize = true
            problems.append(.nutrientAmount(text: quantityText, word: word))
        case .failure(.basisOrBound(let word)):
            unitInSize = true
            problems.append(.sizeBasisOrBound(text: quantityText, word: word))
        case .success(let value) where value.bare && (unit < 0 || facts.itemsPerUnit[unit] == nil):
            unitInSize = true
            problems.append(.number(.quantity, text: quantityText, failure: .notANumber))
        case .success(let value) where fields.quantity == nil:
            // The size at the end of the name: say what is wrong with it, once.
            unitInSize = true
            if unit < 0 {
                problems.append(.unknownUnitInName(unit: unitText))
            } else if value.quantity.isZero {
                problems.append(.zeroSizeInName)
            }
        case .success(let value):
            unitInSize = value.unit != nil
            if value.quantity.isZero { problems.append(.notPositive(.quantity, text: quantityText)) }
            if unit < 0 && unitInSize {
                problems.append(.unknownUnitInQuantity(unit: unitText, quantity: quantityText))
            } else if unit < 0 && !fields.hasUnitColumn {
                // A count of packs, perhaps, when the name ends in a size (`Validator` says so once).
                let countsPacks = fields.count == nil && (try? sizes.trailingSize(in: name).get())?.unit != nil
                problems.append(.noUnit(quantity: quantityText, header: countsPacks ? quantityHeader : nil))
            }
        }
        if unit < 0 && !unitInSize && !measured && fields.hasUnitColumn && (fields.count == nil || fields.quantity != nil) {
            problems.append(unitText.isEmpty ? .emptyUnit : .unknownUnit(text: unitText))
        }
        if unit >= 0, !measured, case .success(let value) = size, !value.quantity.isZero, !isWholeIfCounted(value.quantity, unit: unit) {
            problems.append(.fractionalCount(size: value.quantity.text, unit: unitText))
        }
        if case .success(let value) = size, case .success(let count)? = bought, count.packs > 1, value.quantity.times(count.packs) == nil {
            problems.append(.number(.quantity, text: quantityText, failure: .tooManyDigits))
        }
        if let title = priceOfOneOrAll, case .success(let count)? = bought, count.packs > 1 || count.measured != nil {
            problems.append(.priceOfOneOrAll(price: text(fields.priceField), count: fields.count.map(text) ?? "", header: title))
        }
        let priced = todaysPrice(fields, count: (try? bought?.get()) ?? .packs(0))
        if ranksCardPrices, case .success(let today) = priced,
           case .failure(let problem) = cardPrice(fields, count: (try? bought?.get()) ?? .packs(0), priced: today) {
            problems.append(problem)
        }
        // A deal's row is its packs together (`RowRules.judgeInFull`): their size must hold.
        if case .success(let today) = priced, let deal = today.deal, deal.count > 1, case .success(let value) = size,
           value.quantity.times(deal.count) == nil {
            problems.append(.dealPacksTooLarge(deal: deal.text, count: deal.count,
                                               size: unitText.isEmpty ? value.quantity.text : "\(value.quantity.text) \(unitText)"))
        }
        switch priced.map(\.price) {
        case .failure(let problem): problems.append(problem)
        case .success(let value) where value.value.isZero:
            let field = fields.hasPriceColumn ? fields.priceField : fields.packPriceField ?? fields.priceField
            problems.append(.notPositive(fields.hasPriceColumn ? .price : .packPrice, text: text(field)))
        case .success: break
        }
        return problems
    }
}

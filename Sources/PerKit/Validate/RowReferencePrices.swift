/// The shop's published reference prices beside a row (Croatia's price-list rule): the lowest
/// price of the last 30 days and the anchor price of 2 May 2025. Read only for `per sales`
/// (`SheetOptions.readsReferencePrices`); never ranked, and a cell that is empty or does not
/// read is no price (the row is ranked all the same, and `per sales` says it could not judge).
extension RowRules {
    func referencePrices(_ fields: Fields) -> (lowest: ExactDecimal?, anchor: ExactDecimal?) {
        (fields.lowestPriceField.flatMap(referencePrice), fields.anchorPriceField.flatMap(referencePrice))
    }

    /// A cell's price: a number, perhaps after a label (Kaufland writes `MPC 2.5.2025=7,99€`:
    /// the figure after the last `=`). Zero is no price.
    private func referencePrice(_ field: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var cell = field.trimmingSpaces()
        if let equals = cell.lastIndex(of: UInt8(ascii: "=")) {
            cell = UnsafeBufferPointer(rebasing: cell[(equals + 1)...]).trimmingSpaces()
        }
        guard !cell.isEmpty, case .success(let reading) = prices.read(cell), !reading.value.isZero else { return nil }
        return reading.value
    }
}

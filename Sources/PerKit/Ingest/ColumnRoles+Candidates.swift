/// Of several columns that may hold one field, the one taken: a line total beside a price, the
/// values that suit the field best, the product code that is the key by default.
extension ColumnRoles {
    /// A line total (`Total`, `Amount`, `Betrag`) beside exactly one other price column
    /// (`Price`, `Cijena`): the row's cost, and one pack's price.
    static func totalBesidePrice(_ candidates: [Int], _ roles: [HeaderRole?]) -> (total: Int, price: Int)? {
        let totals = candidates.filter { roles[$0]!.total }
        let others = candidates.filter { !roles[$0]!.total }
        guard totals.count == 1, others.count == 1 else { return nil }
        return (totals[0], others[0])
    }

    /// Of columns whose headers name a field equally well, those whose values suit it best.
    static func bestByValues(_ columns: [Int], field: ColumnLayout.Field, profiles: [ColumnValues]) -> [Int] {
        func score(_ index: Int) -> Int {
            let values = profiles[index]
            switch field {
            case .name: return values.texts == 0 ? 0 : values.distinct * 1000 + values.meanTextLength
            case .quantity: return values.percent(values.sizes + values.numbers)
            case .unit: return values.percent(values.units + values.sizes)
            case .price, .salePrice, .packPrice, .cardPrice: return values.percent(values.decimals + values.deals)
            case .statedUnitPrice: return values.percent(values.decimals)
            case .list: return values.filled - values.distinct
            default: return 0
            }
        }
        let best = columns.map(score).max() ?? 0
        return columns.filter { score($0) == best }
    }

    /// The column to match products by when `--key` names none: one whose header names a
    /// product code by its own words (`sku`, `šifra`, `EAN`), or by words that may head a row's
    /// number (`id`, `code`) when its first values are codes, each different; a shop's own code
    /// before a barcode (a product may have several barcodes), or a barcode first when
    /// `prefersBarcode` (keys compared across shops); then the leftmost.
    static func defaultKey(header: [String], words: [HeaderWords], roles: [HeaderRole?], taken: Set<Int>,
                           profiles: [ColumnValues]?, prefersBarcode: Bool = false) -> Int? {
        var best: (barcode: Bool, index: Int)?  // `barcode`: of the kind taken second
        for index in header.indices where !taken.contains(index) && roles[index]?.role == .code {
            let named = words[index].words.contains { HeaderVocabulary.productCodeWords.contains($0) }
            if !named {
                guard let values = profiles?[index], values.filled >= 3, values.percent(values.codes + values.withLetters) >= 90,
                      values.distinct * 10 >= values.filled * 9 else { continue }
            }
            let barcode = words[index].words.contains { HeaderVocabulary.barcodeWords.contains($0) } != prefersBarcode
            if best == nil || (best!.barcode && !barcode) { best = (barcode, index) }
        }
        return best?.index
    }
}

/// A valid row of a list, compact (48 bytes, the count in what was padding; ten million of
/// them must fit in well under a gigabyte), so text lives in shared storage and numbers as their decimal parts. Fields are
/// declared largest first, which is how Swift lays them out.
struct Product {
    /// The name's bytes in `ValidatedSheet.names`.
    var nameStart: Int
    var quantitySignificand: UInt64
    var priceSignificand: UInt64
    var nameLength: UInt32
    var list: UInt32
    /// The unit as written, interned in `ValidatedSheet.spellings`.
    var spelling: UInt32
    /// Lines past 2^32 - 1 are refused (`RunLimits.maxLine`).
    var line: UInt32
    /// Files past 65,535 are refused (`RunLimits.maxFiles`).
    var file: UInt16
    var unit: UInt16
    /// How many packs a receipt's row bought (at most `RowRules.maxCount`), or 0 for a row
    /// without a count; `quantity` is the size of all of them.
    var count: UInt16
    var quantityScale: UInt8
    var priceScale: UInt8

    var quantity: ExactDecimal { ExactDecimal(significand: quantitySignificand, scale: Int(quantityScale)) }
    var price: ExactDecimal { ExactDecimal(significand: priceSignificand, scale: Int(priceScale)) }
    var source: SourceLocation { SourceLocation(file: Int(file), line: Int(line)) }
    /// The size of one pack of a row with a count: `quantity` divided by it, exactly.
    var packQuantity: ExactDecimal? {
        count == 0 ? nil : ExactDecimal(significand: quantitySignificand / UInt64(count), scale: Int(quantityScale))
    }
}

extension Product {
    /// A product from its parts as validation has them; the sizes fit by the run's limits.
    @inline(__always)
    init(nameStart: Int, nameLength: Int, quantity: ExactDecimal, price: ExactDecimal, list: Int, spelling: Int,
         line: Int, file: Int, unit: Int, count: Int = 0) {
        self.init(
            nameStart: nameStart, quantitySignificand: quantity.significand, priceSignificand: price.significand,
            nameLength: UInt32(nameLength), list: UInt32(list), spelling: UInt32(spelling), line: UInt32(line),
            file: UInt16(file), unit: UInt16(unit), count: UInt16(count), quantityScale: UInt8(quantity.scale),
            priceScale: UInt8(price.scale))
    }
}

/// A valid row of a list, compact: a million of them must fit in well under 100 MiB, so text
/// lives in shared storage and numbers as their decimal parts.
struct Product {
    /// The name's bytes in `ValidatedSheet.names`.
    var nameStart: Int
    var nameLength: UInt32
    var list: UInt32
    /// The unit as written, interned in `ValidatedSheet.spellings`.
    var spelling: UInt32
    var unit: UInt16
    var quantityScale: UInt8
    var priceScale: UInt8
    var quantitySignificand: UInt64
    var priceSignificand: UInt64
    var file: UInt32
    var line: Int

    var quantity: ExactDecimal { ExactDecimal(significand: quantitySignificand, scale: Int(quantityScale)) }
    var price: ExactDecimal { ExactDecimal(significand: priceSignificand, scale: Int(priceScale)) }
    var source: SourceLocation { SourceLocation(file: Int(file), line: line) }
}

/// Writes a row straight into room reserved in an output buffer, then commits it: the
/// writers' path for their common rows, with one capacity check per row instead of one per
/// piece. The room must cover everything written (`DecimalText.maxFixedBytes` per number).
struct TextCursor {
    private let start: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>

    @inline(__always)
    init(_ out: OutputBuffer, room: Int) {
        start = out.space(room)
        end = start
    }

    @inline(__always)
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let base = bytes.baseAddress { copyBytes(from: base, to: end, count: bytes.count) }
        end += bytes.count
    }

    @inline(__always)
    mutating func copy(_ text: StaticString) {
        copyBytes(from: text.utf8Start, to: end, count: text.utf8CodeUnitCount)
        end += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        end.pointee = value
        end += 1
    }

    @inline(__always)
    mutating func integer(_ value: UInt64) {
        end = DecimalText.write(value, minimumDigits: 1, at: end)
    }

    /// `value × 10^-scale`, scale below 20.
    @inline(__always)
    mutating func fixed(_ value: UInt64, scale: Int) {
        end = DecimalText.write(value, scale: scale, at: end)
    }

    /// A unit price × 10^`ReportPrecision.unitPrice`, as CSV and JSON write it.
    @inline(__always)
    mutating func unitPrice(_ value: UInt64) {
        end = DecimalText.write(value, scale: ReportPrecision.unitPrice, least: ReportPrecision.unitPriceLeast, at: end)
    }

    @inline(__always)
    func commit(to out: OutputBuffer) {
        out.commit(end - start)
    }
}

extension RankedEntry {
    /// The rounded unit price and percent as 64-bit digits, when they and the entry's own
    /// numbers fit the writers' in-place path (nearly always); nil otherwise.
    @inline(__always)
    func plainFigures(unitPriceDecimals: Int, percentDecimals: Int) -> (unitPrice: UInt64, percent: UInt64)? {
        guard quantity.scale < 20, price.scale < 20,
              case .small(let unitPrice) = self.unitPrice(decimals: unitPriceDecimals), unitPrice >> 64 == 0,
              case .small(let percent) = percentMore(decimals: percentDecimals), percent >> 64 == 0
        else { return nil }
        return (UInt64(unitPrice), UInt64(percent))
    }
}

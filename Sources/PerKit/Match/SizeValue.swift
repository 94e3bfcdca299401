/// A size by value, the one way `per diff` and `per history` compare sizes: the amount in the
/// dimension's base unit without trailing zeros when what the unit is worth is known without
/// doubt (`1000 g`, `1 kg` and `1.000 kg` are one size), else the quantity without trailing
/// zeros and the unit as spelled (`2.50 tbsp` is `2.5 tbsp`, and not `2.5 Tbsp`).
struct SizeValue {
    var amount: UInt128
    var scale: Int
    /// The unit's spelling when its worth is not known; nil for a size in base units.
    var unit: UnsafeBufferPointer<UInt8>?

    init(quantity: ExactDecimal, unit: UnsafeBufferPointer<UInt8>, factor: ExactDecimal?) {
        if let factor {
            amount = UInt128(quantity.significand) * UInt128(factor.significand)
            scale = quantity.scale + factor.scale
            self.unit = nil
        } else {
            amount = UInt128(quantity.significand)
            scale = quantity.scale
            self.unit = unit
        }
        // In 64 bits when it fits (always, but for sizes past 10^19): 128-bit division is a
        // library call, and this runs for every product of every snapshot.
        if amount <= UInt128(UInt64.max) {
            var small = UInt64(amount)
            while scale > 0 && small % 10 == 0 {
                small /= 10
                scale -= 1
            }
            amount = UInt128(small)
            return
        }
        while scale > 0 && amount % 10 == 0 {
            amount /= 10
            scale -= 1
        }
    }

    init(_ item: Snapshot.Item) {
        self.init(quantity: item.quantity, unit: item.unit, factor: item.factor)
    }

    /// A total order: amount, then scale, then unit (base units first).
    @inline(__always)
    static func compare(_ a: SizeValue, _ b: SizeValue) -> Int {
        if a.scale != b.scale { return a.scale < b.scale ? -1 : 1 }
        if a.amount != b.amount { return a.amount < b.amount ? -1 : 1 }
        switch (a.unit, b.unit) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let x?, let y?): return ByteOrder.compare(x, y)
        }
    }

    @inline(__always)
    var hash: UInt64 {
        var hash = (UInt64(truncatingIfNeeded: amount) ^ UInt64(truncatingIfNeeded: amount >> 64) &* 31) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(scale)) &* 0x100_0000_01b3
        if let unit { hash ^= ByteInterner.hash(unit) &* 0x9E37_79B9_7F4A_7C15 }
        return hash
    }

    /// The value's bytes, for an identity kept as bytes (`PriceHistory`).
    func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: amount.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(truncatingIfNeeded: scale))
        if let unit {
            bytes.append(UInt8(ascii: "~"))
            bytes.append(contentsOf: unit)
        }
    }
}

import BigInt

/// A product's points: what it was seen at on each date that changed something.
extension PriceHistory {
    func lastPoint(_ track: Int) -> StoredPoint? {
        tracks[track].tail >= 0 ? points[Int(tracks[track].tail)] : nil
    }

    func lastPriced(_ track: Int) -> StoredPoint? {
        var found: StoredPoint?
        var index = tracks[track].head
        while index >= 0 {
            if points[Int(index)].state == .priced { found = points[Int(index)] }
            index = points[Int(index)].next
        }
        return found
    }

    /// Products per cannot tell apart (`count` items of this one) in the snapshot of `day`: an
    /// ambiguous point, unless nothing `changed` (the same unit prices as before, whichever is
    /// which).
    func seenAmbiguous(_ track: Int, count: Int, changed: Bool, day: Int32, quantity: ExactDecimal) {
        let seenToday = tracks[track].lastSeen == day
        tracks[track].lastSeen = day
        tracks[track].seenCount = (seenToday ? tracks[track].seenCount : 0) + Int32(count)
        ambiguousProducts += count
        guard changed else { return }
        let tail = tracks[track].tail
        if tail >= 0 && points[Int(tail)].date == day {
            points[Int(tail)].state = .ambiguous
            points[Int(tail)].count = tracks[track].seenCount
            big[tail] = nil
        } else {
            append(StoredPoint(date: day, state: .ambiguous, unit: -1, count: tracks[track].seenCount, unitPrice: 0, quantity: quantity), to: track)
        }
    }

    /// One item of a track in the snapshot of `day`.
    func observe(_ track: Int, _ item: Snapshot.Item, day: Int32, snapshot: Snapshot, list: Snapshot.PricedList) {
        let unit = unitID(item)
        let printed = snapshot.printed(item, basis: list)
        var point = StoredPoint(date: day, state: .priced, unit: unit, count: 1, unitPrice: 0, quantity: item.quantity, price: item.price)
        var bigPrice: BigUInt?
        switch printed {
        case .small(let value): point.unitPrice = value
        case .big(let value): bigPrice = value
        }
        let tail = tracks[track].tail
        if tracks[track].lastSeen == day {
            // Another product of this identity in this snapshot: the same unit price, or ambiguous.
            tracks[track].seenCount += 1
            let seen = tracks[track].seenCount
            let current = points[Int(tail)]
            if current.state == .priced && same(current, tail, point, bigPrice) {
                repeatedSamePrice += 1
                if current.date == day { points[Int(tail)].count = seen }
            } else if current.state == .ambiguous {
                ambiguousProducts += 1
                points[Int(tail)].count = seen
            } else {
                // The ones before were counted as repeats of one product: all are ambiguous now.
                repeatedSamePrice -= Int(seen) - 2
                ambiguousProducts += Int(seen)
                if current.date == day {
                    points[Int(tail)].state = .ambiguous
                    points[Int(tail)].count = seen
                    big[tail] = nil
                } else {
                    append(StoredPoint(date: day, state: .ambiguous, unit: -1, count: seen, unitPrice: 0, quantity: item.quantity), to: track)
                }
            }
            return
        }
        if item.key != nil && tracks[track].keyLength >= 0,
           ByteOrder.compare(item.name, text.bytes(tracks[track].nameStart, Int(tracks[track].nameLength))) != 0 {
            // A product followed by key keeps its latest name.
            tracks[track].nameStart = text.append(item.name)
            tracks[track].nameLength = Int32(item.name.count)
        }
        tracks[track].lastSeen = day
        tracks[track].seenCount = 1
        if tail >= 0, points[Int(tail)].state == .priced, same(points[Int(tail)], tail, point, bigPrice) {
            // The same price and size, printed to more digits (a report of schema version 1, then
            // sheets): the exact figure is the one later changes are reckoned from.
            if bigPrice == nil, big.isEmpty || big[tail] == nil,
               Self.trailingZeros(point.unitPrice) < Self.trailingZeros(points[Int(tail)].unitPrice) {
                points[Int(tail)].unitPrice = point.unitPrice
            }
            return
        }
        append(point, to: track)
        if let bigPrice { big[Int32(points.count - 1)] = bigPrice }
    }

    /// Whether a point says the same as a new one: unit price, pack price and size. The same
    /// pack price for the same size is the same unit price however it was rounded (a report of
    /// schema version 1 wrote 4 decimals, one of version 2 twelve).
    private func same(_ a: StoredPoint, _ index: Int32, _ b: StoredPoint, _ bigB: BigUInt?) -> Bool {
        let bigA = big.isEmpty ? nil : big[index]  // nearly always empty: no lookup per product
        if let x = a.price, let y = b.price, x.compareValue(y) == 0, a.unit == b.unit, a.quantity.compareValue(b.quantity) == 0 {
            return true
        }
        guard bigA == bigB, bigA != nil || a.unitPrice == b.unitPrice else { return false }
        switch (a.price, b.price) {
        case (nil, nil): break
        case (let x?, let y?): if x.compareValue(y) != 0 { return false }
        default: return false
        }
        return sameSize(a, b)
    }

    /// How many zeros end a printed unit price: the fewer, the more digits it was printed to.
    private static func trailingZeros(_ value: UInt128) -> Int {
        guard value > 0 else { return 0 }
        var value = value
        var zeros = 0
        while value % 10 == 0 {
            value /= 10
            zeros += 1
        }
        return zeros
    }

    /// A point's size as written: `500 g`.
    func sizeText(_ point: StoredPoint) -> String {
        "\(point.quantity.text) \(units.string(of: Int(point.unit)))"
    }

    /// Whether two points' sizes are the same amount, by value (`SizeValue`: `1000 g` is `1 kg`).
    func sameSize(_ a: StoredPoint, _ b: StoredPoint) -> Bool {
        if a.unit == b.unit { return a.quantity.compareValue(b.quantity) == 0 }
        return SizeValue.compare(SizeValue(quantity: a.quantity, unit: units.buffer(of: Int(a.unit)), factor: unitFactors[Int(a.unit)]),
                                 SizeValue(quantity: b.quantity, unit: units.buffer(of: Int(b.unit)), factor: unitFactors[Int(b.unit)])) == 0
    }

    func append(_ point: StoredPoint, to track: Int) {
        let index = Int32(points.count)
        points.append(point)
        if tracks[track].tail >= 0 { points[Int(tracks[track].tail)].next = index } else { tracks[track].head = index }
        tracks[track].tail = index
    }
}

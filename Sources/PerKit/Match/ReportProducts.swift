import BigInt

/// The products of a JSON report read back (`ReportJSONReader`), as `per diff` compares them:
/// one compact record per product, every name, key and unit in one buffer.
struct ReportProducts {
    struct Record {
        var printed: UInt128
        var nameStart: Int
        var keyStart: Int
        var quantity: ExactDecimal
        /// The pack price, when the report gives one.
        var price: ExactDecimal?
        var nameLength: UInt32
        /// 0 when the product has no key.
        var keyLength: UInt32
        var rank: Int32
        var unit: UInt16
        var best: Bool
    }

    let text = ByteStorage()
    var records: [Record] = []
    /// Unit spellings as read, by id, and what each is worth in its dimension's base unit.
    private(set) var units: [(start: Int, length: Int)] = []
    private(set) var factors: [ExactDecimal?] = []
    /// Unit prices past 128 bits, by record index.
    var big: [Int: BigUInt] = [:]
    var hasKeys = false

    /// The id of a unit spelling at `start..<start + length` in `text`, the copy there dropped
    /// when the spelling is known already (a report has few units).
    mutating func unit(at start: Int, length: Int) -> Int {
        let spelling = text.bytes(start, length)
        for (id, known) in units.enumerated() where ByteOrder.compare(text.bytes(known.start, known.length), spelling) == 0 {
            text.truncate(to: start)
            return id
        }
        units.append((start, length))
        factors.append(Snapshot.factor(ofUnit: String(decoding: spelling, as: UTF8.self)))
        return units.count - 1
    }

    /// Appends `other`'s products as if read after these (units by spelling, in the order
    /// `other` met them), and returns the index its first one gets.
    mutating func append(_ other: ReportProducts) -> Int {
        let base = records.count
        let textBase = text.append(other.text.bytes(0, other.text.count))
        let unitIDs = other.units.indices.map { id in
            let spelling = other.text.bytes(other.units[id].start, other.units[id].length)
            if let known = units.firstIndex(where: { ByteOrder.compare(text.bytes($0.start, $0.length), spelling) == 0 }) { return known }
            units.append((textBase + other.units[id].start, other.units[id].length))
            factors.append(other.factors[id])
            return units.count - 1
        }
        records.reserveCapacity(records.count + other.records.count)
        for var record in other.records {
            record.nameStart += textBase
            record.keyStart += textBase
            record.unit = UInt16(unitIDs[Int(record.unit)])
            records.append(record)
        }
        for (index, value) in other.big { big[base + index] = value }
        hasKeys = hasKeys || other.hasKeys
        return base
    }

    func item(_ index: Int) -> Snapshot.Item {
        let record = records[index]
        let unit = units[Int(record.unit)]
        return Snapshot.Item(
            name: text.bytes(record.nameStart, Int(record.nameLength)),
            key: record.keyLength == 0 ? nil : text.bytes(record.keyStart, Int(record.keyLength)),
            unit: text.bytes(unit.start, unit.length), quantity: record.quantity, factor: factors[Int(record.unit)],
            price: record.price, rank: record.rank, best: record.best,
            exact: nil, printed: big.isEmpty || big[index] == nil ? record.printed : nil, index: index)
    }
}

import BigInt

/// Products followed through dated snapshots, one snapshot at a time: `per history`.
///
/// A product is followed within its list by its key when it has one (`--key`), else by its
/// name and size (sizes by value: `1000 g` is `1 kg`). As in `per diff`, when a name's one
/// size of the previous snapshot is gone and exactly one new size of that name appears, it is
/// the same product resized. Products of one key (or one name and size) more than once in a
/// snapshot are one product that date when their unit prices are the same, and `ambiguous`
/// that date when not: per does not guess which is which.
///
/// Unit prices are kept as reports print them (four decimals per the list's basis), so sheets
/// and JSON reports can be mixed. Only what changed is stored: a product's points are the dates
/// it was first seen, changed price or size, came back, went unseen or was ambiguous; a year
/// of weekly snapshots of a million products is a few points per product.
public final class PriceHistory: @unchecked Sendable {  // built by one thread, then read
    /// A snapshot as read: its date, the file it came from, and how many products it had.
    public struct Source: Sendable {
        public var date: String
        public var file: String
        public var products: Int
    }

    /// What a product's point says from its date on.
    enum PointState: UInt8 {
        case priced, ambiguous, gone
    }

    struct Point {
        var date: Int32
        var next: Int32 = -1
        var state: PointState
        var unit: Int32
        /// Products of the identity that date (priced: the same unit price each).
        var count: Int32
        /// × 10^4 per the list's basis, as printed; past 128 bits in `big`.
        var unitPrice: UInt128
        var quantity: ExactDecimal
        var price: ExactDecimal?
    }

    struct Track {
        var list: Int32
        var nameStart: Int
        var nameLength: Int32
        /// -1 when followed by name and size.
        var keyLength: Int32
        var keyStart: Int
        var head: Int32
        var tail: Int32
        var lastSeen: Int32
        /// Products of this identity in the snapshot of `lastSeen`.
        var seenCount: Int32 = 0
    }

    struct ListInfo {
        var name: String
        var per: String
        var basis: Snapshot.BasisValue?
        var currency: String?
        var firstDate: Int
        var tracks: [Int32] = []
        /// The identities of its products in the last snapshot that had it, in their order
        /// there: most weeks list most products in the same order, so the identity at the same
        /// place is tried before the hash table (whose lookups miss the cache).
        var order: [Int32] = []
    }

    public private(set) var sources: [Source] = []
    var lists: [ListInfo] = []
    private var listIDs: [ExactText: Int] = [:]
    var tracks: [Track] = []
    var points: [Point] = []
    /// Unit prices past 128 bits, by point index.
    var big: [Int32: BigUInt] = [:]
    /// Names and keys.
    let text = ByteStorage()
    var units = ByteInterner()
    var unitFactors: [ExactDecimal?] = []
    /// Identity bytes (list, then key, or name and size by value) to a track.
    private var identities = ByteInterner()
    private var identityTrack: [Int32] = []
    private var scratch: [UInt8] = []
    private var items: [Snapshot.Item] = []

    /// Products read, and of those, ones that were a second (or further) product of their
    /// identity in a snapshot: the same unit price, or ambiguous.
    public private(set) var productsRead = 0
    public private(set) var repeatedSamePrice = 0
    public private(set) var ambiguousProducts = 0

    public init() {}

    public var dates: [String] { sources.map(\.date) }

    /// Adds the next snapshot; its date must be later than the last one's.
    public func add(_ snapshot: Snapshot, date: String, file: String) throws(HistoryError) {
        if let last = sources.last, !(last.date < date) {
            throw .datesOutOfOrder(file: file, date: date, previous: last)
        }
        let day = Int32(sources.count)
        var count = 0
        for list in snapshot.lists {
            let id = try listID(list, date: date, file: file)
            snapshot.items(of: list, into: &items)
            count += items.count
            var waiting: [Int] = []
            var order = lists[id].order
            lists[id].order = []
            let guesses = order.count
            if order.count < items.count { order += repeatElement(-1, count: items.count - order.count) }
            for index in items.indices {
                identity(items[index], list: id)
                let found: Int? = scratch.withUnsafeBufferPointer { key in
                    index < guesses && identities.holds(Int(order[index]), key) ? Int(order[index]) : identities.lookup(key)
                }
                order[index] = Int32(found ?? -1)
                if let found { observe(Int(identityTrack[found]), items[index], day: day, snapshot: snapshot, list: list) } else { waiting.append(index) }
            }
            if !waiting.isEmpty {
                for (index, identity) in zip(waiting, place(waiting, list: id, day: day, snapshot: snapshot, priced: list)) {
                    order[index] = identity
                }
            }
            order.removeLast(order.count - items.count)
            lists[id].order = order
        }
        // Products seen at the previous snapshot and not at this one went unseen.
        if day > 0 {
            for index in tracks.indices where tracks[index].lastSeen == day - 1 {
                append(Point(date: day, state: .gone, unit: -1, count: 0, unitPrice: 0, quantity: ExactDecimal(significand: 0, scale: 0)),
                       to: index)
            }
        }
        productsRead += count
        sources.append(Source(date: date, file: file, products: count))
    }

    // MARK: Lists

    private func listID(_ list: Snapshot.PricedList, date: String, file: String) throws(HistoryError) -> Int {
        if let id = listIDs[ExactText(list.name)] {
            let known = lists[id]
            let sameBasis = known.basis != nil && list.basis != nil ? known.basis == list.basis : known.per == list.per
            if !sameBasis {
                throw .basisChanged(list: list.name, before: known.per, since: sources[known.firstDate].date, now: list.per, date: date, file: file)
            }
            if let before = known.currency, let now = list.currency, before != now {
                throw .currencyChanged(list: list.name, before: before, since: sources[known.firstDate].date, now: now, date: date, file: file)
            }
            if known.currency == nil, let now = list.currency { lists[id].currency = now }
            return id
        }
        listIDs[ExactText(list.name)] = lists.count
        lists.append(ListInfo(name: list.name, per: list.per, basis: list.basis, currency: list.currency, firstDate: sources.count))
        return lists.count - 1
    }

    // MARK: Identity

    /// The item's identity into `scratch`: its list, then `K` and its key, or `N`, its name,
    /// 0xFF (never in UTF-8) and its size by value.
    private func identity(_ item: Snapshot.Item, list: Int) {
        scratch.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: UInt32(list).littleEndian) { scratch.append(contentsOf: $0) }
        if let key = item.key {
            scratch.append(UInt8(ascii: "K"))
            scratch.append(contentsOf: key)
            return
        }
        scratch.append(UInt8(ascii: "N"))
        scratch.append(contentsOf: item.name)
        scratch.append(0xFF)
        if let factor = item.factor {
            // The amount in base units, without trailing zeros: 1000 g and 1 kg alike.
            var amount = UInt128(item.quantity.significand) * UInt128(factor.significand)
            var scale = item.quantity.scale + factor.scale
            while scale > 0 && amount % 10 == 0 {
                amount /= 10
                scale -= 1
            }
            scratch.append(UInt8(ascii: "="))
            withUnsafeBytes(of: amount.littleEndian) { scratch.append(contentsOf: $0) }
            scratch.append(UInt8(scale))
        } else {
            var quantity = item.quantity
            while quantity.scale > 0 && quantity.significand % 10 == 0 {
                quantity.significand /= 10
                quantity.scale -= 1
            }
            scratch.append(UInt8(ascii: "~"))
            withUnsafeBytes(of: quantity.significand.littleEndian) { scratch.append(contentsOf: $0) }
            scratch.append(UInt8(quantity.scale))
            scratch.append(contentsOf: item.unit)
        }
    }

    /// Items whose identity is new: a name's one new size continues the name's one product
    /// last seen at the previous snapshot and gone now (resized); the rest are new products.
    /// Returns each item's identity.
    private func place(_ waiting: [Int], list: Int, day: Int32, snapshot: Snapshot, priced: Snapshot.PricedList) -> [Int32] {
        var continued: [Int: Int] = [:]  // item index to track
        if day > 0 {
            var newByName: [[UInt8]: [Int]] = [:]
            for index in waiting where items[index].key == nil { newByName[Array(items[index].name), default: []].append(index) }
            var goneByName: [[UInt8]: [Int]] = [:]
            for track in lists[list].tracks where tracks[Int(track)].lastSeen == day - 1 && tracks[Int(track)].keyLength < 0 {
                let name = Array(text.bytes(tracks[Int(track)].nameStart, Int(tracks[Int(track)].nameLength)))
                if newByName[name] != nil { goneByName[name, default: []].append(Int(track)) }
            }
            for (name, new) in newByName where new.count == 1 {
                if let gone = goneByName[name], gone.count == 1 { continued[new[0]] = gone[0] }
            }
        }
        var placed: [Int32] = []
        for index in waiting {
            let item = items[index]
            identity(item, list: list)
            let (id, isNew) = identities.intern(scratch.withUnsafeBufferPointer { $0 })
            placed.append(Int32(id))
            if !isNew {  // a second product of an identity new in this snapshot
                observe(Int(identityTrack[id]), item, day: day, snapshot: snapshot, list: priced)
                continue
            }
            let track: Int
            if let resized = continued[index] {
                track = resized
            } else {
                track = tracks.count
                let nameStart = text.append(item.name)
                let keyStart = item.key.map { text.append($0) } ?? 0
                tracks.append(Track(list: Int32(list), nameStart: nameStart, nameLength: Int32(item.name.count),
                                    keyLength: item.key.map { Int32($0.count) } ?? -1, keyStart: keyStart, head: -1, tail: -1, lastSeen: -1))
                lists[list].tracks.append(Int32(track))
            }
            identityTrack.append(Int32(track))
            observe(track, item, day: day, snapshot: snapshot, list: priced)
        }
        return placed
    }

    // MARK: Points

    /// One product of a track in the snapshot of `day`.
    private func observe(_ track: Int, _ item: Snapshot.Item, day: Int32, snapshot: Snapshot, list: Snapshot.PricedList) {
        let printed = snapshot.printed(item, basis: list)
        let unit = Int32(units.intern(item.unit).id)
        if unitFactors.count < units.count { unitFactors.append(item.factor) }
        var point = Point(date: day, state: .priced, unit: unit, count: 1, unitPrice: 0, quantity: item.quantity, price: item.price)
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
                    append(Point(date: day, state: .ambiguous, unit: -1, count: seen, unitPrice: 0, quantity: item.quantity), to: track)
                }
            }
            return
        }
        if let key = item.key, ByteOrder.compare(key, text.bytes(tracks[track].keyStart, Int(tracks[track].keyLength))) == 0,
           ByteOrder.compare(item.name, text.bytes(tracks[track].nameStart, Int(tracks[track].nameLength))) != 0 {
            // A product followed by key keeps its latest name.
            tracks[track].nameStart = text.append(item.name)
            tracks[track].nameLength = Int32(item.name.count)
        }
        tracks[track].lastSeen = day
        tracks[track].seenCount = 1
        if tail >= 0, points[Int(tail)].state == .priced, same(points[Int(tail)], tail, point, bigPrice) { return }
        append(point, to: track)
        if let bigPrice { big[Int32(points.count - 1)] = bigPrice }
    }

    /// Whether a point says the same as a new one: unit price, pack price and size.
    private func same(_ a: Point, _ index: Int32, _ b: Point, _ bigB: BigUInt?) -> Bool {
        let bigA = big[index]
        guard bigA == bigB, bigA != nil || a.unitPrice == b.unitPrice else { return false }
        switch (a.price, b.price) {
        case (nil, nil): break
        case (let x?, let y?): if x.compareValue(y) != 0 { return false }
        default: return false
        }
        if a.unit == b.unit { return a.quantity.compareValue(b.quantity) == 0 }
        return Snapshot.sameSize((a.quantity, units.buffer(of: Int(a.unit)), unitFactors[Int(a.unit)]),
                                 (b.quantity, units.buffer(of: Int(b.unit)), unitFactors[Int(b.unit)]))
    }

    private func append(_ point: Point, to track: Int) {
        let index = Int32(points.count)
        points.append(point)
        if tracks[track].tail >= 0 { points[Int(tracks[track].tail)].next = index } else { tracks[track].head = index }
        tracks[track].tail = index
    }
}

/// Why snapshots cannot make one history.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    case datesOutOfOrder(file: String, date: String, previous: PriceHistory.Source)
    case basisChanged(list: String, before: String, since: String, now: String, date: String, file: String)
    case currencyChanged(list: String, before: String, since: String, now: String, date: String, file: String)

    public var description: String {
        switch self {
        case .datesOutOfOrder(let file, let date, let previous):
            "\(file) is dated \(date), which is not after \(previous.file) (\(previous.date)): each snapshot needs a date of its own"
        case .basisChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is priced per \(now), and per \(before) since \(since): "
                + "rank every snapshot with the same --per to follow its prices"
        case .currencyChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is in \(now), and in \(before) since \(since): unit prices in two currencies are not compared"
        }
    }
}

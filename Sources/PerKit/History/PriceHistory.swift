import BigInt

/// Products followed through dated snapshots, one snapshot at a time: `per history`.
///
/// Each snapshot's lists are matched against the previous snapshot's by `ProductMatching`, the
/// rule `per diff` follows: by key, else by name and size by value, a name's one size gone and
/// one new is the product resized, repeats that say the same are one product, and products per
/// cannot tell apart are `ambiguous` that date. A product new to the previous snapshot that
/// was seen before it (by its key, else its name and size) has come back and keeps its history.
///
/// Unit prices are kept as reports print them (per the list's basis), so sheets and JSON
/// reports can be mixed. Only what changed is stored: a product's points are the dates it was
/// first seen, changed price or size, came back, went unseen or was ambiguous; a year of
/// weekly snapshots of a million products is a few points per product.
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

    /// A product's point as kept (`HistoryReport.Point` is how a report shows it).
    struct StoredPoint {
        var date: Int32
        var next: Int32 = -1
        var state: PointState
        var unit: Int32
        /// Products of the identity that date (priced: the same unit price each).
        var count: Int32
        /// × 10^`Snapshot.decimals` per the list's basis, as printed; past 128 bits in `big`.
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
        /// The identity it was last placed under (-1 none yet).
        var identity: Int32 = -1
    }

    struct ListInfo {
        var name: String
        var per: String
        var basis: Snapshot.BasisValue?
        var currency: String?
        var firstDate: Int
        var lastDate: Int
        var tracks: [Int32] = []
        /// The list in the last snapshot that had it, and each of its items' product there.
        var last: Snapshot.PricedList?
        var lastDay: Int32 = -2
        var lastTracks: [Int32] = []
        /// Each of its items' identity there, and whether one had a key.
        var lastIdentities: [Int32] = []
        var lastHadKeys = false
    }

    public private(set) var sources: [Source] = []
    var lists: [ListInfo] = []
    var listIDs: [ExactText: Int] = [:]
    var tracks: [Track] = []
    var points: [StoredPoint] = []
    /// Unit prices past 128 bits, by point index.
    var big: [Int32: BigUInt] = [:]
    /// Names and keys.
    let text = ByteStorage()
    var units = ByteInterner()
    var unitFactors: [ExactDecimal?] = []
    /// Identity bytes (list, then key, or name and size by value) to a track: how a product
    /// that comes back after a snapshot without it is known.
    var identities = ByteInterner()
    /// By identity: its product (-1: an identity a product left when it was resized), whether
    /// it is a key, and its place in its list's last snapshot (-1 none yet).
    var identityTrack: [Int32] = []
    var identityIsKey: [Bool] = []
    var positionOf: [Int32] = []
    /// By identity, while a list is matched: its items in the previous snapshot (high 32 bits)
    /// and in this one (low 32 bits).
    private var counts: [UInt64] = []
    var items: [Snapshot.Item] = []
    var scratch: [UInt8] = []
    /// The previous snapshot: what the next one's lists are matched against.
    private var previous: Snapshot?
    private var matching = ProductMatching()
    /// Whether identities on one item of each side are paired before matching (always, but in
    /// the test that checks they change nothing).
    var pairsSurely = true

    /// Products read, and of those, ones that were a second (or further) product of their
    /// identity in a snapshot: the same unit price, or ambiguous.
    public private(set) var productsRead = 0
    public internal(set) var repeatedSamePrice = 0
    public internal(set) var ambiguousProducts = 0

    public init() {}

    /// Adds the next snapshot; its date must be later than the last one's.
    public func add(_ snapshot: Snapshot, date: String, file: String) throws(HistoryError) {
        if let last = sources.last, !(last.date < date) {
            throw .datesOutOfOrder(file: file, date: date, previous: last)
        }
        let day = Int32(sources.count)
        var count = 0
        var matching = self.matching  // its buffers, unshared (a copy left in `self` would copy them on first write)
        self.matching = ProductMatching()
        for list in snapshot.lists {
            let id = try listID(list, date: date, file: file)
            let before = lists[id].lastDay == day - 1 ? lists[id].last : nil
            let lastTracks = lists[id].lastTracks
            snapshot.items(of: list, into: &items)
            var ids: [Int32] = []
            identityIDs(list: id, previous: before == nil ? [] : lists[id].lastIdentities, into: &ids)
            var tracksNow = [Int32](repeating: -1, count: items.count)
            let hasKeys = items.contains { $0.key != nil }
            // The products whose identity is on one item of each side are matched by
            // `ProductMatching.isSurePair` without sorting either side; the rest by `match`.
            var settledOld: [Bool] = []
            var settledNew: [Bool] = []
            var settled = 0
            if before != nil && pairsSurely {
                let oldIDs = lists[id].lastIdentities
                if counts.count < identityTrack.count { counts += repeatElement(0, count: identityTrack.count - counts.count) }
                for identity in oldIDs { counts[Int(identity)] &+= 1 << 32 }
                for identity in ids { counts[Int(identity)] &+= 1 }
                settledOld = [Bool](repeating: false, count: oldIDs.count)
                settledNew = [Bool](repeating: false, count: ids.count)
                let keysInLists = hasKeys || lists[id].lastHadKeys
                for (index, identity) in ids.enumerated() {
                    let count = counts[Int(identity)]
                    guard ProductMatching.isSurePair(keyed: identityIsKey[Int(identity)], oldCount: Int(count >> 32), newCount: Int(count & 0xFFFF_FFFF),
                                                     keysInLists: keysInLists),
                          case let place = Int(positionOf[Int(identity)]), place >= 0, place < oldIDs.count, oldIDs[place] == identity else { continue }
                    let track = Int(lastTracks[place])
                    observe(track, items[index], day: day, snapshot: snapshot, list: list)
                    // A key the product had no key for (it was ambiguous under its name): as `.matched` gives it.
                    if let key = items[index].key, tracks[track].keyLength < 0 { register(track, key: key, identity: identity) }
                    tracksNow[index] = Int32(track)
                    settledOld[place] = true
                    settledNew[index] = true
                    settled += 1
                }
                for identity in oldIDs { counts[Int(identity)] = 0 }
                for identity in ids { counts[Int(identity)] = 0 }
            }
            // Old products left over with every new one settled are gone: the sweep below says so.
            if settled < items.count {
                matching.match(old: previous ?? snapshot, before, new: snapshot, list, settledOld: settledOld, settledNew: settledNew) { outcome, found in
                    switch outcome {
                    case .matched(let resized):
                        let track = Int(lastTracks[Int(found.old.first!)])
                        let first = found.newItems[Int(found.new.first!)]
                        let keyGained = first.key != nil && tracks[track].keyLength < 0
                        for index in found.new {
                            observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list)
                            tracksNow[Int(index)] = Int32(track)
                        }
                        if keyGained || (resized && tracks[track].keyLength < 0) {
                            register(track, key: first.key, identity: ids[Int(found.new.first!)])
                        }
                    case .ambiguous(let unchanged):
                        let track = Int(lastTracks[Int(found.old.first!)])
                        for index in found.new { tracksNow[Int(index)] = Int32(track) }
                        let first = found.newItems[Int(found.new.first!)]
                        if !unchanged, found.old.allSatisfy({ lastTracks[Int($0)] == Int32(track) }),
                           lastPoint(track)?.state == .ambiguous,
                           found.new.allSatisfy({ ProductMatching.sayTheSame(first, found.newItems[Int($0)], in: snapshot, list: list) }) {
                            // The product that was ambiguous is one product again: its price, with no change reckoned.
                            for index in found.new { observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list) }
                            break
                        }
                        var others = Set(found.old.map { lastTracks[Int($0)] })
                        others.remove(Int32(track))
                        for other in [Int32(track)] + others.sorted() {
                            seenAmbiguous(Int(other), count: other == Int32(track) ? found.new.count : 0, changed: !unchanged, day: day,
                                          quantity: first.quantity)
                        }
                    case .new(let conflicting):
                        let first = found.newItems[Int(found.new.first!)]
                        let identity = ids[Int(found.new.first!)]
                        let track = cameBack(identity, before: day - 1) ?? newTrack(first, list: id)
                        register(track, key: first.key, identity: identity)
                        for index in found.new { tracksNow[Int(index)] = Int32(track) }
                        if conflicting {
                            seenAmbiguous(track, count: found.new.count, changed: true, day: day, quantity: first.quantity)
                        } else {
                            for index in found.new { observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list) }
                        }
                    case .gone:
                        break
                    }
                }
            }
            count += tracksNow.count
            lists[id].last = list
            lists[id].lastDay = day
            lists[id].lastTracks = tracksNow
            lists[id].lastHadKeys = hasKeys
            for (place, identity) in ids.enumerated() { positionOf[Int(identity)] = Int32(place) }
            lists[id].lastIdentities = ids
        }
        self.matching = matching
        previous = snapshot
        // Products seen at the previous snapshot and not at this one went unseen.
        if day > 0 {
            for index in tracks.indices where tracks[index].lastSeen == day - 1 {
                append(StoredPoint(date: day, state: .gone, unit: -1, count: 0, unitPrice: 0, quantity: ExactDecimal(significand: 0, scale: 0)),
                       to: index)
            }
        }
        productsRead += count
        sources.append(Source(date: date, file: file, products: count))
    }
}

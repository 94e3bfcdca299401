/// How a product is known from one snapshot to the next: its track, and the identity (its key,
/// else its name and size) that it is filed under.
extension PriceHistory {
    /// A new product, known from now on by the item's identity.
    func newTrack(_ item: Snapshot.Item, list: Int) -> Int {
        let track = tracks.count
        let nameStart = text.append(item.name)
        let keyStart = item.key.map { text.append($0) } ?? 0
        tracks.append(Track(list: Int32(list), nameStart: nameStart, nameLength: Int32(item.name.count),
                            keyLength: item.key.map { Int32($0.count) } ?? -1, keyStart: keyStart, head: -1, tail: -1, lastSeen: -1))
        lists[list].tracks.append(Int32(track))
        return track
    }

    /// The product an identity was last seen as, when it was not in the snapshot of `before`
    /// (a product of it that was is matched, or not, by `ProductMatching`).
    func cameBack(_ identity: Int32, before: Int32) -> Int? {
        let track = Int(identityTrack[Int(identity)])
        return track >= 0 && tracks[track].lastSeen < before ? track : nil
    }

    /// Files the product under an item's identity (`identityIDs`; a product with a key under its
    /// key), in place of the one it had, and gives it the item's key when it had none.
    func register(_ track: Int, key: UnsafeBufferPointer<UInt8>?, identity id: Int32) {
        if let key, tracks[track].keyLength < 0 {
            tracks[track].keyStart = text.append(key)
            tracks[track].keyLength = Int32(key.count)
        }
        let before = tracks[track].identity
        if before >= 0 && before != id && identityTrack[Int(before)] == Int32(track) { identityTrack[Int(before)] = -1 }
        identityTrack[Int(id)] = Int32(track)
        tracks[track].identity = id
    }

    /// Each item's identity id (`items`, into `ids`), interning new ones. Most weeks list most
    /// products in last week's order, so the identity after the last one found in the
    /// previous order is tried before the hash table (whose lookups miss the cache).
    func identityIDs(list: Int, previous: [Int32], into ids: inout [Int32]) {
        ids.removeAll(keepingCapacity: true)
        var cursor = 0
        for item in items {
            identity(item, list: list)
            let found: Int = scratch.withUnsafeBufferPointer { key in
                if cursor < previous.count, identities.holds(Int(previous[cursor]), key) {
                    cursor += 1
                    return Int(previous[cursor - 1])
                }
                let (id, isNew) = internIdentity(key, keyed: item.key != nil)
                if !isNew {
                    let place = Int(positionOf[id])
                    if place >= 0 && place < previous.count && previous[place] == Int32(id) { cursor = place + 1 }
                }
                return id
            }
            ids.append(Int32(found))
        }
    }

    private func internIdentity(_ key: UnsafeBufferPointer<UInt8>, keyed: Bool) -> (Int, Bool) {
        let (id, isNew) = identities.intern(key)
        if isNew {
            identityTrack.append(-1)
            identityIsKey.append(keyed)
            positionOf.append(-1)
        }
        return (id, isNew)
    }

    /// The item's identity into `scratch`: its list, then `K` and its key, or `N` and its name
    /// and size by value (`SizeValue`).
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
        scratch.append(0xFF)  // never in UTF-8
        SizeValue(item).append(to: &scratch)
    }

    /// The id of an item's unit spelling, and what one of it is worth (`Snapshot.Item.factor`).
    func unitID(_ item: Snapshot.Item) -> Int32 {
        let (id, isNew) = units.intern(item.unit)
        if isNew { unitFactors.append(item.factor) }
        return Int32(id)
    }
}

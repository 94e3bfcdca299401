/// Which products each line of a shopping list matches, in every shop, found in one pass over
/// the shops' products: a line by key takes the products with exactly that key; a line by
/// words, those whose names hold all its words (`BasketWords`). A name is split into words
/// only when it holds one of the list's words, which a hash of each word of the name tells
/// without making a string of it (`BasketWords`).
///
/// A line by words is looked at only for names that hold its word fewest lines hold: 40,000
/// lines `thing 1` to `thing 40000`, indexed by their first word, were each tried on every
/// name holding `thing` (13 s); by their numbers, each is tried on its own.
public struct LineMatches {
    /// By line, the products it matches (sheet indices), in input order.
    public let products: [[Int]]
    /// How many times a line was tried on a name holding its indexed word (for tests).
    let linesTried: Int

    public init(_ list: ShoppingList, shops: BasketShops) {
        let sheet = shops.sheet
        var matches = [[Int]](repeating: [], count: list.lines.count)
        // Key lines by the hash of their key's bytes, so that a product's key is looked up
        // without making a string of it.
        var linesByKey: [UInt64: [(key: [UInt8], line: Int)]] = [:]
        // Every word of the list, by its hash; each word line by the word of it fewest lines
        // hold (on a tie, the one met first in the list).
        var wordIDs: [String: Int] = [:]
        var wordLines: [(line: Int, words: [Int])] = []
        for (index, line) in list.lines.enumerated() {
            switch line.match {
            case .key(let key):
                let bytes = Array(key.utf8)
                linesByKey[Self.hash(bytes[...]), default: []].append((bytes, index))
            case .words(let words):
                let ids = words.map { word in
                    if let id = wordIDs[word] { return id }
                    wordIDs[word] = wordIDs.count
                    return wordIDs.count - 1
                }
                if !ids.isEmpty { wordLines.append((index, Array(Set(ids)).sorted())) }
            }
        }
        var linesHolding = [Int](repeating: 0, count: wordIDs.count)
        for (_, ids) in wordLines { for id in ids { linesHolding[id] += 1 } }
        var linesByWord = [[(line: Int, words: [Int])]](repeating: [], count: wordIDs.count)
        for entry in wordLines {
            let rarest = entry.words.min { (linesHolding[$0], $0) < (linesHolding[$1], $1) }!
            linesByWord[rarest].append(entry)
        }
        var tried = 0
        var hashes = WordHashes()
        for (word, id) in wordIDs { hashes.insert(Self.hash(Array(word.utf8)[...]), id) }
        let words = [String](unsafeUninitializedCapacity: wordIDs.count) { buffer, count in
            for (word, id) in wordIDs { (buffer.baseAddress! + id).initialize(to: word) }
            count = wordIDs.count
        }
        let keys = sheet.facts.keys
        var held: [Int] = []
        let folding = BasketWords()
        for index in 0..<sheet.products.count {
            if !linesByKey.isEmpty, let keys, let key = keys.key(of: index), let lines = linesByKey[Self.hash(key)] {
                for (wanted, line) in lines where wanted.elementsEqual(key) { matches[line].append(index) }
            }
            guard !wordIDs.isEmpty else { continue }
            held.removeAll(keepingCapacity: true)
            Self.words(of: sheet.name(of: sheet.products[index]), folding: folding, hashes: hashes, words: words, into: &held)
            guard !held.isEmpty else { continue }
            held.sort()
            for (position, id) in held.enumerated() where position == 0 || held[position - 1] != id {
                tried += linesByWord[id].count
                for (line, needed) in linesByWord[id] where needed.allSatisfy({ Self.contains(held, $0) }) {
                    matches[line].append(index)
                }
            }
        }
        products = matches
        linesTried = tried
    }

    /// The ids of the list's words that the name holds (with repeats), appended to `held`.
    private static func words(of name: UnsafeBufferPointer<UInt8>, folding: BasketWords, hashes: WordHashes, words: [String],
                              into held: inout [Int]) {
        folding.forEachWord(name) { word in
            guard let ids = hashes[hash(word)] else { return }
            for id in ids where words[id].utf8.elementsEqual(word) { held.append(id) }
        }
    }

    /// FNV-1a of a word's bytes.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func contains(_ sorted: [Int], _ id: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == id
    }
}

/// The list's words by the hash of their bytes, with a bitmap of the hashes' low bits in front:
/// most words of most names are none of the list's, and the bitmap says so without hashing the
/// hash again for a dictionary.
struct WordHashes {
    private var bits = [UInt64](repeating: 0, count: 1 << 10)
    private var ids: [UInt64: [Int]] = [:]

    mutating func insert(_ hash: UInt64, _ id: Int) {
        bits[Int(hash >> 6) & (bits.count - 1)] |= 1 << (hash & 63)
        ids[hash, default: []].append(id)
    }

    subscript(hash: UInt64) -> [Int]? {
        guard bits[Int(hash >> 6) & (bits.count - 1)] & (1 << (hash & 63)) != 0 else { return nil }
        return ids[hash]
    }
}

/// Which products each line of a shopping list matches, in every shop, found in one pass over
/// the shops' products: a line by key takes the products with exactly that key; a line by
/// words, those whose names hold all its words (`BasketWords`). A name is split into words
/// only when it holds one of the list's words, which a hash of each word of the name tells
/// without making a string of it (`BasketWords`).
public struct LineMatches {
    /// By line, the products it matches (sheet indices), in input order.
    public let products: [[Int]]

    public init(_ list: ShoppingList, shops: BasketShops) {
        let sheet = shops.sheet
        var matches = [[Int]](repeating: [], count: list.lines.count)
        // Key lines by the hash of their key's bytes, so that a product's key is looked up
        // without making a string of it.
        var linesByKey: [UInt64: [(key: [UInt8], line: Int)]] = [:]
        // Word lines, indexed by their first word; every word of the list, by its hash.
        var wordIDs: [String: Int] = [:]
        var linesByFirstWord: [Int: [(line: Int, words: [Int])]] = [:]
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
                linesByFirstWord[ids[0], default: []].append((index, Array(Set(ids)).sorted()))
            }
        }
        var hashes: [UInt64: [Int]] = [:]
        for (word, id) in wordIDs { hashes[Self.hash(Array(word.utf8)[...]), default: []].append(id) }
        let words = [String](unsafeUninitializedCapacity: wordIDs.count) { buffer, count in
            for (word, id) in wordIDs { (buffer.baseAddress! + id).initialize(to: word) }
            count = wordIDs.count
        }
        let keys = sheet.annotations.keys
        var held: [Int] = []
        let folding = BasketWords()
        for index in 0..<sheet.products.count {
            if !linesByKey.isEmpty, let keys, let key = keys.key(of: index), let lines = linesByKey[Self.hash(key)] {
                for (wanted, line) in lines where wanted.elementsEqual(key) { matches[line].append(index) }
            }
            guard !linesByFirstWord.isEmpty else { continue }
            held.removeAll(keepingCapacity: true)
            Self.words(of: sheet.name(of: sheet.products[index]), folding: folding, hashes: hashes, words: words, into: &held)
            guard !held.isEmpty else { continue }
            held.sort()
            for id in Set(held) {
                for (line, needed) in linesByFirstWord[id] ?? [] where needed.allSatisfy({ Self.contains(held, $0) }) {
                    matches[line].append(index)
                }
            }
        }
        products = matches
    }

    /// The ids of the list's words that the name holds (with repeats), appended to `held`.
    private static func words(of name: UnsafeBufferPointer<UInt8>, folding: BasketWords, hashes: [UInt64: [Int]], words: [String],
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

/// Words of product names and of list lines as `per basket` compares them: lower case, without
/// diacritics (`HeaderWords.fold`: `Čokolada` is `cokolada`), split at anything that is not a
/// letter or a digit (`JOG.VOĆ.JOGOB` is `jog`, `voc`, `jogob`).
enum BasketWords {
    static func words(of text: String) -> [String] {
        let folded = text.utf8.allSatisfy({ $0 < 0x80 }) ? text.lowercased() : HeaderWords.fold(text)
        return folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether a name's bytes (valid UTF-8) hold every one of `words` as a whole word.
    static func name(_ bytes: UnsafeBufferPointer<UInt8>, holds words: [String]) -> Bool {
        // Most names fail on the first word: look for its bytes, ASCII case folded, before
        // folding the whole name.
        if bytes.allSatisfy({ $0 < 0x80 }), let first = words.first, first.utf8.allSatisfy({ $0 < 0x80 }),
           !containsFolded(bytes, Array(first.utf8)) {
            return false
        }
        let held = Set(self.words(of: String(decoding: bytes, as: UTF8.self)))
        return words.allSatisfy(held.contains)
    }

    /// Whether ASCII `bytes`, lower-cased, contain `needle` (lower case).
    private static func containsFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) {
            var index = 0
            while index < needle.count {
                var byte = bytes[start + index]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != needle[index] { break }
                index += 1
            }
            if index == needle.count { return true }
        }
        return false
    }
}

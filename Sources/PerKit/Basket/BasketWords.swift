/// Words of product names and of list lines as `per basket` compares them: lower case, without
/// diacritics (`HeaderWords.fold`: `Čokolada` is `cokolada`), split at anything that is not a
/// letter or a digit (`JOG.VOĆ.JOGOB` is `jog`, `voc`, `jogob`). One rule for both sides: list
/// words and names go through `forEachWord`.
final class BasketWords {
    /// Each non-ASCII scalar met, folded (its bytes, empty for a combining mark), and whether
    /// it belongs to a word: folding a name scalar by scalar through this table costs a lookup,
    /// where folding it as text cost a Unicode name lookup per letter.
    private var folded: [Unicode.Scalar: (bytes: [UInt8], inWord: Bool)] = [:]
    private var word: [UInt8] = []

    /// Calls `body` with each word's folded bytes (valid during the call).
    func forEachWord(_ name: UnsafeBufferPointer<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        word.removeAll(keepingCapacity: true)
        if !name.contains(where: { $0 >= 0x80 }) {
            for byte in name {
                if Self.isWordByte(byte) {
                    word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                } else if !word.isEmpty {
                    body(word[...])
                    word.removeAll(keepingCapacity: true)
                }
            }
        } else {
            for scalar in String(decoding: name, as: UTF8.self).unicodeScalars {
                if scalar.isASCII {
                    let byte = UInt8(scalar.value)
                    if Self.isWordByte(byte) {
                        word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                        continue
                    }
                } else {
                    let fold: (bytes: [UInt8], inWord: Bool)
                    if let known = folded[scalar] {
                        fold = known
                    } else {
                        fold = Self.fold(scalar)
                        folded[scalar] = fold
                    }
                    if fold.inWord {
                        word.append(contentsOf: fold.bytes)
                        continue
                    }
                }
                if !word.isEmpty {
                    body(word[...])
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { body(word[...]) }
    }

    /// The words of a text, folded (a list line's `match`).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var text = text
        text.withUTF8 { bytes in BasketWords().forEachWord(bytes) { words.append(String(decoding: $0, as: UTF8.self)) } }
        return words
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func fold(_ scalar: Unicode.Scalar) -> (bytes: [UInt8], inWord: Bool) {
        if scalar.properties.generalCategory == .nonspacingMark { return ([], true) }
        let character = Character(scalar)
        guard character.isLetter || character.isNumber else { return ([], false) }
        return (Array(HeaderWords.fold(String(scalar)).utf8), true)
    }
}

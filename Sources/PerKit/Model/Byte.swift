/// Byte values that reading and writing CSV look for.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")
    static let pipe = UInt8(ascii: "|")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")

    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
    /// `A`-`Z`, `a`-`z`.
    static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    /// `A`-`Z` as `a`-`z`, every other byte as it is.
    static func asciiLowercased(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
    /// A letter of a word: an ASCII letter, or any byte of a character beyond ASCII (`ä`, `č`).
    static func isLetterByte(_ byte: UInt8) -> Bool { isASCIILetter(byte) || byte >= 0x80 }
}

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
}

/// JSON strings (RFC 8259) written straight into an output buffer.
enum JSONText {
    static func append(_ text: String, to out: OutputBuffer) {
        var text = text
        text.withUTF8 { append($0, to: out) }
    }

    /// Whether the bytes go inside quotes as they are: no quote, backslash or control character.
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte == Byte.quote || byte == UInt8(ascii: "\\") { return false }
        return !ControlCharacters.occur(in: bytes, keeping: [.tab, .lineBreaks])
    }

    /// A JSON string (RFC 8259): quote, backslash and control characters escaped (the C0
    /// controls as JSON must, and DEL, the C1 controls and the invisible format characters
    /// that `ControlCharacters` shows as `\u007f`, `\u009b`, `\u202e`: a reader gets the same
    /// string, a terminal showing the file acts on none); the rest is UTF-8 as is.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        out.append(byte: Byte.quote)
        if isPlain(bytes) {
            out.append(bytes)
            out.append(byte: Byte.quote)
            return
        }
        var runStart = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == Byte.quote || byte == UInt8(ascii: "\\") || byte >= 0x7F {
            if byte >= 0x7F {
                guard ControlCharacters.mayBegin(byte) else { continue }
                let length = ControlCharacters.length(at: index, in: bytes, keeping: [.tab, .lineBreaks])
                guard length > 0 else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                let value = ControlCharacters.value(of: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                out.append("\\u")
                for shift in stride(from: 12, through: 0, by: -4) { out.append(byte: Self.hex[Int((value >> UInt32(shift)) & 0xF)]) }
                runStart = index + length
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            switch byte {
            case Byte.quote: out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case Byte.lf: out.append("\\n")
            case Byte.cr: out.append("\\r")
            case Byte.tab: out.append("\\t")
            default:
                out.append("\\u00")
                out.append(byte: Self.hex[Int(byte >> 4)])
                out.append(byte: Self.hex[Int(byte & 0xF)])
            }
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        out.append(byte: Byte.quote)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}

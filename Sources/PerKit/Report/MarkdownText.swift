/// Text for Markdown tables and headings, written straight into an output buffer.
enum MarkdownText: TextEscaping {
    static func appendWords(_ text: StaticString, to out: OutputBuffer) {
        out.append(text)
    }

    /// Text in a table cell or heading: Markdown's punctuation backslash-escaped so that a name
    /// shows as written, a line break, which would end the table row, shown as a space, and
    /// control characters shown (`ControlCharacters`), as a Markdown report goes to a terminal.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"),
                 UInt8(ascii: "#"):
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(byte: UInt8(ascii: "\\"))
                out.append(byte: byte)
                runStart = index + 1
            case Byte.lf where index > 0 && bytes[index - 1] == Byte.cr:
                runStart = index + 1  // the CR before it already became the space
            case Byte.lf, Byte.cr:
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(byte: Byte.space)
                runStart = index + 1
            case 0x00...0x1F, 0x7F, 0xC2...0xFF:
                // May begin a control character (`ControlCharacters` decides): a case of its
                // own, so that every ASCII byte costs what it did.
                guard ControlCharacters.mayBegin(byte) else { continue }
                let length = ControlCharacters.length(at: index, in: bytes, keeping: .markdown)
                guard length > 0 else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                ControlCharacters.show(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), to: out)
                runStart = index + length
            default:
                continue
            }
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}

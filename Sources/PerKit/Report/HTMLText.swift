/// Text in an HTML page, written straight into an output buffer: the one escaping of every
/// name, list, unit and file name a page shows, in element content and in quoted attribute
/// values alike.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so no text can open or close an
/// element or leave an attribute's quotes (`<script>alert(1)</script>` is shown as written).
/// Control characters other than tab, line feed and carriage return, which HTML does not
/// allow in a page, are shown as their Control Pictures (U+2400 + byte: `␀`, `␛`; DEL as `␡`);
/// the C1 controls and invisible format characters, which have none, as the text outputs show
/// them (`ControlCharacters`: `\xC2\x9B`, `\xE2\x80\xAE`). Everything else is UTF-8 as is:
/// the page declares its charset.
enum HTMLText: TextEscaping {
    static func append(_ string: String, to out: OutputBuffer) {
        var string = string
        string.withUTF8 { append($0, to: out) }
    }

    static func appendWords(_ text: StaticString, to out: OutputBuffer) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: out)
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x7F || Self.isMarkup(byte) || byte >= 0xC2 {
            if byte == Byte.tab || byte == Byte.lf || byte == Byte.cr { continue }
            if byte >= 0xC2 {
                // A continuation byte never matches, so a character is looked at from its start.
                guard ControlCharacters.mayBegin(byte) else { continue }
                let length = ControlCharacters.length(at: index, in: bytes, keeping: [.tab, .lineBreaks])
                guard length > 0 else { continue }
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                ControlCharacters.show(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), to: out)
                runStart = index + length
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "&"): out.append("&amp;")
            case UInt8(ascii: "<"): out.append("&lt;")
            case UInt8(ascii: ">"): out.append("&gt;")
            case Byte.quote: out.append("&quot;")
            case UInt8(ascii: "'"): out.append("&#39;")
            default:
                // U+2400 + byte (U+2421 for DEL) in UTF-8: E2 90 80+byte, E2 90 A1.
                out.append(byte: 0xE2)
                out.append(byte: 0x90)
                out.append(byte: byte == 0x7F ? 0xA1 : 0x80 + byte)
            }
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    @inline(__always)
    private static func isMarkup(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == Byte.quote
            || byte == UInt8(ascii: "'")
    }
}

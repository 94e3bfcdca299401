/// The backslash dialect of CSV (MySQL's and PHP's exports: `"Pikant \"Florini\" 200g"`), turned
/// into RFC 4180's (`"Pikant ""Florini"" 200g"`) before libcsv reads it, chunk by chunk: inside a
/// quoted field, a backslash before a quote becomes a quote, so the bytes keep their count and
/// every line and offset stays where it was. An escaped backslash (`\\`) is kept as two (the
/// name then shows both); a backslash anywhere else is an ordinary character.
final class BackslashEscapes {
    private let delimiter: UInt8
    private let quote: UInt8
    private var state = State.fieldStart
    /// A backslash in a quoted field that ended the last chunk, held back until the next byte
    /// says what it is.
    private var heldBackslash = false
    private var output = GrowableBytes()

    private enum State {
        case fieldStart, unquoted, quoted, quotedBackslashPair, quotedQuote, afterQuoted
    }

    init(dialect: CSVDialect) {
        delimiter = dialect.delimiter
        quote = dialect.quote
    }

    /// The next bytes, translated; valid until the next call. At most one byte is held back
    /// from one call to the next.
    func translate(_ chunk: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        output.removeAll()
        output.reserve(chunk.count + 1)
        for byte in chunk {
            if heldBackslash {
                heldBackslash = false
                if byte == quote {
                    output.append(quote)  // `\"` is `""`
                    output.append(quote)
                    continue
                }
                output.append(Self.backslash)
                if byte == Self.backslash {  // `\\`: both kept, neither escapes what follows
                    output.append(byte)
                    continue
                }
            }
            switch state {
            case .fieldStart:
                if byte == quote {
                    state = .quoted
                } else if byte != delimiter && byte != Byte.lf && byte != Byte.cr && byte != Byte.space && byte != Byte.tab {
                    state = .unquoted
                }
            case .unquoted, .afterQuoted:
                if byte == delimiter || byte == Byte.lf || byte == Byte.cr { state = .fieldStart }
            case .quoted, .quotedBackslashPair:
                state = .quoted
                if byte == Self.backslash {
                    heldBackslash = true
                    continue
                }
                if byte == quote { state = .quotedQuote }
            case .quotedQuote:
                if byte == quote {
                    state = .quoted  // a doubled quote
                } else {
                    state = byte == delimiter || byte == Byte.lf || byte == Byte.cr ? .fieldStart : .afterQuoted
                }
            }
            output.append(byte)
        }
        return output.buffer
    }

    /// The byte held back at the end of the input.
    func finish() -> UnsafeBufferPointer<UInt8> {
        output.removeAll()
        if heldBackslash {
            heldBackslash = false
            output.append(Self.backslash)
        }
        return output.buffer
    }

    static let backslash = UInt8(ascii: "\\")

    /// Whether text reads as the backslash dialect: it has a backslash right before a quote
    /// that RFC 4180 would take for a closing quote with text after it (`\"Florini`), and reads
    /// with no quoting error once translated.
    static func isDialect(of text: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, limits: CSVLimits) -> Bool {
        var escapes = false
        var index = 1
        while index + 1 < text.count {
            if text[index] == dialect.quote, text[index - 1] == backslash {
                let next = text[index + 1]
                if next != dialect.delimiter && next != Byte.lf && next != Byte.cr && next != dialect.quote {
                    escapes = true
                    break
                }
            }
            index += 1
        }
        guard escapes else { return false }
        let translator = BackslashEscapes(dialect: dialect)
        let reader = CSVReader(dialect: dialect, limits: limits) { _ in }
        do {
            try reader.feed(UnsafeRawBufferPointer(translator.translate(text)))
            return true
        } catch {
            return false
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts a file's bytes to UTF-8 with glibc's iconv, chunk by chunk (an incomplete
/// sequence at the end of a chunk waits for the next one).
final class Transcoder {
    let encoding: TextEncoding
    private let converter: iconv_t
    private var carry: [UInt8] = []
    /// Where the next byte of the file stands: its line (from 1) and the characters before it
    /// on that line (the encodings read are one byte a character, LF the same byte).
    private var line = 1
    private var column = 0
    private var output = GrowableBytes()

    init?(from encoding: TextEncoding) {
        let converter = iconv_open("UTF-8", encoding.iconvName)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        self.encoding = encoding
        self.converter = converter
    }

    deinit { iconv_close(converter) }

    /// The UTF-8 for the next bytes; valid until the next call.
    func convert(_ chunk: UnsafeRawBufferPointer) throws(TranscodingError) -> UnsafeBufferPointer<UInt8> {
        var input = carry + Array(chunk)
        carry = []
        output.removeAll()
        output.reserve(input.count * 3 + 16)
        let outputBase = output.base!
        let (consumed, produced, failure) = input.withUnsafeMutableBufferPointer { bytes -> (Int, Int, Int32) in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            var inLeft = bytes.count
            var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
            var outLeft = output.capacity
            let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            return (bytes.count - inLeft, output.capacity - outLeft, status == -1 ? errno : 0)
        }
        // The bytes converted now (a carried incomplete sequence was not counted before).
        for index in 0..<consumed {
            if input[index] == Byte.lf { line += 1; column = 0 } else { column += 1 }
        }
        if failure == EILSEQ {
            throw TranscodingError(encoding: encoding, byte: input[consumed], line: line, column: column + 1)
        }
        if failure == EINVAL { carry = Array(input[consumed...]) }  // an incomplete sequence
        output.setCount(produced)
        input = []
        return output.buffer
    }

    /// Fails when the file ended inside a character.
    func finish() throws(TranscodingError) {
        if let first = carry.first { throw TranscodingError(encoding: encoding, byte: first, line: line, column: column + 1) }
    }
}

/// A byte that is no character in the encoding the user named.
struct TranscodingError: Error {
    var encoding: TextEncoding
    var byte: UInt8
    /// Where it stands in the file.
    var line: Int
    var column: Int
}

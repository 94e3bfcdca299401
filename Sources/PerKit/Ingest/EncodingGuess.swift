#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which of the encodings per reads a file is in, decided once from its first bytes (and, for
/// a file that starts in plain ASCII, its first 4 MiB): UTF-8 when they are valid
/// UTF-8; otherwise the one-byte encoding whose reading of the bytes above ASCII makes the most
/// letters of one language.
///
/// Windows-1250 and ISO-8859-2 put Croatian, Czech, Polish or Hungarian letters where
/// Windows-1252 and ISO-8859-1 put French, Spanish or Scandinavian ones (`č` is `è`, `ñ` is
/// `ń`); German's umlauts sit at the same bytes in all four. A reading that makes bytes no
/// character (a C1 control, a byte the code page leaves undefined) is out. Of the readings
/// left, the one whose letters one language covers best wins: Croatian read as Windows-1252
/// makes `è`, `æ` and `ð`, which no one language writes together; read as Windows-1250 it makes
/// `č`, `ć` and `đ`. Ties (German, whose letters read alike) go to the first of Windows-1252,
/// Windows-1250, ISO-8859-2, ISO-8859-1.
///
/// Debian's uchardet was measured for this and not taken: it named ISO-8859-3 for German
/// exports and ASCII for a Latin-1 one, encodings per does not read or that lose the file's
/// letters.
public enum EncodingGuess {
    /// The candidates after UTF-8, in the order ties go.
    static let candidates: [TextEncoding] = [.windows1252, .windows1250, .iso88592, .iso88591]

    /// What a file's bytes say about its encoding.
    public struct Outcome: Equatable, Sendable {
        public var encoding: TextEncoding
        /// Whether the bytes were not valid UTF-8 (and the encoding was chosen among the others).
        public var notUTF8: Bool
    }

    /// How many of a file's first bytes decide its encoding when its head (the sniffed window)
    /// is plain ASCII. A file and a stream are decided on exactly these bytes (a stream holds
    /// them until then), so that how a file is given never changes how it reads.
    public static let scanLength = 4 << 20

    /// Whether `held`, a file's first bytes and not yet all of it, are enough to decide: more
    /// than the head (and a byte-order mark) when the head is not plain ASCII, else `scanLength`.
    static func isEnough(_ held: UnsafeBufferPointer<UInt8>) -> Bool {
        if held.count >= scanLength { return true }
        guard held.count > FileParser.sniffWindow + 3 else { return false }
        return held.prefix(FileParser.sniffWindow).contains { $0 >= 0x80 }
    }

    /// The encoding of a file whose first bytes are `start`: at least as many as `isEnough`
    /// asks, or all of them (`isWhole`). A byte-order mark wins; then the head decides, and
    /// when it is plain ASCII, the rest of `start` up to `scanLength`.
    public static func decide(start: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> Outcome {
        if start.starts(with: FileParser.utf8ByteOrderMark) { return Outcome(encoding: .utf8, notUTF8: false) }
        let window = FileParser.sniffWindow
        let head = UnsafeBufferPointer(rebasing: start.prefix(window))
        let rest = start.count > window ? [Array(start[window..<min(start.count, scanLength)])] : []
        return decide(head: head, isWhole: isWhole && start.count <= window, samples: rest)
    }

    /// The encoding of a file whose first bytes (after any byte-order mark) are `head`;
    /// `isWhole` when they are the whole file, so that a sequence cut at their end is a
    /// broken one. `samples` are further stretches of the file, looked at when the head is
    /// plain ASCII.
    public static func decide(head: UnsafeBufferPointer<UInt8>, isWhole: Bool, samples: [[UInt8]] = []) -> Outcome {
        var found = scan(head, isWhole: isWhole)
        if found.valid == 0 && found.invalid == 0 {
            // Plain ASCII so far: a sample further in may say more (a cut sequence at a sample's
            // ends is no evidence).
            for sample in samples {
                let more = sample.withUnsafeBufferPointer { scan(trimmed($0), isWhole: false) }
                found.valid += more.valid
                found.invalid += more.invalid
            }
            if found.invalid > 0 && found.valid < found.invalid { return Outcome(encoding: best(in: samples), notUTF8: true) }
            return Outcome(encoding: .utf8, notUTF8: false)
        }
        // A UTF-8 file with a stray byte of another encoding (more valid sequences than bad
        // bytes) stays UTF-8: its rows with the stray bytes are rejected saying so, and its
        // letters are not turned into others.
        if found.invalid > 0 && found.valid < found.invalid { return Outcome(encoding: best(in: [Array(head)]), notUTF8: true) }
        return Outcome(encoding: .utf8, notUTF8: false)
    }

    /// How many valid UTF-8 sequences of more than one byte, and how many bytes that start no
    /// valid sequence; a sequence cut at the end counts as valid unless `isWhole`.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> (valid: Int, invalid: Int) {
        var index = 0
        var valid = 0
        var invalid = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default:
                invalid += 1
                index += 1
                continue
            }
            if index + length > bytes.count {
                let rest = bytes[(index + 1)...]
                if isWhole || rest.contains(where: { $0 & 0xC0 != 0x80 }) { invalid += 1 }
                break
            }
            var ok = (1..<length).allSatisfy { bytes[index + $0] & 0xC0 == 0x80 }
            // Overlong forms and surrogates are not UTF-8 either.
            let second = bytes[index + 1]
            if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90)
                || (lead == 0xF4 && second > 0x8F) {
                ok = false
            }
            if ok {
                valid += 1
                index += length
            } else {
                invalid += 1
                index += 1
            }
        }
        return (valid, invalid)
    }

    /// Without the continuation bytes a sample may start with.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        while start < bytes.count && start < 3 && bytes[start] & 0xC0 == 0x80 { start += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start...])
    }

    /// The candidate whose reading of the bytes above ASCII scores best (`score`).
    static func best(in chunks: [[UInt8]]) -> TextEncoding {
        var counts = [Int](repeating: 0, count: 128)
        for chunk in chunks {
            for byte in chunk where byte >= 0x80 { counts[Int(byte - 0x80)] += 1 }
        }
        var best = candidates[0]
        var bestScore = Int.min
        for candidate in candidates {
            let score = score(counts, table: table(for: candidate))
            if score > bestScore {
                best = candidate
                bestScore = score
            }
        }
        return best
    }

    /// How well a reading of the bytes above ASCII makes one language's letters: the letters of
    /// the language that covers most of them, less every character no price list writes, less
    /// many for a byte that is no character in the encoding.
    static func score(_ counts: [Int], table: [Unicode.Scalar?]) -> Int {
        var covered = [Int](repeating: 0, count: languages.count)
        var penalty = 0
        for (offset, count) in counts.enumerated() where count > 0 {
            guard let scalar = table[offset], !(0x80...0x9F).contains(scalar.value) else {
                penalty += 100 * count
                continue
            }
            let lower = Character(scalar).lowercased()
            var isLetter = false
            for (index, letters) in languages.enumerated() where letters.contains(lower) {
                covered[index] += count
                isLetter = true
            }
            if !isLetter && !commonMarks.contains(scalar) { penalty += count }
        }
        return (covered.max() ?? 0) - penalty
    }

    /// The letters above ASCII that each language written in these encodings uses.
    static let languages: [Set<String>] = [
        "äöüß", "àâæçéèêëîïôœùûüÿ", "áéíñóúü", "àèéìíîòóùú", "áâãàçéêíóôõú", "čćđšž", "áčďéěíňóřšťúůýž",
        "áäčďéíĺľňóôŕšťúýž", "ąćęłńóśźż", "áéíóöőúüű", "ăâîșțşţ", "ëéèïöüáó", "åäöæøé", "šžõäöü",
    ].map { Set($0.map { String($0) }) }

    /// Characters above ASCII that price lists write besides letters.
    static let commonMarks: Set<Unicode.Scalar> = Set("€°½¼¾×·–—‘’‚“”„…®©™µ²³•´«»\u{A0}ºª§".unicodeScalars)

    /// What each byte from 0x80 reads as in an encoding; nil where it is no character.
    static func table(for encoding: TextEncoding) -> [Unicode.Scalar?] {
        switch encoding {
        case .utf8, .utf16: [Unicode.Scalar?](repeating: nil, count: 128)
        case .windows1250: windows1250
        case .windows1252: windows1252
        case .iso88591: iso88591
        case .iso88592: iso88592
        }
    }

    private static let windows1250 = makeTable(.windows1250)
    private static let windows1252 = makeTable(.windows1252)
    private static let iso88591 = makeTable(.iso88591)
    private static let iso88592 = makeTable(.iso88592)

    /// Each byte from 0x80 through glibc's iconv, as files are read.
    private static func makeTable(_ encoding: TextEncoding) -> [Unicode.Scalar?] {
        let converter = iconv_open("UTF-32LE", encoding.iconvName)
        guard let converter, Int(bitPattern: converter) != -1 else { return [Unicode.Scalar?](repeating: nil, count: 128) }
        defer { iconv_close(converter) }
        return (0x80...0xFF).map { (byte: Int) -> Unicode.Scalar? in
            var input = [CChar(bitPattern: UInt8(byte))]
            var output = [UInt32](repeating: 0, count: 2)
            let produced = input.withUnsafeMutableBufferPointer { input in
                output.withUnsafeMutableBytes { output -> Int in
                    var inPointer: UnsafeMutablePointer<CChar>? = input.baseAddress
                    var inLeft = 1
                    var outPointer: UnsafeMutablePointer<CChar>? = output.baseAddress!.assumingMemoryBound(to: CChar.self)
                    var outLeft = output.count
                    _ = iconv(converter, nil, nil, nil, nil)
                    guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return 0 }
                    return output.count - outLeft
                }
            }
            return produced == 4 ? Unicode.Scalar(output[0]) : nil
        }
    }
}

/// Turns one file's bytes into records: encoding, byte-order mark, format sniffing, libcsv.
/// Records go to `deliver`, in order; what becomes of them is `FileTaker`'s business.
final class FileParser {
    /// How much of a file's start is read before its delimiter and decimal marks are decided.
    static var sniffWindow: Int { 64 << 10 }
    /// Skipped at the start of a UTF-8 file.
    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether a file starts with a UTF-16 byte-order mark (read as UTF-16, the mark saying its
    /// byte order; refused when another encoding was named).
    static func startsUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }

    private let file: InputFile
    private var options: SheetOptions
    private let deliver: (CSVRecord) throws -> Void
    private var transcoder: Transcoder?
    /// Whether the encoding is known: named, or decided from the first bytes (`EncodingGuess`).
    private var decided: Bool
    /// The first bytes as read, held until the encoding is decided.
    private var undecoded: [UInt8] = []
    /// Whether the head held is plain ASCII (so that up to `EncodingGuess.scanLength` is held).
    private var headIsPlain: Bool?
    private var csv: CSVReader?
    /// For a file in the backslash dialect.
    private var escapes: BackslashEscapes?
    /// Known once the head has been sniffed, before the first record is delivered.
    private(set) var format: SheetFormat?
    /// The first bytes (as UTF-8), held until the format is known.
    private var head: [UInt8] = []
    private var rawStart: [UInt8] = []

    init(file: InputFile, options: SheetOptions, deliver: @escaping (CSVRecord) throws -> Void) throws {
        self.file = file
        self.options = options
        self.deliver = deliver
        decided = options.encoding != nil
        if let encoding = options.encoding { transcoder = try Self.transcoder(for: encoding, file: file) }
    }

    private static func transcoder(for encoding: TextEncoding, file: InputFile) throws -> Transcoder? {
        guard encoding != .utf8 else { return nil }
        guard let transcoder = Transcoder(from: encoding) else {
            throw InputError(file: file.shownPath, .cannotRead(reason: "this system cannot convert from \(encoding.rawValue)"))
        }
        return transcoder
    }

    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0 else { return }
        if rawStart.count < 3 {
            let had = rawStart.count
            rawStart.append(contentsOf: chunk.prefix(3 - rawStart.count))
            if had < 2 && Self.startsUTF16(Array(rawStart.prefix(2))) {
                // The mark decides: UTF-16, converted as read; another encoding named is refused.
                guard options.encoding == nil || options.encoding == .utf16 else { throw InputError(file: file.shownPath, .utf16) }
                if transcoder?.encoding != .utf16 {
                    options.encoding = .utf16
                    options.encodingFound = EncodingGuess.Outcome(encoding: .utf16, notUTF8: true)
                    transcoder = try Self.transcoder(for: .utf16, file: file)
                    decided = true
                    let held = undecoded  // the mark's first byte, when it came alone
                    undecoded = []
                    if !held.isEmpty { try held.withUnsafeBytes { try take($0) } }
                }
            }
            // A UTF-8 byte-order mark read as another encoding: every non-ASCII letter would be
            // read wrongly, silently.
            if let transcoder, rawStart.count == 3, rawStart == Self.utf8ByteOrderMark {
                throw InputError(file: file.shownPath, .utf8MarkInOtherEncoding(encoding: transcoder.encoding.rawValue))
            }
        }
        guard decided else {
            undecoded.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
            // The head is looked at once; while it is plain ASCII, only the count matters.
            if undecoded.count > Self.sniffWindow + 3 && (headIsPlain != true || undecoded.count >= EncodingGuess.scanLength) {
                if undecoded.withUnsafeBufferPointer({ EncodingGuess.isEnough($0) }) { try decide(isWhole: false) } else { headIsPlain = true }
            }
            return
        }
        try take(chunk)
    }

    /// Decides the encoding from the bytes held (a byte-order mark wins), then reads them.
    private func decide(isWhole: Bool) throws {
        decided = true
        let held = undecoded
        undecoded = []
        let outcome = held.withUnsafeBufferPointer { EncodingGuess.decide(start: $0, isWhole: isWhole) }
        options.encoding = outcome.encoding
        options.encodingFound = outcome
        transcoder = try Self.transcoder(for: outcome.encoding, file: file)
        try held.withUnsafeBytes { try take($0) }
    }

    private func take(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0 else { return }
        let text = try utf8(chunk)
        if let csv {
            try parse(text, with: csv)
            return
        }
        head.append(contentsOf: text)
        // More than the window (and a byte-order mark) before sniffing, so that what is sniffed
        // and whether it is the whole file never depend on how the reads were sized.
        if head.count > Self.sniffWindow + 3 { try start() }
    }

    func finish() throws {
        if !decided { try decide(isWhole: true) }
        do {
            try transcoder?.finish()
        } catch {
            throw InputError(file: file.shownPath, line: error.line, column: error.column,
                             .notInEncoding(encoding: error.encoding.rawValue, byte: error.byte, guessed: options.encodingFound != nil))
        }
        if csv == nil { try start() }
        if let escapes, let csv { try parse(escapes.finish(), with: csv, translated: true) }
        do {
            try csv?.finish()
        } catch let error as CSVSyntaxError {
            throw InputError(file: file.shownPath, line: error.line, column: error.column, .syntax(error.problem))
        }
    }

    private func utf8(_ chunk: UnsafeRawBufferPointer) throws -> UnsafeBufferPointer<UInt8> {
        guard let transcoder else { return chunk.assumingMemoryBound(to: UInt8.self) }
        do {
            return try transcoder.convert(chunk)
        } catch {
            throw InputError(file: file.shownPath, line: error.line, column: error.column,
                             .notInEncoding(encoding: error.encoding.rawValue, byte: error.byte, guessed: options.encodingFound != nil))
        }
    }

    /// Decides the format from the head, then parses the head for real.
    private func start() throws {
        if transcoder == nil && head.starts(with: Self.utf8ByteOrderMark) { head.removeFirst(Self.utf8ByteOrderMark.count) }
        let sniffed = head.withUnsafeBufferPointer { FormatSniffer.sniff($0, options: options, file: file) }
        format = sniffed
        // unowned(unsafe): the reader lives only as long as this parser, which owns it.
        let csv = CSVReader(dialect: sniffed.dialect, limits: options.limits, recoversDamage: true) { [unowned(unsafe) self] record in
            try self.deliver(record)
        }
        self.csv = csv
        if sniffed.dialect.escape == .backslash { escapes = BackslashEscapes(dialect: sniffed.dialect) }
        let head = self.head
        self.head = []
        try head.withUnsafeBufferPointer { try parse($0, with: csv) }
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, with csv: CSVReader, translated: Bool = false) throws {
        do {
            try csv.feed(UnsafeRawBufferPointer(translated ? bytes : escapes?.translate(bytes) ?? bytes))
        } catch let error as CSVSyntaxError {
            throw InputError(file: file.shownPath, line: error.line, column: error.column, .syntax(error.problem))
        }
    }
}

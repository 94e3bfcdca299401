import CLibCSV

/// Writes CSV fields, quoting through libcsv's `csv_write` exactly when RFC 4180 requires it
/// (a delimiter, quote or line break inside) and when leading or trailing blanks would
/// otherwise be trimmed by a reader such as libcsv.
///
/// Control characters other than tab and line breaks are shown (`ControlCharacters`: `\x1B`),
/// and a text field that would run as a formula in a spreadsheet gets an apostrophe in front
/// (`FormulaGuard`).
struct CSVFieldWriter {
    private var scratch: [UInt8] = []

    mutating func append(_ field: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        guard ControlCharacters.occur(in: field, keeping: .csv) else { return appendShown(field, to: out) }
        var shown: [UInt8] = []
        ControlCharacters.split(field, keeping: .csv, plain: { shown.append(contentsOf: $0) },
                                control: { ControlCharacters.show($0) { shown.append($0) } })
        shown.withUnsafeBufferPointer { appendShown($0, to: out) }
    }

    /// A field whose control characters are shown: guarded, then quoted as needed.
    private mutating func appendShown(_ field: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        if let first = field.first, FormulaGuard.startsFormula(first), !FormulaGuard.isSignedNumber(field) {
            var guarded = [FormulaGuard.apostrophe] + Array(field)
            guarded.withUnsafeMutableBufferPointer { appendQuotedIfNeeded(UnsafeBufferPointer($0), to: out) }
            return
        }
        appendQuotedIfNeeded(field, to: out)
    }

    private mutating func appendQuotedIfNeeded(_ field: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        guard Self.needsQuotes(field) else {
            out.append(field)
            return
        }
        let needed = 2 * field.count + 2
        if scratch.count < needed { scratch = [UInt8](repeating: 0, count: needed) }
        let written = scratch.withUnsafeMutableBytes { buffer in
            csv_write(buffer.baseAddress, needed, field.baseAddress, field.count)
        }
        scratch.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[0..<written])) }
    }

    mutating func append(_ text: String, to out: OutputBuffer) {
        var text = text
        text.withUTF8 { append($0, to: out) }
    }

    /// Whether the field is written as it is: no quotes, no guard, no control character.
    @inline(__always)
    static func isPlain(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = field.first, let last = field.last else { return true }
        if FormulaGuard.startsFormula(first) || isBlank(first) || isBlank(last) { return false }
        return !anyWord(field) { specialBytes($0) | ControlCharacters.mayOccur(inWord: $0) }
    }

    static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = field.first, let last = field.last else { return false }
        if isBlank(first) || isBlank(last) { return true }
        return anyWord(field) { specialBytes($0) }
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }

    /// Whether `test` is nonzero for some eight bytes of the field, the last eight overlapping
    /// the ones before; a field shorter than eight is padded with `A`s, which no test looks for.
    @inline(__always)
    private static func anyWord(_ field: UnsafeBufferPointer<UInt8>, _ test: (UInt64) -> UInt64) -> Bool {
        let count = field.count
        let raw = UnsafeRawPointer(field.baseAddress!)
        guard count >= 8 else {
            var word: UInt64 = 0x4141_4141_4141_4141
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: count)) }
            return test(word) != 0
        }
        var found: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            found |= test(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < count { found |= test(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) }
        return found != 0
    }

    /// Nonzero exactly when one of the eight bytes of `word` is a comma, quote, LF or CR.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ (UInt64(Byte.comma) &* 0x0101_0101_0101_0101)) | zeroBytes(word ^ (UInt64(Byte.quote) &* 0x0101_0101_0101_0101))
            | zeroBytes(word ^ (UInt64(Byte.lf) &* 0x0101_0101_0101_0101)) | zeroBytes(word ^ (UInt64(Byte.cr) &* 0x0101_0101_0101_0101))
    }

    /// Nonzero exactly when some byte of `x` is zero (the classic test: a borrow may mark
    /// bytes above a zero byte too, but never marks any when there is none).
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }
}

/// The apostrophe per's CSV output puts before a text field that would run as a formula in a
/// spreadsheet: one that begins with `=`, `+`, `-` or `@`, or a tab or carriage return.
/// Spreadsheets read the apostrophe as "this is text"; per's reader drops it again before a
/// name or list, so a rejects file reads back as it was. A signed number (`+1.50`, `-2`) is no
/// formula and gets none.
enum FormulaGuard {
    static let apostrophe = UInt8(ascii: "'")

    /// Whether a field that starts with this byte needs the guard (unless it is a signed number).
    @inline(__always)
    static func startsFormula(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
            || byte == Byte.tab || byte == Byte.cr
    }

    /// `+1.50`, `-2`: a spreadsheet reads these as numbers, not formulas, and they must read
    /// back as numbers; nothing to guard.
    static func isSignedNumber(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard field.count >= 2, field[0] == UInt8(ascii: "+") || field[0] == UInt8(ascii: "-") else { return false }
        var digits = 0
        var points = 0
        for byte in field.dropFirst() {
            if byte &- 0x30 < 10 { digits += 1 } else if byte == Byte.dot || byte == Byte.comma { points += 1 } else { return false }
        }
        return digits > 0 && points <= 1
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Without the apostrophe that per's CSV output puts before a leading `=`, `+`, `-` or `@`
    /// (so that spreadsheets do not run it as a formula), so that a rejects file read back in
    /// gives the names as they were. Before a signed number (`'-2`) the apostrophe is the
    /// name's own: per's output never guards one.
    ///
    /// Before a tab or carriage return (a name written with one at its start), the rest is
    /// trimmed as the name was when first read: it reads back as it was ranked.
    func withoutFormulaGuard() -> UnsafeBufferPointer<UInt8> {
        guard count >= 2, self[0] == FormulaGuard.apostrophe, FormulaGuard.startsFormula(self[1]) else { return self }
        let rest = UnsafeBufferPointer(rebasing: self[1...])
        if self[1] == Byte.tab || self[1] == Byte.cr { return rest.trimmingSpaces() }
        return FormulaGuard.isSignedNumber(rest) ? self : rest
    }
}

/// What per asks of the bytes of a field: without its blanks, and whether it is UTF-8.
extension UnsafeBufferPointer<UInt8> {
    /// Without leading and trailing spaces, tabs, no-break and narrow no-break spaces.
    func trimmingSpaces() -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        NumberReader.trim(self, &start, &end)
        if start == 0 && end == count { return self }
        return UnsafeBufferPointer(rebasing: self[start..<end])
    }

    /// Whether the bytes are UTF-8: ASCII is checked eight bytes at a time, the rest by the
    /// standard library's UTF-8 parser (which, unlike `String(validating:)`, allocates nothing).
    var isValidUTF8: Bool {
        guard let base = baseAddress, count > 0 else { return true }
        let raw = UnsafeRawPointer(base)
        // All ASCII (nearly always): the high bits of every byte, or-ed eight at a time, the
        // last eight overlapping the ones before.
        var high: UInt64 = 0
        if count >= 8 {
            var offset = 0
            while offset + 8 <= count {
                high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            high |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count { high |= UInt64(base[index]) }
        }
        if high & 0x8080_8080_8080_8080 == 0 { return true }
        // Two-byte sequences (é, ñ, č: most non-ASCII text in price lists) checked here: a lead
        // byte C2-DF and one continuation byte is exactly the valid two-byte range. Anything
        // else goes to the standard library's parser from there on.
        var index = 0
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                index += 1
            } else if byte >= 0xC2 && byte <= 0xDF {
                guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
            } else {
                break
            }
        }
        guard index < count else { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = UnsafeBufferPointer(rebasing: self[index...]).makeIterator()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

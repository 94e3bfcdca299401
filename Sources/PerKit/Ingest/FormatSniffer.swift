/// Finds a file's delimiter and decimal marks from its first bytes.
enum FormatSniffer {
    static let delimiters: [UInt8] = [Byte.comma, Byte.semicolon, Byte.tab, Byte.pipe]

    /// The candidate that occurs most often outside quotes in the header line, the first line
    /// with something besides candidates, quotes and blanks (lines before it, empty, `,,,` or
    /// `""`, are no records to the reader either: `CSVRecord.isBlank`); ties go to the earlier
    /// candidate, and a line with none of them (one column) to the comma.
    static func delimiter(in head: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var counts = [Int](repeating: 0, count: delimiters.count)
        var quoted = false
        var content = false
        var index = 0
        while index < head.count {
            let byte = head[index]
            index += 1
            if byte == Byte.quote { quoted.toggle(); continue }
            if !quoted && (byte == Byte.lf || byte == Byte.cr) {
                if content { break }
                counts = [Int](repeating: 0, count: delimiters.count)
                continue
            }
            if !quoted, let candidate = delimiters.firstIndex(of: byte) {
                counts[candidate] += 1
            } else if case let width = NumberReader.blankWidth(head, at: index - 1, end: head.count), width > 0 {
                index += width - 1
            } else {
                content = true
            }
        }
        let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
        return counts[best] > 0 ? delimiters[best] : Byte.comma
    }

    /// The decimal mark for a column's values that read either way (`1,234`): the mark its
    /// other values show when they agree; none when they show both; what the delimiter
    /// suggests when they show neither.
    static func likelyMark(in values: [[UInt8]], reader: NumberReader, delimiter: UInt8) -> NumberReader.Mark? {
        var seen = Set<NumberReader.Mark>()
        for value in values {
            value.withUnsafeBufferPointer { value in
                if case .success(let reading) = reader.read(value), let evidence = reading.evidence {
                    seen.insert(evidence)
                } else if let evidence = SizeReader(numbers: reader).evidence(in: value) {
                    seen.insert(evidence)
                }
            }
        }
        return seen.isEmpty ? mark(for: delimiter) : (seen.count == 1 ? seen.first : nil)
    }

    /// What a delimiter suggests when the values do not say: a comma-separated file writes
    /// decimal points, a semicolon-separated one decimal commas.
    static func mark(for delimiter: UInt8) -> NumberReader.Mark? {
        switch delimiter {
        case Byte.comma: .point
        case Byte.semicolon: .comma
        default: nil
        }
    }
}

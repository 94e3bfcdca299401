/// Lists from names (`--list-from-name`).
extension RowRules {
    /// The list a candidate's name makes (`--list-from-name`), when lists come from names: the
    /// name without the size it ends with and the blanks, dots, commas and dashes before that,
    /// as compared (lower case, runs of blanks as one space) and as written; inside the list
    /// column's list when there is one (`Dairy / Whole Milk`). A name that is only a size is its
    /// own list.
    func listFromName(of candidate: Candidate) -> (key: [UInt8], shown: String)? {
        listFromName ? list(named: candidate.name, within: candidate.list) : nil
    }

    func list(named name: UnsafeBufferPointer<UInt8>, within list: UnsafeBufferPointer<UInt8>?) -> (key: [UInt8], shown: String) {
        var end = name.count
        if let (_, bounds) = sizes.trailingSizeWithBounds(in: name) {
            end = bounds.start
            while end > 0, case let byte = name[end - 1],
                  byte == Byte.space || byte == Byte.tab || byte == Byte.comma || byte == Byte.dot || byte == UInt8(ascii: "-")
                    || NumberReader.blankWidth(name, before: end, start: 0) > 0 {
                end -= max(NumberReader.blankWidth(name, before: end, start: 0), 1)
            }
            if end == 0 { end = name.count }
        }
        let written = String(decoding: UnsafeBufferPointer(rebasing: name[..<end]), as: UTF8.self)
        let folded = written.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let list else { return (Array(folded.utf8), written) }
        let listText = String(decoding: list, as: UTF8.self)
        return (Array(list) + [0] + Array(folded.utf8), "\(listText) / \(written)")
    }
}

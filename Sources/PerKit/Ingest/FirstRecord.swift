/// Whether a file's first record is its header or its first row: files exported without a
/// header (`2020-12-13;2000604700007;Kurkku Suomi;2,89/kg`) begin with a row. Decided once per
/// file, on the sniffed records, much as Python's `csv.Sniffer.has_header` does it: each column
/// whose values nearly all hold digits (prices, sizes, codes, dates) votes for a row when the
/// first record's cell holds digits too, and for a header when it holds none (`price` above
/// `1.99`). Text columns say nothing: a header word reads as a name does.
///
/// The first record is a row only when two columns vote so and none for a header, and the user
/// named no column by its header (`--column`): a header is never taken for a row on weak grounds.
enum FirstRecord {
    /// How many records after the first it takes to judge.
    static let minimumRecords = 2
    /// How many columns must vote for a row.
    static let minimumColumns = 2

    /// Whether `first` is a row like `records` (the records after it), not a header.
    static func isRow(_ first: [String], records: [[[UInt8]]], options: SheetOptions) -> Bool {
        guard options.columns.isEmpty, records.count >= minimumRecords else { return false }
        var forRow = 0
        for (column, title) in first.enumerated() {
            let values = records.compactMap { column < $0.count ? $0[column] : nil }.filter { !$0.allSatisfy(Self.isBlank) }
            guard values.count >= minimumRecords else { continue }
            let cell = Array(title.utf8)
            let cellHasDigits = cell.contains(where: Byte.isDigit)
            let withDigits = values.count { $0.contains(where: Byte.isDigit) }
            if withDigits * 10 >= values.count * 9 {
                guard cellHasDigits else { return false }  // `price` above prices: a header
                forRow += 1
            }
        }
        return forRow >= minimumColumns
    }

    /// The names a file without a header gives its columns: `column 1`, `column 2`, …
    static func columnNames(count: Int) -> [String] {
        (1...max(count, 1)).map { "column \($0)" }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }
}

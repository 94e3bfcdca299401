@testable import PerKit
import Testing

@Suite struct EntryBlockTests {
    /// Rows of many lists, interleaved, so that each list's products lie scattered across the
    /// sheet as in a real export; names of several lengths (and one empty list column value).
    static func scatteredSheet(rows: Int, lists: Int) -> String {
        var csv = "list,name,quantity,unit,price\n"
        let units = ["g", "kg", "ml", "l", "each", "oz"]
        for row in 0..<rows {
            let list = (row * 7919) % lists
            let name = String(repeating: "n", count: row % 13) + "product \(row % 97)"
            let unit = units[(list + row % 2) % units.count]
            csv += "L\(list),\"\(name)\",\(1 + row % 9).\(row % 10),\(unit),\(1 + row % 31).\(row % 100)\n"
        }
        return csv
    }

    static func describe(_ entry: RankedEntry) -> String {
        [entry.name, "\(entry.rank)", entry.quantity.text, entry.unit, entry.price.text, entry.unitPrice(decimals: 4).digits,
         entry.percentMore(decimals: 1).digits, "\(entry.source.line)"].joined(separator: "|")
    }

    @Test func aBlockHoldsEachListsEntriesAsTheReportDoes() throws {
        let report = try Sheets.rank(Self.scatteredSheet(rows: 3_000, lists: 41))
        #expect(report.lists.count > 30)
        let expected = report.lists.map { list in report.entries(of: list).map(Self.describe) }
        // One block reused for runs of several sizes, large after small and small after large,
        // with every list copied, and with the larger lists read where they lie.
        let block = EntryBlock()
        for (size, largestCopied) in [(1, 1_000), (5, 1_000), (41, 1_000), (2, 1_000), (17, 1_000), (41, 70), (3, 0)] {
            var start = 0
            while start < report.lists.count {
                let lists = start..<min(start + size, report.lists.count)
                block.fill(report, lists: lists, largestCopied: largestCopied)
                #expect(block.lists == lists)
                for index in lists {
                    #expect(block.entries(of: index).map(Self.describe) == expected[index])
                }
                start = lists.upperBound
            }
        }
    }
}

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

    @Test func aBlockHoldsEachPiecesEntriesAsTheReportDoes() throws {
        let report = try Sheets.rank(Self.scatteredSheet(rows: 3_000, lists: 41))
        #expect(report.lists.count > 30)
        let expected = report.lists.map { list in report.entries(of: list).map(Self.describe) }
        // One block reused for blocks of several sizes, large after small and small after
        // large, with lists whole and cut into pieces.
        let block = EntryBlock()
        for size in [1, 5, 41, 2, 17, 3_000, 3] {
            for listBlock in ListBlocks.cut(report.lists, productsPerBlock: size) {
                block.fill(report, block: listBlock)
                #expect(block.pieces.map(\.list) == Array(listBlock.lists))
                for (index, piece) in block.pieces.enumerated() {
                    #expect(block.entries(at: index).map(Self.describe) == Array(expected[piece.list][piece.entries]))
                }
            }
        }
    }

    /// Blocks cover every list's entries once, in order: runs of whole lists, and pieces of
    /// the lists larger than a block.
    @Test func blocksCoverEveryEntryOnceInOrder() throws {
        let report = try Sheets.rank(Self.scatteredSheet(rows: 3_000, lists: 41))
        let block = EntryBlock()
        for size in [1, 7, 64, 100_000] {
            let pieces = ListBlocks.cut(report.lists, productsPerBlock: size).flatMap { listBlock in
                block.fill(report, block: listBlock)
                return block.pieces
            }
            var covered: [Int: [Range<Int>]] = [:]
            for piece in pieces { covered[piece.list, default: []].append(piece.entries) }
            #expect(pieces.map(\.list) == pieces.map(\.list).sorted())
            for (index, list) in report.lists.enumerated() {
                let ranges = covered[index] ?? []
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == list.count, "size \(size)")
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                #expect(ranges.allSatisfy { $0.count <= max(size, 1) || $0.count == list.count })
            }
            #expect(pieces.filter(\.endsList).count == report.lists.count)
        }
    }
}

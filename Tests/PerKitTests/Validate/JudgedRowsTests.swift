import Foundation
@testable import PerKit
import Testing

/// Rows judged on the parsing threads of a file read in segments (`JudgedRows`) and taken in
/// order (`Validator.take`) must validate exactly as the file streamed: the same lists,
/// spelling ids, products, findings, counts and errors, wherever the segments are cut.
@Suite struct JudgedRowsTests {
    /// A sheet with a bit of everything: a byte-order mark, blank and empty records before the
    /// header, blank lines, short rows, trailing delimiters, empty names, quoted line breaks
    /// (so that some segment starts are guessed wrong), invalid UTF-8, formula guards,
    /// currencies, unknown units, zeros, CR and CRLF line ends, and perhaps a syntax error.
    func sheet(_ random: inout SplitMix, rows: Int, listColumn: Bool, unitColumn: Bool, sizeFromName: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        func add(_ text: String) { bytes += Array(text.utf8) }
        if Int.random(in: 0..<4, using: &random) == 0 { bytes += [0xEF, 0xBB, 0xBF] }
        if Int.random(in: 0..<4, using: &random) == 0 { add("\n ,, \n") }
        var header: [String] = []
        if listColumn { header.append("list") }
        header.append("name")
        if !sizeFromName { header.append("quantity") }
        if unitColumn { header.append("unit") }
        header.append("price")
        add(header.joined(separator: ",") + "\n")
        let lists = ["a", "b", " a ", "'=c", "Dä", "", "e", "f", "g", "h"]
        let units = ["g", "kg", "G", " l ", "ml", "each", "furlong", "", "Stück", "oz", "fl oz", "g."]
        let prices = ["1", "2.50", "€3", "$4", "0", "x", "1,5", "€1", "$2"]
        let ends = ["\n", "\n", "\n", "\r\n", "\r"]
        for index in 0..<rows {
            let kind = Int.random(in: 0..<40, using: &random)
            if kind == 0 { add("\n"); continue }
            if kind == 1 { add(String(repeating: ",", count: header.count - 1) + "\n"); continue }
            if kind == 2 { add("short\n"); continue }
            var fields: [String] = []
            if listColumn { fields.append(lists[Int.random(in: 0..<(kind == 3 ? lists.count : 5), using: &random)]) }
            var name = kind == 4 ? "" : "item \(index % 97)"
            if kind == 5 { name = "\"quoted\nname \(index)\"" }
            if kind == 6 { name = "\"a,b\"\"c\"" }
            let unit = units[Int.random(in: 0..<(kind == 7 ? units.count : 6), using: &random)]
            let quantity = ["1", "2", "0.5", "0", "12", "3x"][Int.random(in: 0..<(kind == 8 ? 6 : 3), using: &random)]
            if sizeFromName { name += " \(quantity)\(unit)" }
            fields.append(name)
            if !sizeFromName { fields.append(unitColumn ? quantity : quantity + unit) }
            if unitColumn { fields.append(unit) }
            fields.append(prices[Int.random(in: 0..<(kind == 9 ? prices.count : 4), using: &random)])
            if kind == 10 { fields.append("") }
            if kind == 11 {
                bytes += Array(fields.joined(separator: ",").utf8.prefix(3)) + [0xC3, 0x28] + Array(",1,g,1\n".utf8)
                continue
            }
            add(fields.joined(separator: ","))
            add(ends[Int.random(in: 0..<(kind == 12 ? ends.count : 1), using: &random)])
        }
        if Int.random(in: 0..<10, using: &random) == 0 { add("\"broken\"x,1,g,1\n") }
        return bytes
    }

    @Test(arguments: 0..<40)
    func randomSheetsValidateAsRowByRow(_ seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
        var options = SheetOptions()
        let listColumn = Bool.random(using: &random)
        options.sizeFromName = Int.random(in: 0..<4, using: &random) == 0
        let unitColumn = !options.sizeFromName && Bool.random(using: &random)
        options.splitDimensions = Bool.random(using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: options.runLimits = RunLimits(maxProducts: Int.random(in: 50..<1500, using: &random))
        case 1: options.runLimits = RunLimits(maxLists: Int.random(in: 2..<12, using: &random))
        case 2: options.runLimits = RunLimits(maxFindings: Int.random(in: 10..<300, using: &random))
        default: break
        }
        options.listFromName = Int.random(in: 0..<3, using: &random) == 0
        let paths = try (0..<Int.random(in: 1...2, using: &random)).map { file in
            let bytes = sheet(&random, rows: Int.random(in: 200..<3000, using: &random), listColumn: listColumn,
                              unitColumn: unitColumn, sizeFromName: options.sizeFromName)
            return try Sheets.temporaryFile(bytes, name: "file\(file).csv")
        }
        let one = Sheets.validatedFiles(paths, segmentSize: nil, options: options)
        for size in [1, 7, 40, 100, 333, 2000] {
            let segmented = Sheets.validatedFiles(paths, segmentSize: size, options: options)
            guard segmented.summary != one.summary else { continue }
            let a = one.summary.split(separator: "\n", omittingEmptySubsequences: false)
            let b = segmented.summary.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record("segment size \(size), line \(line): \(line < a.count ? a[line] : "-") | \(line < b.count ? b[line] : "-")")
            return
        }
    }

    /// On such a sheet the parsing threads judge most rows (so the test above compares two ways).
    @Test func randomSheetsAreJudgedWhereRead() throws {
        var random = SplitMix(state: 17)
        let path = try Sheets.temporaryFile(sheet(&random, rows: 2000, listColumn: true, unitColumn: true, sizeFromName: false))
        #expect(Sheets.validatedFiles([path], segmentSize: 333, options: SheetOptions()).judgedWhereRead > 300)
    }

    /// The header lies in the head but past the first segment (blank lines before it) and
    /// would itself pass as a rankable row: it stays the header.
    @Test func aRankableHeaderAfterBlankLinesStaysTheHeader() throws {
        var text = String(repeating: "\n", count: 300) + "item 5 g,3\n"
        for index in 0..<400 { text += "thing \(index) \(index % 9 + 1) kg,\(index % 50 + 1)\n" }
        let path = try Sheets.temporaryFile(Array(text.utf8))
        var options = SheetOptions()
        options.sizeFromName = true
        options.columns = [.name: "item 5 g", .price: "3"]
        let one = Sheets.validatedFiles([path], segmentSize: nil, options: options)
        #expect(one.summary.contains("product 0:302 "))
        #expect(!one.summary.contains("product 0:301 "))
        for size in [40, 100, 299] {
            #expect(Sheets.validatedFiles([path], segmentSize: size, options: options).summary == one.summary, "segment size \(size)")
        }
    }
}

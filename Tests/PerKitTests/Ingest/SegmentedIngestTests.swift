import Foundation
@testable import PerKit
import Testing

/// Reading a file by segments on two threads must give exactly what reading it on one thread
/// gives: the same rows with the same lines, the same errors after the same rows, wherever
/// the cuts fall (inside quoted fields with line breaks, inside CRLF pairs, on blank lines).
@Suite struct SegmentedIngestTests {
    func outcome(_ path: String, segmentSize: Int?, options: SheetOptions = SheetOptions()) -> String {
        let collector = RowCollector()
        let reader = PriceSheetReader(options: options, chunkSize: 4096, segmentSize: segmentSize ?? Int.max / 4)
        let errors = reader.read([InputFile(path: path)], into: collector)
        return collector.rows.map { "\($0.location.line) \($0.name)|\($0.quantity ?? "")|\($0.unit ?? "")|\($0.price)|\($0.list ?? "")" }
            .joined(separator: "\n") + "\nerrors: \(errors)"
    }

    func write(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("per-segments-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        return url.path
    }

    func write(_ text: String) throws -> String { try write(Array(text.utf8)) }

    /// Every segment size from a few bytes (cuts in every line, most guesses wrong) to a few
    /// lines gives the streamed outcome.
    func expectSameOutcome(_ path: String, sizes: [Int] = [1, 2, 3, 5, 7, 11, 16, 23, 40, 64, 97, 150, 256, 1000],
                           options: SheetOptions = SheetOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let one = outcome(path, segmentSize: nil, options: options)
        for size in sizes {
            #expect(outcome(path, segmentSize: size, options: options) == one, "segment size \(size)", sourceLocation: sourceLocation)
        }
    }

    @Test func quotedLineBreaksAcrossEveryCut() throws {
        var text = "name,quantity,unit,price\n"
        for index in 0..<300 {
            switch index % 5 {
            case 0: text += "\"item\n\(index)\n\",1,kg,\(index % 50 + 1)\n"
            case 1: text += "\"a \"\"quoted\"\"\nname \(index)\",2,l,3.50\n"
            case 2: text += "\n\n   \nitem \(index),1,kg,1\n"
            default: text += "item \(index),1,kg,\(index % 50 + 1)\n"
            }
        }
        let path = try write(text)
        #expect(outcome(path, segmentSize: nil).hasSuffix("errors: []"))
        expectSameOutcome(path)
    }

    @Test func aLargeFileWithLongQuotedFields() throws {
        var text = "list,name,quantity,unit,price\n"
        for index in 0..<20_000 {
            let name = index % 997 == 0 ? "\"\(String(repeating: "long line\n", count: 40))\"" : "item \(index)"
            text += "list \(index % 7),\(name),\(index % 9 + 1),g,\(index % 50 + 1).99\n"
        }
        let path = try write(text)
        expectSameOutcome(path, sizes: [100, 333, 4096, 65_536])
    }

    @Test func errorsLateInTheFileCarryTheirFileLine() throws {
        var body = "name,quantity,unit,price\n"
        for index in 0..<200 { body += index % 10 == 0 ? "\"two\nlines\",1,kg,1\n" : "item \(index),1,kg,1\n" }
        for (broken, found) in [("\"broken\"x,1,kg,1\nafter,1,kg,1\n", "222 damaged textAfterClosingQuote at +0:9, +0 lines"),
                                ("ok,1,kg,1\n\"never closed,1,kg,1\nmore,1,kg,1\n", "223 damaged strayQuote at +0:0, +0 lines"),
                                ("ok,1,kg,1\n\"never closed,1,kg,1\n", "223 damaged unterminatedQuote at +0:0, +0 lines")] {
            let path = try write(body + broken)
            let one = outcome(path, segmentSize: nil)
            #expect(one.contains(found), "\(one.suffix(200))")
            expectSameOutcome(path)
        }
        var withNul = Array(body.utf8)
        withNul += Array("ok,1,kg,1\nnul".utf8) + [0] + Array(",1,kg,1\n".utf8)
        let path = try write(withNul)
        #expect(outcome(path, segmentSize: nil).contains("NUL"))
        expectSameOutcome(path)
    }

    @Test func lineEndsOfEveryKindAndAByteOrderMark() throws {
        var rows = ""
        for index in 0..<100 { rows += "item \(index),1,kg,\(index % 9 + 1)" + ["\n", "\r\n", "\r", "\r\n\r\n"][index % 4] }
        for text in ["name,quantity,unit,price\n" + rows, "\u{FEFF}name,quantity,unit,price\r\n" + rows, "name,quantity,unit,price\r" + rows] {
            expectSameOutcome(try write(text))
        }
    }

    @Test func anErrorWhileTakingRowsStopsTheWorkers() throws {
        var text = "list,name,quantity,unit,price\n"
        for index in 0..<20_000 { text += "list \(index),item,1,kg,1\n" }
        let path = try write(text)
        var options = SheetOptions()
        options.runLimits = RunLimits(maxProducts: 100_000, maxLists: 9_000, maxFindings: 100)
        func validated(_ segmentSize: Int?) -> String {
            let validator = Validator(files: [InputFile(path: path)], options: options)
            let errors = PriceSheetReader(options: options, chunkSize: 4096, segmentSize: segmentSize ?? Int.max / 4)
                .read([InputFile(path: path)], into: validator)
            return "\(validator.finish().counts) \(errors)"
        }
        let one = validated(nil)
        #expect(one.contains("more than 9000 lists"))
        #expect(validated(4096) == one)
        #expect(validated(100) == one)
    }

    /// The parsing threads judge rows that the taking thread then takes as they are, in order:
    /// lists, units, mismatches of dimension and currency, rejections, limits and errors come
    /// out as when the file is streamed.
    @Test(arguments: ["no limit", "split dimensions", "product limit", "list limit", "finding limit"])
    func rowsJudgedOnTheParsingThreadsValidateAsStreamed(_ setting: String) throws {
        var options = SheetOptions()
        switch setting {
        case "split dimensions": options.splitDimensions = true
        case "product limit": options.runLimits = RunLimits(maxProducts: 900)
        case "list limit": options.runLimits = RunLimits(maxLists: 40)
        case "finding limit": options.runLimits = RunLimits(maxFindings: 80)
        default: break
        }
        var text = "list,name,quantity,unit,price\n"
        for index in 0..<2_000 {
            let list = "list \(index / 40 % 23)"
            switch index % 37 {
            case 5: text += "\(list),item \(index),1,l,1.50\n"  // another dimension than the list's, or the first
            case 9: text += "\(list),item \(index),2,kg,€\(index % 7 + 1)\n"  // a currency, perhaps another
            case 11: text += "\(list),item \(index),2,kg,$3\n"
            case 13: text += "\(list),,2,kg,3\n"  // rejected: no name
            case 17: text += "\(list),item \(index),0,kg,3\n"  // rejected: zero
            case 19: text += "\(list),item \(index),2,furlong,3\n"  // rejected: unknown unit
            case 23: text += ",,,,\n"  // blank
            case 29: text += "\(list),item \(index),2\n"  // short
            case 31: text += "'=\(list),'+item \(index), 2 ,KG, 3,5\n"  // guarded, spaced, a comma mark
            default: text += "\(list),item \(index),\(index % 9 + 1),\(["g", "kg", "oz", "lb"][index % 4]),\(index % 50 + 1).99\n"
            }
        }
        let path = try write(text)
        let one = Sheets.validatedFiles([path], segmentSize: nil, options: options)
        #expect(one.judgedWhereRead > 1000)
        for size in [40, 1000, 4096] {
            let segmented = Sheets.validatedFiles([path], segmentSize: size, options: options)
            #expect(segmented.summary == one.summary, "segment size \(size)")
            #expect(segmented.judgedWhereRead > 100, "segment size \(size)")
        }
    }

    /// A file without a list column is one list, named after the file, however it is read;
    /// and sizes read from names.
    @Test func rowsWithoutAListColumnOrWithSizesInNamesValidateAsStreamed() throws {
        var text = "name,price\n"
        for index in 0..<1_500 { text += "item \(index) \(index % 9 + 1)\(["g", "kg", "ml", " l"][index % 4]),\(index % 50 + 1)\n" }
        let path = try write(text)
        var options = SheetOptions()
        options.sizeFromName = true
        for split in [false, true] {
            options.splitDimensions = split
            let one = Sheets.validatedFiles([path], segmentSize: nil, options: options)
            #expect(one.summary.hasSuffix("[]"))
            for size in [64, 2048] {
                let segmented = Sheets.validatedFiles([path], segmentSize: size, options: options)
                #expect(segmented.summary == one.summary, "segment size \(size), split \(split)")
                #expect(segmented.judgedWhereRead > 100)
            }
        }
    }

    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: Sheets.fixtures.appendingPathComponent("conformance/price-sheet-bad-inputs").path)
        .filter { $0.hasSuffix(".csv") }.sorted())
    func everyBadInputGivesTheSameOutcome(_ name: String) {
        expectSameOutcome(Sheets.fixtures.appendingPathComponent("conformance/price-sheet-bad-inputs/\(name)").path, sizes: [1, 2, 5, 13, 40])
    }

    @Test(arguments: ["demo/groceries.csv", "quoting/bakery.csv", "rejections/pantry.csv"])
    func fixturesGiveTheSameOutcome(_ name: String) {
        expectSameOutcome(Sheets.fixtures.appendingPathComponent(name).path)
    }

    /// The format is sniffed from the same bytes whatever the reads return: here the first
    /// 64 KiB end in the middle of a price (`1.23|4`), which must not count as evidence.
    @Test func theSniffedFormatDoesNotDependOnHowTheFileIsRead() throws {
        let header = "name;quantity;unit;price\n"
        let rows = (0..<100_000).map { "item \($0);500;g;1.234\n" }.joined()
        let unpadded = Array((header + rows).utf8)
        var four = FileParser.sniffWindow
        while unpadded[four] != UInt8(ascii: "4") || unpadded[four - 1] != UInt8(ascii: "3") { four -= 1 }
        // Padding the first name moves that `4` to the window's first byte past the end.
        let path = try write(header + String(repeating: "x", count: FileParser.sniffWindow - four) + rows)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path))[FileParser.sniffWindow - 2..<FileParser.sniffWindow + 1] == Data("234".utf8))
        func outcome(chunkSize: Int, segmented: Bool) -> String {
            let collector = RowCollector()
            let errors = PriceSheetReader(chunkSize: chunkSize, segmentSize: segmented ? 1 << 20 : Int.max / 4)
                .read([InputFile(path: path)], into: collector)
            return "\(collector.formats.map { "\($0.dialect.delimiter) \(String(describing: $0.priceNumbers.likely))" }) \(collector.rows.count) \(errors)"
        }
        let segmented = outcome(chunkSize: 1 << 20, segmented: true)
        #expect(segmented.hasSuffix(" 100000 []"))
        for chunkSize in [1 << 16, 4096, 1 << 20, 65_537] {
            #expect(outcome(chunkSize: chunkSize, segmented: false) == segmented, "reads of \(chunkSize)")
        }
    }

    /// The guess for a segment's start is the first line start at or past its nominal offset.
    @Test func aSegmentIsGuessedToStartAfterTheFirstLineBreakPastItsOffset() throws {
        let path = try write("h\nabc\ndef\n")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let plan = SegmentPlan(descriptor: descriptor, path: path, size: 10, dataStart: 0, segmentSize: 2,
                               dialect: CSVDialect(), limits: CSVLimits())
        #expect(plan.count == 5)
        #expect(try (0..<5).map { try plan.guessedStart($0) } == [0, 2, 6, 6, 10])
    }

    /// Lines that end in CR alone are cut like LF lines (a CR-only file was one segment and one
    /// batch: 2.9 GB resident for 200 MB); a CR before an LF, even across the 4 KiB window the
    /// guess reads, starts the line after the LF.
    @Test func aSegmentStartsAfterALoneCRToo() throws {
        for (text, expected) in [("h\rabc\rdef\r", [0, 2, 6, 6, 10]), ("h\r\nab\r\ncd\r\n", [0, 3, 7, 7, 11, 11])] {
            let path = try write(text)
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let plan = SegmentPlan(descriptor: descriptor, path: path, size: text.utf8.count, dataStart: 0, segmentSize: 2,
                                   dialect: CSVDialect(), limits: CSVLimits())
            #expect(try (0..<plan.count).map { try plan.guessedStart($0) } == expected, "\(text.debugDescription)")
        }
        // A CRLF split by the end of the window: 4095 bytes from the byte before the offset.
        let long = Array(repeating: UInt8(ascii: "x"), count: 5000)
        let bytes = Array("h\r".utf8) + long[..<4095] + [Byte.cr, Byte.lf] + Array("tail\r".utf8)
        let path = try write(bytes)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let plan = SegmentPlan(descriptor: descriptor, path: path, size: bytes.count, dataStart: 0, segmentSize: 3,
                               dialect: CSVDialect(), limits: CSVLimits())
        #expect(try plan.guessedStart(1) == 2 + 4095 + 2)
    }

    /// A CR-only file read in segments is cut: the first segment ends where the second starts,
    /// not at the end of the file, and the rows are those read whole.
    @Test func aCROnlyFileIsReadInSegments() throws {
        var text = "name,quantity,unit,price\r"
        for index in 0..<200 { text += "item \(index),1,kg,\(index % 9 + 1)\r" }
        let path = try write(text)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let plan = SegmentPlan(descriptor: descriptor, path: path, size: text.utf8.count, dataStart: 0, segmentSize: 500,
                               dialect: CSVDialect(), limits: CSVLimits())
        let first = plan.parse(0)
        let second = try plan.guessedStart(1)
        #expect(first.end < text.utf8.count && first.end == second)
        expectSameOutcome(path, sizes: [7, 64, 500])
    }
}

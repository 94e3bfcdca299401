import Foundation
@testable import PerKit
import Testing

/// Streaming a file, a parser thread handing batches of records to this one, must give what
/// the file read whole in one piece gives: the same rows in the same order, the same errors
/// after the same rows.
@Suite struct StreamedIngestTests {
    /// `whole`: the file's bytes handed over in one piece, in memory; else read from disk in
    /// reads of 4 KiB, batch after batch.
    func outcome(_ path: String, whole: Bool, options: SheetOptions = SheetOptions()) -> String {
        let collector = RowCollector()
        let file = InputFile(path: path)
        var errors: [InputError] = []
        if whole {
            do {
                try PriceSheetReader(options: options).read(chunks: [Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())],
                                                            as: file, into: collector)
            } catch let error as InputError {
                errors.append(error)
            } catch {
                errors.append(InputError(file: path, .cannotRead(reason: "\(error)")))
            }
        } else {
            errors = PriceSheetReader(options: options, chunkSize: 4096, segmentSize: Int.max / 4).read([file], into: collector)
        }
        return collector.rows.map { "\($0.location.line) \($0.name)|\($0.quantity ?? "")|\($0.price)" }.joined(separator: "\n")
            + "\nerrors: \(errors)"
    }

    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("per-pipeline-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A stream's first bytes, read to learn what it is, are read again before the rest (a
    /// FIFO here, as `<(...)` is a pipe); what is read whole stops at its limit.
    @Test func aPeekedStreamGoesOnFromItsHeadAndStopsAtItsLimit() throws {
        let path = try Sheets.temporaryFile([], name: "pipe")
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let text = Array("name,quantity,unit,price\nmilk,1,l,1.00\n".utf8)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.write(Data(text))
                try? handle.close()
            }
        }
        writer.start()
        let file = try InputFile(path: PathName(argumentText: path)).peeked(10)
        #expect(file.stream?.head == Array(text.prefix(10)))
        #expect(try file.contents() == text)
        let full = try Sheets.temporaryFile(text)
        #expect(throws: InputError.self) { try InputFile(path: PathName(argumentText: full)).contents(limit: ("bytes of a test", 20)) }
        #expect(try InputFile(path: PathName(argumentText: full)).contents(limit: ("bytes of a test", text.count)) == text)
    }

    @Test func aLargeFileGivesTheSameRowsStreamedOrWhole() throws {
        var text = "name,quantity,unit,price\n"
        for index in 0..<30_000 { text += index % 13 == 0 ? "\"item\n\(index)\",1,kg,\(index % 50 + 1)\n" : "item \(index),1,kg,\(index % 50 + 1)\n" }
        let path = try write(text)
        let one = outcome(path, whole: true)
        #expect(one.hasSuffix("errors: []"))
        #expect(outcome(path, whole: false) == one)
    }

    @Test func aParseErrorLateInAFileArrivesAfterTheSameRows() throws {
        var text = "name,quantity,unit,price\n"
        for index in 0..<20_000 { text += "item \(index),1,kg,1\n" }
        text += "\"broken\"x,1,kg,1\nafter,1,kg,1\nnul"
        let path = try write(text + "\0,1,kg,1\n")
        let one = outcome(path, whole: true)
        #expect(one.contains("20001 item 19999|1|1\n20002 damaged textAfterClosingQuote") && one.contains("20003 after")
            && one.contains("NUL"))
        #expect(outcome(path, whole: false) == one)
    }

    @Test func anErrorWhileTakingRowsStopsTheParser() throws {
        var text = "list,name,quantity,unit,price\n"
        for index in 0..<20_000 { text += "list \(index),item,1,kg,1\n" }
        let path = try write(text)
        var options = SheetOptions()
        options.runLimits = RunLimits(maxProducts: 100_000, maxLists: 9_000, maxFindings: 100)
        func validated(chunkSize: Int) -> String {
            let validator = Validator(files: [InputFile(path: path)], options: options)
            let errors = PriceSheetReader(options: options, chunkSize: chunkSize, segmentSize: Int.max / 4)
                .read([InputFile(path: path)], into: validator)
            return "\(validator.finish().counts) \(errors)"
        }
        let one = validated(chunkSize: 1 << 30)
        #expect(one.contains("more than 9000 lists"))
        #expect(validated(chunkSize: 4096) == one)
    }

    @Test(arguments: ["demo/groceries.csv", "quoting/bakery.csv", "rejections/pantry.csv",
                      "conformance/price-sheet-bad-inputs/12_unterminated_quote_eof.csv",
                      "conformance/price-sheet-bad-inputs/19_nul_byte.csv", "conformance/price-sheet-bad-inputs/01_empty.csv"])
    func fixturesGiveTheSameRowsStreamedOrWhole(_ name: String) {
        let path = Sheets.fixtures.appendingPathComponent(name).path
        #expect(outcome(path, whole: false) == outcome(path, whole: true))
    }
}

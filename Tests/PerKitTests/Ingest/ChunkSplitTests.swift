import Foundation
@testable import PerKit
import Testing

/// Rows, line numbers and errors must not depend on how reads split a file.
@Suite struct ChunkSplitTests {
    static let badInputs = Sheets.fixtures.appendingPathComponent("conformance/price-sheet-bad-inputs")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: badInputs.path)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
    }

    /// Everything the ingest delivers for a file read in the given chunks, as one string.
    static func outcome(_ bytes: [UInt8], chunks size: Int) -> String {
        let collector = RowCollector()
        let chunks = stride(from: 0, to: max(bytes.count, 1), by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        do {
            try PriceSheetReader().read(chunks: chunks, as: InputFile(path: "f.csv"), into: collector)
        } catch {
            return "error \(error) after \(collector.rows.count) rows"
        }
        return collector.rows.map { "\($0.location.line) \($0.name)|\($0.quantity ?? "")|\($0.unit ?? "")|\($0.price)" }.joined(separator: "\n")
    }

    @Test(arguments: files)
    func everyBadInputGivesTheSameRowsAtEveryChunkSize(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.badInputs.appendingPathComponent(name)))
        let whole = Self.outcome(bytes, chunks: max(bytes.count, 1))
        for size in 1...max(bytes.count, 1) {
            #expect(Self.outcome(bytes, chunks: size) == whole, "\(name) in chunks of \(size)")
        }
    }

    @Test func lineNumbersStayRightInTheMiddleOfALargeFile() throws {
        // 20,000 records, every 7th with a quoted line break, every 11th followed by a blank line.
        var text = "name,quantity,unit,price\r\n"
        var expected: [Int: String] = [:]
        var line = 2
        for index in 0..<20_000 {
            let name = index % 7 == 0 ? "\"item\n\(index)\"" : "item \(index)"
            expected[line] = index % 7 == 0 ? "item\n\(index)" : "item \(index)"
            text += "\(name),1,kg,1\r\n"
            line += index % 7 == 0 ? 2 : 1
            if index % 11 == 0 { text += "\r\n"; line += 1 }
        }
        let bytes = Array(text.utf8)
        for size in [1 << 20, 4096, 333] {
            let collector = RowCollector()
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
            try PriceSheetReader().read(chunks: chunks, as: InputFile(path: "f.csv"), into: collector)
            #expect(collector.rows.count == 20_000)
            let wrong = collector.rows.filter { expected[$0.location.line] != $0.name }
            #expect(wrong.isEmpty, "first wrong: \(String(describing: wrong.first))")
        }
    }
}

/// A file that starts with a UTF-16 byte-order mark (Excel's "Unicode text") is read as UTF-16,
/// either byte order, as the same text in UTF-8 is; it was refused ("the file is UTF-16").
@Suite struct UTF16Tests {
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func aUTF16FileWithItsMarkReadsAsItsUTF8(_ encoding: String.Encoding) throws {
        let text = "name;size;price\r\nČokolada;100 g;1,99\r\nMlijeko;1 l;0,89\r\n"
        let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let bytes = mark + Array(try #require(text.data(using: encoding)))
        let utf8 = ChunkSplitTests.outcome(Array(text.utf8), chunks: 1 << 20)
        #expect(utf8.contains("Čokolada|100 g"))
        for size in [1, 2, 3, 7, 1 << 20] {
            #expect(ChunkSplitTests.outcome(bytes, chunks: size) == utf8, "in chunks of \(size)")
        }
    }
}

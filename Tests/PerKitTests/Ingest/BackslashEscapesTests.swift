import Foundation
@testable import PerKit
import Testing

/// The backslash dialect (`"Pikant \"Florini\" 200g"`), read through libcsv after translation.
@Suite struct BackslashEscapesTests {
    static let sheet = "name,quantity,unit,price\n"
        + "\"Pikant \\\"Florini\\\" 200g\",200,g,1.99\n"
        + "\"Plain\",1,kg,2.00\n"
        + "\"Path C:\\\\\",1,kg,2.50\n"
        + "\"Two \\\"quotes\\\"\nand a line break\",1,kg,3.00\n"
        + "after,1,kg,1.00\n"

    /// Translated at every chunk size, the records, their lines and their fields are those of
    /// the whole file translated at once: a backslash at the end of a chunk waits for the next.
    @Test func chunksGiveWhatTheWholeGives() throws {
        let bytes = Array(Self.sheet.utf8)
        func records(_ size: Int) throws -> String {
            let translator = BackslashEscapes(dialect: CSVDialect())
            var out: [String] = []
            let reader = CSVReader { out.append("\($0.line):\($0.strings)") }
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                try bytes[start..<end].withUnsafeBufferPointer { try reader.feed(UnsafeRawBufferPointer(translator.translate($0))) }
                start = end
            }
            try reader.feed(UnsafeRawBufferPointer(translator.finish()))
            try reader.finish()
            return out.joined(separator: "|")
        }
        let whole = try records(bytes.count)
        #expect(whole.contains("2:[\"Pikant \\\"Florini\\\" 200g\", \"200\", \"g\", \"1.99\"]"))
        #expect(whole.contains("4:[\"Path C:\\\\\\\\\", \"1\", \"kg\", \"2.50\"]"))
        #expect(whole.contains("7:[\"after\""))
        for size in 1...12 { #expect(try records(size) == whole, "chunks of \(size)") }
    }

    /// Found from the file's start, without an option: the whole file is read and said so.
    @Test func theDialectIsFoundAndEveryRecordRead() throws {
        let sheet = try Sheets.validate(Self.sheet)
        #expect(sheet.counts.rows == 5)
        #expect(sheet.counts.ranked == 5)
        #expect(sheet.notes.first?.description.contains("quotes inside quoted fields are written \\\"") == true)
        #expect(sheet.products.map { String(decoding: sheet.name(of: $0), as: UTF8.self) }.first == "Pikant \"Florini\" 200g")
    }

    /// RFC 4180 files are not taken for it: a backslash that ends a quoted field (`"C:\"`) is
    /// no escape.
    @Test func anRFCFileIsNotTakenForTheDialect() throws {
        let text = Array("name,quantity,unit,price\n\"C:\\\",1,kg,1\n\"say \"\"hi\"\"\",1,kg,1\n".utf8)
        #expect(!text.withUnsafeBufferPointer { BackslashEscapes.isDialect(of: $0, dialect: CSVDialect(), limits: CSVLimits()) })
        let sheet = try Sheets.validate(String(decoding: text, as: UTF8.self))
        #expect(sheet.counts.ranked == 2)
        #expect(sheet.notes.isEmpty)
    }

    /// Read in segments on two threads, the dialect gives what the file streamed gives.
    @Test func segmentsGiveWhatTheStreamGives() throws {
        var text = "name,quantity,unit,price\n"
        for index in 0..<600 {
            text += index % 3 == 0 ? "\"Item \\\"\(index)\\\" special\",1,kg,\(index % 9 + 1)\n" : "item \(index),1,kg,\(index % 9 + 1)\n"
        }
        let path = try Sheets.temporaryFile(Array(text.utf8))
        let one = Sheets.validatedFiles([path], segmentSize: nil)
        #expect(one.summary.contains("product 0:2 ") && one.summary.hasSuffix("[]"), "\(one.summary.suffix(300))")
        for size in [50, 333, 1000] {
            #expect(Sheets.validatedFiles([path], segmentSize: size).summary == one.summary, "segment size \(size)")
        }
    }
}

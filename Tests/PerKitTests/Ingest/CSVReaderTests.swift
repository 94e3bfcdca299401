import Foundation
import PerKit
import Testing

@Suite struct CSVReaderTests {
    static let spectrum = Sheets.fixtures.appendingPathComponent("conformance/csv-spectrum")

    static var spectrumCases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: spectrum.appendingPathComponent("csvs").path)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func theWholeCSVSpectrumSuiteIsPresent() {
        #expect(Self.spectrumCases.count == 11)
    }

    @Test(arguments: spectrumCases)
    func readsEachCSVSpectrumCaseAsExpected(_ name: String) throws {
        let csv = try Data(contentsOf: Self.spectrum.appendingPathComponent("csvs/\(name).csv"))
        let json = try Data(contentsOf: Self.spectrum.appendingPathComponent("json/\(name).json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: String]])
        let records = try RecordCollector.parse(Array(csv), chunkSize: 1 << 16)
        let header = try #require(records.first).fields
        let objects = records.dropFirst().map { record in
            Dictionary(uniqueKeysWithValues: zip(header, record.fields))
        }
        #expect(objects == expected)
    }

    @Test func recordsStartOnTheirPhysicalLine() throws {
        let csv = "name,quantity\n\"milk\nwhole\",1\n\n\n  \nbread,2\r\ntea,3\rcoffee,4"
        let records = try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096)
        #expect(records.map(\.line) == [1, 2, 7, 8, 9])
        #expect(records[1].fields == ["milk\nwhole", "1"])
        #expect(records.last?.fields == ["coffee", "4"])
    }

    @Test func aBareQuoteInsideAnUnquotedFieldIsKept() throws {
        let csv = "name,qty\nPikant\"Florini\"papr,1\npizza 12\",2\n"
        let records = try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096)
        #expect(records.map(\.fields) == [["name", "qty"], ["Pikant\"Florini\"papr", "1"], ["pizza 12\"", "2"]])
    }

    @Test func textAfterAClosingQuoteStopsTheFileWithLineAndColumn() throws {
        let csv = "name,quantity,unit,price\n\"milk\"x,1,l,0.99\nbread,2,pc,2.49\n"
        #expect(throws: CSVSyntaxError(.textAfterClosingQuote, line: 2, column: 7)) {
            try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096)
        }
    }

    @Test func theColumnCountsCharactersNotBytes() throws {
        let csv = "a,b\nCrème,\"x\"y\n"
        #expect(throws: CSVSyntaxError(.textAfterClosingQuote, line: 2, column: 10)) {
            try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096)
        }
    }

    @Test func anUnterminatedQuoteStopsTheFileAtTheLineItOpens() throws {
        let csv = "name,quantity\nmilk,1\n\"bread,2\ntea,3\n"
        #expect(throws: CSVSyntaxError(.unterminatedQuote, line: 3)) {
            try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096)
        }
    }

    @Test func anUnterminatedQuoteIsReportedWhereTheLastQuotedFieldOpens() throws {
        // The field opened on line 2 closes on line 3, where another one opens and never closes.
        let csv = "name,quantity,unit,price\n\"a\nb\",1,\"kg\nc,1,kg,1\n"
        for size in 1...csv.utf8.count {
            #expect(throws: CSVSyntaxError(.unterminatedQuote, line: 3)) {
                try RecordCollector.parse(Array(csv.utf8), chunkSize: size)
            }
        }
    }

    @Test func aFieldOverTheLimitStopsTheFile() throws {
        let csv = "a,b\n\"" + String(repeating: "x", count: 5000) + "\",1\n"
        let limits = CSVLimits(maxFieldBytes: 1000, maxRecordBytes: 1 << 20)
        for size in [7, 100, 4096, 1 << 16] {
            #expect(throws: CSVSyntaxError(.fieldTooLarge(limit: 1000), line: 2)) {
                try RecordCollector.parse(Array(csv.utf8), chunkSize: size, limits: limits)
            }
        }
    }

    @Test func aRecordOverTheLimitStopsTheFile() throws {
        let csv = "a\n" + String(repeating: ",", count: 3000) + "\n"
        let limits = CSVLimits(maxFieldBytes: 1000, maxRecordBytes: 2000)
        #expect(throws: CSVSyntaxError(.recordTooLarge(limit: 2000), line: 2)) {
            try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096, limits: limits)
        }
    }

    /// Blanks after a field are no part of it, but libcsv holds them until the field ends: read
    /// in pieces, a run of them longer than the record limit stops the file rather than memory
    /// growing with it.
    @Test func blanksAfterAFieldStayWithinTheRecordLimit() throws {
        let limits = CSVLimits(maxFieldBytes: 1000, maxRecordBytes: 2000)
        for field in ["x", "\"x\""] {
            let csv = "a,b\n" + field + String(repeating: " ", count: 6000) + ",1\n"
            #expect(throws: CSVSyntaxError(.fieldTooLarge(limit: 1000), line: 2)) {
                try RecordCollector.parse(Array(csv.utf8), chunkSize: 512, limits: limits)
            }
            let short = "a,b\n" + field + String(repeating: " ", count: 1500) + ",1\n"
            let records = try RecordCollector.parse(Array(short.utf8), chunkSize: 512, limits: limits)
            #expect(records.map(\.fields) == [["a", "b"], ["x", "1"]])
        }
    }

    /// Fields that together pass the record limit stop the file as a record too large, even when
    /// a later field of the record is over the field limit, wherever the reads end.
    @Test func theRecordLimitIsPassedWhereTheFieldsPassIt() throws {
        let csv = Array("h\naaaaaaaaaa,bbbbbbbbbb,cccccccccc,dddddddddd,eeeeeeeeeeeeeeeeeee\n".utf8)
        let limits = CSVLimits(maxFieldBytes: 12, maxRecordBytes: 40)
        for size in 1...csv.count {
            #expect(throws: CSVSyntaxError(.recordTooLarge(limit: 40), line: 2), "chunk size \(size)") {
                try RecordCollector.parse(csv, chunkSize: size, limits: limits)
            }
        }
    }

    @Test func aLineStartingWithTheTabDelimiterIsARecord() throws {
        let csv = "a\tb\n\t1\n \n"
        let records = try RecordCollector.parse(Array(csv.utf8), chunkSize: 4096, dialect: CSVDialect(delimiter: UInt8(ascii: "\t")))
        #expect(records.map(\.fields) == [["a", "b"], ["", "1"]])
        #expect(records.map(\.line) == [1, 2])
    }

    /// Space is no delimiter per offers, but the library takes any byte: a line of spaces is
    /// then a record of empty fields, as libcsv reads it, and every record keeps its line, in
    /// runs of plain lines and line by line (the quote on the last line), in any read size.
    @Test func aLineOfSpacesIsARecordWhenSpaceIsTheDelimiter() throws {
        let csv = "a b\n 1\n   \nc d\n\"e\" f\n"
        for size in [1, 2, 3, 5, 4096] {
            let records = try RecordCollector.parse(Array(csv.utf8), chunkSize: size, dialect: CSVDialect(delimiter: UInt8(ascii: " ")))
            #expect(records.map(\.fields) == [["a", "b"], ["", "1"], ["", "", "", ""], ["c", "d"], ["e", "f"]], "read size \(size)")
            #expect(records.map(\.line) == [1, 2, 3, 4, 5], "read size \(size)")
        }
    }

    static let splitInputs: [String] = [
        "name,qty\r\n\"a\r\nb\",1\r\n\r\nc,2\r\n",
        "name,qty\r\"x\"\"y\",1\r\rz,2",
        "h\n\"multi\n\nline\",\"q\"\"\"\nlast,\"\"\n",
        "h,i\nPikant\"Florini\",1\n  spaced  ,  2  \n",
        "h\n\"open\n",
        "h,i\n\"a\"b,1\n",
        "h\r\n\r\nx\r",
    ]

    /// The rows, lines and errors must not depend on how the bytes are split into reads.
    @Test(arguments: splitInputs)
    func recordsLinesAndErrorsDoNotDependOnHowReadsAreSplit(_ csv: String) throws {
        let bytes = Array(csv.utf8)
        let whole = Self.outcome { try RecordCollector.parse(bytes, chunkSize: bytes.count + 1) }
        for size in 1...bytes.count {
            #expect(Self.outcome { try RecordCollector.parse(bytes, chunkSize: size) } == whole, "chunk size \(size)")
        }
        for first in 0...bytes.count {
            for second in first...bytes.count where second - first <= 3 {
                #expect(Self.outcome { try RecordCollector.parse(bytes, splitAt: [first, second]) } == whole,
                        "split at \(first) and \(second)")
            }
        }
    }

    /// The records, or the error, as one comparable string.
    static func outcome(_ parse: () throws -> [(line: Int, fields: [String])]) -> String {
        do {
            return try parse().map { "\($0.line):\($0.fields)" }.joined(separator: "|")
        } catch {
            return "error: \(error)"
        }
    }
}

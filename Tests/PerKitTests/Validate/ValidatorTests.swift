@testable import PerKit
import Testing

@Suite struct ValidatorTests {
    @Test func theFirstValidRowFixesTheListsDimension() throws {
        let sheet = try Sheets.validate("""
            list,name,quantity,unit,price
            weekly,broken,abc,l,1
            weekly,milk,1,l,0.99
            weekly,cheese,500,g,3.99
            weekly,juice,2,l,2.99
            """)
        #expect(sheet.mismatches.count == 1)
        let mismatch = try #require(sheet.mismatches.first)
        #expect(mismatch.list == "weekly")
        #expect(mismatch.name == "cheese")
        #expect(mismatch.unit == "g")
        #expect(mismatch.kind == .dimension(expected: .volume, found: .mass))
        #expect(mismatch.source == SourceLocation(file: 0, line: 4))
        #expect(sheet.counts.ranked == 2)
        #expect(sheet.counts.rejected == 1)
    }

    @Test func filesAreReadInCommandLineOrderForTheFirstRowRule() throws {
        var options = SheetOptions()
        options.splitDimensions = false  // per's rule, as for lists a person made
        let sheet = try Sheets.validate([
            ("a/shop.csv", "name,quantity,unit,price\noil,1,l,5\n"),
            ("b/shop.csv", "name,quantity,unit,price\nflour,1,kg,1\noil,2,l,9\n"),
        ], options: options)
        #expect(sheet.listCount == 1)
        #expect(sheet.mismatches.map(\.source) == [SourceLocation(file: 1, line: 2)])
    }

    @Test(arguments: [
        ("milk,1,l", "the row has 3 fields but the header has 4"),
        ("milk,1,l,0.99,extra", "the row has 5 fields but the header has 4"),
        ("milk,1,l,0.99,,", "the row has 6 fields but the header has 4"),
        (",1,l,0.99", "the name is empty"),
        ("\"  \",1,l,0.99", "the name is empty"),
        ("milk,,l,0.99", "the quantity is empty"),
        ("milk,one,l,0.99", "the quantity \"one\" is not a number"),
        ("milk,-1,l,0.99", "the quantity \"-1\" is negative"),
        ("milk,0,l,0.99", "the quantity \"0\" is zero; a unit price needs a positive quantity"),
        ("milk,1,l,0.00", "the price \"0.00\" is zero; a free item has no unit price to compare"),
        ("milk,1,l,1e3", "the price \"1e3\" is not a number"),
        ("milk,99999999999999999999,l,1", "the quantity \"99999999999999999999\" has more than 18 digits"),
        ("milk,1,,0.99", "the unit is empty"),
        ("rope,3,furlong,9.99", "the unit \"furlong\" is unknown (per units lists the known ones; --unit-alias adds one)"),
        ("milk,,parsec,", "the quantity is empty; the unit \"parsec\" is unknown (per units lists the known ones; --unit-alias adds one); the price is empty"),
    ])
    func everyRejectionNamesItsReasons(_ row: String, _ reason: String) throws {
        let sheet = try Sheets.validate("name,quantity,unit,price\n\(row)\n")
        #expect(sheet.rejections.map(\.reason) == [reason])
        #expect(sheet.rejections.first?.source == SourceLocation(file: 0, line: 2))
        #expect(sheet.counts.rows == 1)
    }

    /// Rows under a header that ends with a delimiter may have that last field or not (every
    /// row without it used to be rejected as one field short); a value in it is still taken, as
    /// in any unnamed column, and a no-break space in the header's last field is empty too.
    @Test func aHeaderEndingWithADelimiterTakesRowsWithOrWithoutOne() throws {
        let sheet = try Sheets.validate("name,quantity,unit,price,\nA,1,kg,2\nB,1,kg,3,\nC,1,kg,4,note\nD,1,kg\n")
        #expect(sheet.counts.ranked == 3)
        #expect(sheet.rejections.map(\.source.line) == [5])
        #expect(sheet.rejections.first?.reason == "the row has 3 fields but the header has 5")
        let spaced = try Sheets.validate("name,quantity,unit,price,\u{A0}\nA,1,kg,2,\u{A0}\nB,1,kg,3\n")
        #expect(spaced.counts.ranked == 2)
    }

    @Test func anEmptyListNameIsRejected() throws {
        let sheet = try Sheets.validate("list,name,quantity,unit,price\n ,milk,1,l,1\n")
        #expect(sheet.rejections.map(\.reason) == ["the list name is empty"])
    }

    @Test func invalidUTF8InANameIsRejected() throws {
        let csv: [UInt8] = Array("name,quantity,unit,price\ncr".utf8) + [0xE8] + Array("me,1,l,1\n".utf8)
        var options = SheetOptions()
        options.encoding = .utf8  // named: the bytes are not decided from
        let validator = Validator(files: [InputFile(path: "latin1.csv")], options: options)
        try PriceSheetReader(options: options).read(chunks: [csv], as: InputFile(path: "latin1.csv"), into: validator)
        #expect(validator.finish().rejections.map(\.reason) == ["the name is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"])
    }

    @Test func bytesOfAnotherEncodingShowAsEscapesInReasons() throws {
        let csv: [UInt8] = Array("name,quantity,unit,price\nmilk,1,st".utf8) + [0xFC] + Array("ck,1\n".utf8)
        var options = SheetOptions()
        options.encoding = .utf8
        let validator = Validator(files: [InputFile(path: "latin1.csv")], options: options)
        try PriceSheetReader(options: options).read(chunks: [csv], as: InputFile(path: "latin1.csv"), into: validator)
        #expect(validator.finish().rejections.first?.reason.hasPrefix("the unit \"st\\xFCck\" is unknown") == true)
    }

    @Test func passingARunLimitStopsTheRunWithTheLine() throws {
        var options = SheetOptions()
        options.runLimits = RunLimits(maxProducts: 100, maxLists: 3, maxFindings: 2)
        #expect(throws: InputError(file: "sheet.csv", line: 5, .limit(what: "lists", limit: 3))) {
            try Sheets.validate("list,name,quantity,unit,price\na,x,1,kg,1\nb,x,1,kg,1\nc,x,1,kg,1\nd,x,1,kg,1\n", options: options)
        }
        #expect(throws: InputError(file: "sheet.csv", line: 4, .limit(what: "rows not ranked (mismatched, rejected or not products)", limit: 2))) {
            try Sheets.validate("name,quantity,unit,price\nx,0,kg,1\ny,0,kg,1\nz,0,kg,1\n", options: options)
        }
        // Bytes, not counts: long names, row after row, stop the run at the line that passes.
        options.runLimits = RunLimits(maxKeptBytes: 250)
        let name = String(repeating: "n", count: 100)
        #expect(throws: InputError(file: "sheet.csv", line: 5, .limit(what: "bytes of names and of rows not ranked kept", limit: 250))) {
            try Sheets.validate("name,quantity,unit,price\n\(name),1,kg,1\n\(name),1,kg,1\n\(name),1,kg,1\n\(name),1,kg,1\n", options: options)
        }
    }

    @Test func rejectedRowsKeepTheirFieldsAsRead() throws {
        let sheet = try Sheets.validate("name,quantity,unit,price\n\"a, b\",x,l,1\n")
        #expect(sheet.rejections.first?.record.fields == [Array("a, b".utf8), Array("x".utf8), Array("l".utf8), Array("1".utf8)])
    }

    @Test func withoutAListColumnEachFileIsAListNamedAfterIt() throws {
        let report = Ranker.rank(try Sheets.validate([
            ("shops/tesco.csv", "name,quantity,unit,price\noats,1,kg,1\n"),
            ("aldi.prices.csv", "name,quantity,unit,price\noats,1,kg,1\n"),
            ("-", "name,quantity,unit,price\noats,1,kg,1\n"),
        ]))
        #expect(report.lists.map(\.name) == ["aldi.prices", "stdin", "tesco"])
    }

    @Test func everyRowEndsInExactlyOneOutcomeAndTheCountsAddUp() throws {
        let sheet = try Sheets.validate([
            ("a.csv", "list,name,quantity,unit,price\nx,a,1,kg,1\nx,b,1,l,1\nx,c,0,kg,1\ny,d,1,each,2\n,e,1,kg,1\n"),
            ("b.csv", "list,name,quantity,unit,price\nx,f,2,lb,3\ny,g,1,dozen,3\ny,h,1,g,1\nz,i\n"),
        ])
        for counts in sheet.fileCounts + [sheet.counts] {
            #expect(counts.rows == counts.ranked + counts.mismatched + counts.rejected)
        }
        #expect(sheet.fileCounts.map(\.rows) == [5, 4])
        #expect(sheet.counts.ranked == 4)
        #expect(sheet.counts.mismatched == 2)
        #expect(sheet.counts.rejected == 3)
    }

    /// Files joined one after the other repeat their header: it is said as such, not as a
    /// row whose quantity "quantity" is no number.
    @Test func aRepeatedHeaderIsNoProduct() throws {
        let sheet = try Sheets.validate("name,quantity,unit,price\nmilk,1,l,1\nName, Quantity ,UNIT,price\njuice,1,l,2\n")
        #expect(sheet.counts.ranked == 2)
        #expect(sheet.notProducts.map(\.reason) == ["the header line again (files joined together?), not a product"])
        #expect(sheet.rejections.isEmpty)
    }
}

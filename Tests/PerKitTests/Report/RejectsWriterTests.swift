@testable import PerKit
import Testing

@Suite struct RejectsWriterTests {
    func rejects(_ sheets: [(String, String)]) throws -> String {
        let out = OutputBuffer()
        try RejectsWriter().write(try Sheets.validate(sheets), to: out)
        return String(decoding: out.contents, as: UTF8.self)
    }

    @Test func everyUnrankedRowComesOutWithItsFieldsAsReadInInputOrder() throws {
        let text = try rejects([("week.csv", """
            list,name,quantity,unit,price,note
            Dairy,milk,1,l,0.99,x
            Dairy,"cheese, aged",500,g,3.99,
            Dairy,=SUM(A1),abc,l,1,y
            Dairy,cream,1,l,0.00,z,extra
            """)])
        #expect(text == """
            list,name,quantity,unit,price,note,extra 1,file,line,kind,reason
            Dairy,"cheese, aged",500,g,3.99,,,week.csv,3,mismatch,"the list ""Dairy"" holds volume, this row mass"
            Dairy,'=SUM(A1),abc,l,1,y,,week.csv,4,rejected,"the quantity ""abc"" is not a number"
            Dairy,cream,1,l,0.00,z,extra,week.csv,5,rejected,the row has 7 fields but the header has 6

            """)
    }

    @Test func filesWithDifferentHeadersShareTheUnionOfTheirColumns() throws {
        let text = try rejects([
            ("a.csv", "name,quantity,unit,price\nx,0,kg,1\n"),
            ("b.csv", "price,name,size,uom,store\n1,y,0,kg,S\n"),
        ])
        #expect(text == """
            name,quantity,unit,price,size,uom,store,file,line,kind,reason
            x,0,kg,1,,,,a.csv,2,rejected,"the quantity ""0"" is zero; a unit price needs a positive quantity"
            y,,,1,0,kg,S,b.csv,2,rejected,"the quantity ""0"" is zero; a unit price needs a positive quantity"

            """)
    }

    @Test func aFixedRejectsFileReadsBackIn() throws {
        let text = try rejects([("week.csv", "list,name,quantity,unit,price\nTea,=green,1O0,g,2.49\nTea,black,100,g,1.99\n")])
        let fixed = text.replacingOccurrences(of: ",1O0,", with: ",100,")
        let report = try Sheets.rank(fixed, file: "fixed.csv")
        #expect(report.sheet.counts.rows == 1)
        #expect(report.sheet.counts.ranked == 1)
        #expect(Array(report.entries(of: report.lists[0])).map(\.name) == ["=green"])
        #expect(report.lists.map(\.name) == ["Tea"])
    }

    /// An apostrophe before a signed number is the name's own (per never guards one): it stays,
    /// and the name reads back as it was written (a review found `'-2` read as `-2`).
    @Test func anApostropheBeforeASignedNumberIsTheNames() throws {
        let report = try Sheets.rank("list,name,quantity,unit,price\nL,'-2,1,kg,1\nL,'+1.50,1,kg,2\nL,'=x,1,kg,3\nL,-3,1,kg,4\n")
        #expect(Array(report.entries(of: report.lists[0])).map(\.name) == ["'-2", "'+1.50", "=x", "-3"])
    }

    /// Names that begin with a tab or carriage return are guarded in the rejects file and read
    /// back as they were ranked: the apostrophe taken off, the blank trimmed as when first read
    /// (`'\ttab` came back; a line break at a cell's ends is a blank too).
    @Test func aNameBeginningWithATabReadsBackAsItWas() throws {
        let text = try rejects([("week.csv", "list,name,quantity,unit,price\nTea,\"\ttab\",1O0,g,2.49\nTea,\"\rcr\",1O0,g,2.49\n")])
        #expect(text.contains("'\ttab") && text.contains("'\rcr"))
        let fixed = text.replacingOccurrences(of: ",1O0,", with: ",100,")
        let report = try Sheets.rank(fixed, file: "fixed.csv")
        let original = try Sheets.rank("list,name,quantity,unit,price\nTea,\"\ttab\",100,g,2.49\nTea,\"\rcr\",100,g,2.49\n")
        let names = Array(original.entries(of: original.lists[0])).map(\.name).sorted()
        #expect(names == ["cr", "tab"])  // a tab and a carriage return are trimmed as blanks
        #expect(Array(report.entries(of: report.lists[0])).map(\.name).sorted() == names)
    }
}

import Foundation
@testable import PerKit
import Testing

@Suite struct ReportWriterTests {
    static let tricky = #"""
        list,name,quantity,unit,price
        "Tea, ""loose""","Green, ""sencha""
        first flush",100,g,5.99
        "Tea, ""loose""",  Black  ,.5,kg,+12.5
        "Tea, ""loose""",Oolong | *special*,250,g,7.00
        """#

    /// Lists cut into pieces across blocks (`ListBlocks`) give the bytes of writing each list
    /// whole, in every format, with and without sources.
    @Test(arguments: ReportFormat.allCases)
    func theBytesDoNotDependOnHowListsAreCutIntoBlocks(_ format: ReportFormat) throws {
        let report = try Sheets.rank(EntryBlockTests.scatteredSheet(rows: 3_000, lists: 41))
        for withSource in [false, true] {
            var options = ReportOptions(withSource: withSource)
            let whole = try Sheets.write(report, format, options: options)
            for size in [1, 2, 3, 7, 50] {
                options.productsPerBlock = size
                #expect(try Sheets.write(report, format, options: options) == whole, "\(size) per block, sources \(withSource)")
            }
        }
    }

    @Test func csvFieldsAreQuotedExactlyWhenNeededAndReadBackByLibcsv() throws {
        let csv = try Sheets.write(try Sheets.rank(Self.tricky), .csv)
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "list,rank,name,quantity,unit,price,unit_price,per,pct_more,flags")
        #expect(csv.hasSuffix("\n"))
        let records = try RecordCollector.parse(Array(csv.utf8), chunkSize: 1 << 16)
        #expect(records.map { $0.fields[2] } == ["name", "Black", "Oolong | *special*", "Green, \"sencha\"\nfirst flush"])
        #expect(records.dropFirst().allSatisfy { $0.fields[0] == "Tea, \"loose\"" && $0.fields.count == 10 })
        #expect(records[1].fields[3...] == ["0.5", "kg", "12.5", "25.0000", "kg", "0.0", ""])
        #expect(csv.contains("\"Tea, \"\"loose\"\"\",1,Black,"))
    }

    @Test func jsonIsValidWithKeysInTheDocumentedOrder() throws {
        let json = try Sheets.write(try Sheets.rank(Self.tricky + "\n\"Tea, \"\"loose\"\"\",x,1,furlong,1\n\"Tea, \"\"loose\"\"\",y,1,l,1\n"), .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 2)
        let lists = try #require(object["lists"] as? [[String: Any]])
        let products = try #require(lists.first?["products"] as? [[String: Any]])
        #expect(products.map { $0["name"] as? String } == ["Black", "Oolong | *special*", "Green, \"sencha\"\nfirst flush"])
        #expect(products.first?["best"] as? Bool == true)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary.compactMapValues { $0 as? Int } == ["rows": 5, "ranked": 3, "mismatched": 1, "rejected": 1, "not_products": 0, "flagged": 0, "lists": 1])
        #expect((summary["files"] as? [[String: Any]])?.first?["file"] as? String == "sheet.csv")
        let keys = ["\"schema_version\"", "\"lists\"", "\"mismatches\"", "\"rejected\"", "\"not_products\"", "\"flagged\"", "\"summary\""]
        let positions = keys.map { json.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(json.contains("\"unit_price\": 25.0000,\n"))
    }

    @Test func markdownEscapesTableBreakingCharacters() throws {
        let markdown = try Sheets.write(try Sheets.rank(Self.tricky), .markdown)
        #expect(markdown.contains("| Oolong \\| \\*special\\* | 250 g | 7.00 | 28.00 | 12% more |"))
        #expect(markdown.contains("| Green, \"sencha\" first flush |"))
        #expect(markdown.contains("## Tea, \"loose\"\n"))
    }

    @Test func markdownNeverSaysZeroPercentForADearerProduct() throws {
        let markdown = try Sheets.write(try Sheets.rank("name,quantity,unit,price\na,1,each,1.000\nb,1,each,1.004\n"), .markdown)
        #expect(markdown.contains("| 2 | b | 1 each | 1.004 | 1.00 | <1% more |"))
        #expect(markdown.contains("| 1 | a | 1 each | 1.000 | 1.00 | Best value |"))
    }

    /// CSV rows and JSON products take one of two paths: written in place when their text
    /// needs no quoting or escapes and their numbers fit in 64 bits, and field by field
    /// otherwise (and always with `--with-source`). Both must give the same text: the report
    /// with sources, with the sources taken out, is the report without them.
    @Test func rowsWrittenInPlaceAreTheRowsWrittenFieldByField() throws {
        let sheet = Self.tricky + #"""

            "Tea, ""loose""",Plain,100,g,3.10
            "Tea, ""loose""",=SUM(A1),100,g,3.20
            "Tea, ""loose""",-2,100,g,3.30
            "Tea, ""loose""",Vast,0.001,g,999999999999999999
            Coffee,Beans,500,g,8.99
            Coffee,"Beans, dark",1,kg,17.50
            Coffee,Pods,12,each,4.00
            """#
        let report = try Sheets.rank(sheet)
        let withSource = ReportOptions(withSource: true)

        let csv = try Sheets.write(report, .csv)
        let csvWithSource = try Sheets.write(report, .csv, options: withSource)
        let stripped = csvWithSource.replacingOccurrences(of: #",sheet\.csv,\d+\n"#, with: "\n", options: .regularExpression)
            .replacingOccurrences(of: ",source_file,source_line\n", with: "\n")
        #expect(csv.contains("\nCoffee,2,Beans,500,g,8.99,17.9800,kg,2.7,\n"))  // in place
        #expect(csv.contains("'=SUM(A1)") && csv.contains("\"Beans, dark\""))  // field by field
        #expect(stripped == csv)

        let json = try Sheets.write(report, .json)
        let jsonWithSource = try Sheets.write(report, .json, options: withSource)
        let source = #",\n {10}"source": \{\n {12}"file": "sheet\.csv",\n {12}"line": \d+\n {10}\}"#
        #expect(jsonWithSource.contains("\"source\""))
        #expect(jsonWithSource.replacingOccurrences(of: source, with: "", options: .regularExpression) == json)
    }

    @Test func withSourceAddsFileAndLineInEveryFormat() throws {
        let report = try Sheets.rank("name,quantity,unit,price\n\na,1,each,1\n", file: "week 1.csv")
        let options = ReportOptions(withSource: true)
        #expect(try Sheets.write(report, .csv, options: options)
            == "list,rank,name,quantity,unit,price,unit_price,per,pct_more,flags,source_file,source_line\nweek 1,1,a,1,each,1,1.0000,each,0.0,,week 1.csv,3\n")
        #expect(try Sheets.write(report, .json, options: options).contains("\"file\": \"week 1.csv\",\n            \"line\": 3\n"))
        #expect(try Sheets.write(report, .markdown, options: options).contains("| week 1.csv:3 |"))
        #expect(try Sheets.write(report, .csv).contains("source") == false)
    }
}

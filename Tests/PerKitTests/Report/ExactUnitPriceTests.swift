@testable import PerKit
import Testing

/// Issue 30: CSV and JSON carry unit prices exactly when their decimals end within 12 places,
/// else rounded half up at the 12th (`ReportPrecision.unitPrice`); Markdown keeps its rounding;
/// `per diff` reads reports of before (4 decimals) and after and compares them at the fewer.
@Suite struct ExactUnitPriceTests {
    static let sheet = """
        list,name,quantity,unit,price
        Paper,Toilet paper 9 rolls of 200 sheets,1800,each,2.19375
        Paper,Kitchen roll,3,each,1.99
        Coffee,Beans,1,kg,17.98
        Coffee,Ground,12,oz,7.49
        """

    @Test func machineFormatsWriteTheExactFigure() throws {
        let report = try Sheets.rank(Self.sheet)
        let csv = try Sheets.write(report, .csv)
        // 2.19375 / 1800 = 0.00121875: 0.0012 before, 1.5% off.
        #expect(csv.contains("Paper,1,Toilet paper 9 rolls of 200 sheets,1800,each,2.19375,0.00121875,each,"))
        // 1.99 / 3 never ends: rounded at 12 decimals.
        #expect(csv.contains("Paper,2,Kitchen roll,3,each,1.99,0.663333333333,each,"))
        #expect(csv.contains("Coffee,1,Beans,1,kg,17.98,17.9800,kg,"))
        #expect(csv.contains("Coffee,2,Ground,12,oz,7.49,22.016831250196,kg,"))
        let json = try Sheets.write(report, .json)
        #expect(json.contains("\"unit_price\": 0.00121875,"))
        #expect(json.contains("\"unit_price\": 22.016831250196,"))
        #expect(json.contains("\"schema_version\": 2,"))
        // Markdown keeps a shelf label's rounding.
        let markdown = try Sheets.write(report, .markdown)
        #expect(markdown.contains("| 22.02 |"))
    }

    /// A report written before (schema version 1, four decimals) against the sheet it came from:
    /// no change, where comparing 22.0168 with 22.016831250196 would show one.
    @Test func aReportOfFourDecimalsComparesAtFour() throws {
        let old = #"{"schema_version": 1, "lists": [{"name": "Coffee", "per": "kg", "products": [{"name": "Beans", "rank": 1, "quantity": 1, "unit": "kg", "unit_price": 17.9800, "best": true}, {"name": "Ground", "rank": 2, "quantity": 12, "unit": "oz", "unit_price": 22.0168, "best": false}]}]}"#
        let sheet = try Sheets.rank("list,name,quantity,unit,price\nCoffee,Beans,1,kg,17.98\nCoffee,Ground,12,oz,7.49\n")
        let diff = ReportDiff(old: try Snapshot(json: Array(old.utf8), file: "old.json"), new: Snapshot(sheet))
        #expect(diff.lists.flatMap(\.rows).filter { $0.change != .same }.isEmpty)
        // The same report said in version 2 differs from the sheet by what 4 decimals lost.
        let newer = old.replacingOccurrences(of: "\"schema_version\": 1", with: "\"schema_version\": 2")
        let exact = ReportDiff(old: try Snapshot(json: Array(newer.utf8), file: "old.json"), new: Snapshot(sheet))
        #expect(exact.lists.flatMap(\.rows).map { "\($0.name) \($0.change.rawValue)" } == ["Ground rose"])
        // A report written now reads back as its sheet, to the last digit.
        let written = try Sheets.write(sheet, .json)
        let again = ReportDiff(old: try Snapshot(json: Array(written.utf8), file: "now.json"), new: Snapshot(sheet))
        #expect(again.lists.flatMap(\.rows).filter { $0.change != .same }.isEmpty)
    }
}

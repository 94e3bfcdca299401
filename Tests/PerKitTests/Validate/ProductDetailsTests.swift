@testable import PerKit
import Testing

/// What validation keeps about a product beyond its figures (`ProductDetails`), and how the
/// reports show it.
@Suite struct ProductDetailsTests {
    /// A receipt's weighed item (`0.732 kg` in its count cell) is weighed; a pack bought by
    /// count is not. Reports say which, once some product is weighed.
    @Test func aWeighedItemIsSaidToBeWeighed() throws {
        let csv = """
            Item,Qty,Total
            Butter 250 g,2,4.58
            Bananas,0.732 kg,1.45
            """
        let sheet = try Sheets.validate(csv)
        #expect(sheet.products.indices.map { sheet.facts[$0].weighed } == [false, true])
        let report = try Sheets.rank(csv)
        let table = try Sheets.write(report, .csv).split(separator: "\n").map(String.init)
        #expect(table == [
            "list,rank,name,quantity,unit,count,pack_quantity,weighed,price,discount,unit_price,per,pct_more,flags",
            "sheet,1,Bananas,0.732,kg,,,true,1.45,,1.98087431694,kg,0.0,",
            "sheet,2,Butter 250 g,500,g,2,250,false,4.58,,9.1600,kg,362.4,",
        ])
        #expect(try Sheets.write(report, .markdown).contains("| 0.732 kg weighed |"))
        // Without a weighed item, no column.
        let packs = try Sheets.write(try Sheets.rank("Item,Qty,Total\nButter 250 g,2,4.58\n"), .csv)
        #expect(!packs.contains("weighed"))
    }
}

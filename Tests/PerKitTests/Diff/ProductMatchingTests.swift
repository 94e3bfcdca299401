import Foundation
@testable import PerKit
import Testing

/// How `per diff` matches products across weeks: by key (`--key`), else by name and size, with
/// resized packs as their own change and no pairing guessed.
@Suite struct ProductMatchingTests {
    static var keyed: SheetOptions {
        var options = SheetOptions()
        options.columns[.key] = "sku"
        return options
    }

    func sheet(_ csv: String, keyed: Bool = true) throws -> Snapshot {
        let header = keyed ? "list,sku,name,quantity,unit,price\n" : "list,name,quantity,unit,price\n"
        return Snapshot(try Sheets.rank(header + csv, options: keyed ? Self.keyed : SheetOptions()))
    }

    func rows(_ diff: ReportDiff) -> [String] {
        diff.lists.flatMap { list in
            list.rows.map { row in
                [list.name, row.name, row.key ?? "-", row.oldSize.map { "\($0) →" }, row.size, row.change.rawValue,
                 row.percentTimes10.map { DiffWriter.percent($0) } ?? "-"].compactMap { $0 }.joined(separator: " ")
            }
        }
    }

    /// heissepreise's relisting: the shop lists the same name and size again under a new id,
    /// cheaper, while the old id's price rose. Paired cheapest with cheapest this read as
    /// "unchanged" plus "new"; by key it is a rise and a new product.
    @Test func aRelistedProductIsMatchedByItsKey() throws {
        let old = try sheet("A,1,Milk,1,l,1.00\n")
        let new = try sheet("A,1,Milk,1,l,1.20\nA,2,Milk,1,l,1.00\n")
        let diff = ReportDiff(old: old, new: new)
        #expect(rows(diff) == ["A Milk 2 1 l new -", "A Milk 1 1 l rose 20.0"])
        #expect(diff.rises.count == 1)
        #expect(diff.hasKeys)
        // Without keys, which old one is which new one cannot be told: said, not guessed.
        let unkeyed = ReportDiff(old: try sheet("A,Milk,1,l,1.00\n", keyed: false), new: try sheet("A,Milk,1,l,1.20\nA,Milk,1,l,1.00\n", keyed: false))
        #expect(rows(unkeyed) == ["A Milk - 1 l ambiguous -", "A Milk - 1 l ambiguous -", "A Milk - 1 l ambiguous -"])
        #expect(unkeyed.counts == ReportDiff.Counts(ambiguous: 3))
        #expect(unkeyed.lists[0].rows.allSatisfy { $0.ambiguity! == (1, 2) })
        #expect(unkeyed.rises.isEmpty)
    }

    /// Several products of one name and size whose unit prices are the same as a whole: nothing
    /// changed, whichever is which.
    @Test func sameNameAndSizeWithTheSamePricesIsNoChange() throws {
        let diff = ReportDiff(old: try sheet("A,Eggs,10,each,2.00\nA,Eggs,10,each,2.50\n", keyed: false),
                              new: try sheet("A,Eggs,10,each,2.50\nA,Eggs,10,each,2.00\n", keyed: false))
        #expect(rows(diff).isEmpty)
    }

    /// A key's product that changed name and size is the same product: resized, its unit price
    /// change given; a key gone is gone, a new key new, whatever the names.
    @Test func aKeyMatchesAcrossNamesAndSizes() throws {
        let diff = ReportDiff(old: try sheet("A,7,Crisps,200,g,2.00\nA,8,Nuts,100,g,1.00\n"),
                              new: try sheet("A,7,Crisps Original,180,g,2.00\nA,9,Nuts,100,g,1.00\n"))
        #expect(rows(diff) == ["A Crisps Original 7 200 g → 180 g resized 11.1", "A Nuts 9 100 g new -", "A Nuts 8 100 g gone -"])
        #expect(diff.counts == ReportDiff.Counts(new: 1, gone: 1, resized: 1))
        // Counted by --fail-on-increase as the rise it is.
        #expect(diff.rises.map(\.description) == ["A: Crisps Original (180 g) rose 11.1%"])
        #expect(diff.rises[0].isMore(thanPercent: "11.1") && !diff.rises[0].isMore(thanPercent: "11.2"))
    }

    /// Without keys: one size of a name gone and one new is one product resized; more than one
    /// either way is no pairing to guess.
    @Test func aNamesOneSizeGoneAndOneNewIsResized() throws {
        let diff = ReportDiff(old: try sheet("A,Coffee,500,g,5.00\nA,Tea,100,g,2\nA,Tea,200,g,3\n", keyed: false),
                              new: try sheet("A,Coffee,450,g,5.00\nA,Tea,250,g,3\n", keyed: false))
        #expect(rows(diff) == ["A Coffee - 500 g → 450 g resized 11.1", "A Tea - 100 g gone -", "A Tea - 200 g gone -", "A Tea - 250 g new -"])
        // The same amount written another way is no new size: 1000 g is 1 kg.
        let same = ReportDiff(old: try sheet("A,Flour,1000,g,1.00\n", keyed: false), new: try sheet("A,Flour,1,kg,1.10\n", keyed: false))
        #expect(rows(same) == ["A Flour - 1 kg rose 10.0"])
    }

    /// A key on two products of a list is a finding; they (and the other side's product of that
    /// key) are matched by name and size instead.
    @Test func aKeyOnTwoProductsIsAFindingAndNoPairing() throws {
        let new = try sheet("A,5,Oat Drink,1,l,1.89\nA,5,Oat Drink Barista,1,l,2.29\n")
        #expect(new.duplicateKeys.map(\.description) == ["list \"A\": the key \"5\" is on 2 products that differ (line 2, line 3); they are matched by name and size"])
        let diff = ReportDiff(old: try sheet("A,5,Oat Drink,1,l,1.99\n"), new: new)
        #expect(rows(diff) == ["A Oat Drink 5 1 l fell -5.0", "A Oat Drink Barista 5 1 l new -"])
    }

    /// A JSON report written with `--key` keeps the keys, so report-against-report and
    /// report-against-sheet diffs match by them too; the same report read back is no change.
    @Test func keysSurviveAJSONReport() throws {
        let csv = "list,sku,name,quantity,unit,price\nA,7,Crisps,200,g,2.00\nA,8,Nuts,100,g,1.00\n"
        let json = try Sheets.write(try Sheets.rank(csv, options: Self.keyed), .json)
        let report = try Snapshot(json: Array(json.utf8), file: "old.json")
        #expect(report.hasKeys)
        #expect(report.list("A").map(report.products)?.map(\.key) == ["7", "8"])
        #expect(rows(ReportDiff(old: report, new: try sheet("A,7,Crisps,200,g,2.00\nA,8,Nuts,100,g,1.00\n"))).isEmpty)
        let next = try sheet("A,7,Crisps Original,180,g,2.00\nA,8,Nuts,100,g,1.00\n")
        #expect(rows(ReportDiff(old: report, new: next)) == ["A Crisps Original 7 200 g → 180 g resized 11.1"])
        let csvReport = try Sheets.write(try Sheets.rank(csv, options: Self.keyed), .csv)
        #expect(csvReport.hasPrefix("list,rank,name,key,quantity,unit,price,unit_price,per,pct_more,flags\nA,1,Crisps,7,200,g,2.00,10.0000,kg,0.0,\nA,1,Nuts,8,100,g,1.00,10.0000,kg,0.0,\n"))
    }

    /// Markdown says a resized product as France's 2024 shrinkflation order has shops say it.
    @Test func markdownSaysTheQuantityAndTheUnitPriceChange() throws {
        let diff = ReportDiff(old: try sheet("A,7,Crisps,500,g,2.00\n"), new: try sheet("A,7,Crisps,450,g,2.00\n"))
        let out = OutputBuffer()
        try DiffWriter(format: .markdown).write(diff, to: out)
        let text = String(decoding: out.contents, as: UTF8.self)
        #expect(text.contains("| Crisps (7) | 450 g | quantity went from 500 g to 450 g; unit price +11.1% | 4.00 | 4.44 | +11.1% | 1 |"), "\(text)")
        #expect(text.contains("0 rose, 0 fell, 0 new, 0 gone, 0 moved, 1 resized in 1 list."))
    }

    /// The key cell: trimmed, empty is no key, not UTF-8 rejects the row.
    @Test func keyCellsAreReadAsWritten() throws {
        let sheet = try Sheets.validate("list,sku,name,quantity,unit,price\nA, 0012 ,x,1,kg,1\nA,,y,1,kg,1\n", options: Self.keyed)
        let keys = sheet.facts.keys!
        #expect(keys.key(of: 0).map { String(decoding: $0, as: UTF8.self) } == "0012")
        #expect(keys.key(of: 1) == nil)
        let bytes = Array("list,sku,name,quantity,unit,price\nA,".utf8) + [0xFF] + Array(",z,1,kg,1\n".utf8)
        let path = try Sheets.temporaryFile(bytes, name: "latin.csv")
        var utf8 = Self.keyed
        utf8.encoding = .utf8  // named: a file per decides is read as Windows-1252, where 0xFF is ÿ
        let validator = Validator(files: [InputFile(path: path)], options: utf8)
        #expect(validator.read().isEmpty)
        let rejected = validator.finish()
        #expect(rejected.rejections.first?.reason == RowProblem.keyNotUTF8.sentence)
    }
}

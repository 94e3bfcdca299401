import Foundation
@testable import PerKit
import Testing

/// Issue 45: the textconv's lines (`per textconv`), which git's own line diff compares.
@Suite struct ProductLinesTests {
    func lines(_ snapshot: Snapshot) throws -> [String] {
        let out = OutputBuffer()
        try ProductLines.write(snapshot, to: out)
        return String(decoding: out.contents, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func sheet(_ csv: String, options: SheetOptions = SheetOptions()) throws -> Snapshot {
        Snapshot(try Sheets.rank(csv, options: options))
    }

    /// A new best value renumbers every rank and "N% more" of a report's list; of these lines
    /// only the product whose price changed changes.
    @Test func aPriceChangeChangesItsProductsLineAndNoOther() throws {
        var old = "list,name,quantity,unit,price\n"
        var new = old
        for index in 0..<300 {
            old += "L\(index % 3),item \(index),1,kg,\(10 + index).00\n"
            new += "L\(index % 3),item \(index),1,kg,\(index == 150 ? 5 : 10 + index).00\n"
        }
        let before = try lines(try sheet(old))
        let after = try lines(try sheet(new))
        #expect(before.count == 301 && after.count == 301)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.map(\.0) == ["L0 | item 150 | 1 kg | 160.00 | 160.0000 per kg"], "\(changed)")
        #expect(changed.map(\.1) == ["L0 | item 150 | 1 kg | 5.00 | 5.0000 per kg"])
    }

    /// In order of list, then key, then name and size; never of rank.
    @Test func linesComeByListThenIdentityWithoutRanks() throws {
        let csv = "list,name,code,quantity,unit,price\nB,Zeta,,1,kg,1\nB,Alpha,,2,kg,9\nA,Milk,,1,l,1\nB,Beta,K2,500,g,3\nB,Gamma,K1,1,kg,2\nB,Alpha,,1000,g,4\n"
        var options = SheetOptions()
        options.columns[.key] = "code"
        #expect(try lines(try sheet(csv, options: options)) == [
            "A | Milk | 1 l | 1 | 1.0000 per l",
            "B | Gamma (K1) | 1 kg | 2 | 2.0000 per kg",
            "B | Beta (K2) | 500 g | 3 | 6.0000 per kg",
            "B | Alpha | 1000 g | 4 | 4.0000 per kg",
            "B | Alpha | 2 kg | 9 | 4.5000 per kg",
            "B | Zeta | 1 kg | 1 | 1.0000 per kg",
            "",
        ])
    }

    /// A sheet and the JSON report written from it give one text: a report read back is the
    /// sheet it came from.
    @Test func aSheetAndItsJSONReportGiveTheSameLines() throws {
        let csv = "list,name,quantity,unit,price\nCoffee,Beans,500,g,8.99\nCoffee,Ground,12,oz,7.49\nMilk,Whole,1,gal,4.29\nMilk,Oat,946,ml,2.19\n"
        let report = try Sheets.rank(csv)
        let json = try Sheets.write(report, .json)
        #expect(try lines(Snapshot(report)) == (try lines(try Snapshot(json: Array(json.utf8), file: "report.json"))))
    }

    /// A CSV report read back as a sheet (its `key` column the key, as in the JSON report)
    /// gives the lines of its JSON report, keys and all: per's own column is no guess.
    @Test func aCSVReportWithKeysGivesTheLinesOfItsJSONReport() throws {
        var options = SheetOptions()
        options.columns[.key] = "code"
        let csv = "list,name,code,quantity,unit,price\nCoffee,Beans,1010,500,g,8.99\nCoffee,Beans,1040,500,g,9.49\nMilk,Whole,314157,1,l,1.19\n"
        let report = try Sheets.rank(csv, options: options)
        let json = try lines(try Snapshot(json: Array(try Sheets.write(report, .json).utf8), file: "report.json"))
        #expect(json.first == "Coffee | Beans (1010) | 500 g | 8.99 | 17.9800 per kg", "\(json)")
        #expect(try lines(try sheet(try Sheets.write(report, .csv))) == json)
    }

    /// A name's line break would start a line of its own.
    @Test func controlCharactersInANameAreShown() throws {
        let lines = try lines(try sheet("list,name,quantity,unit,price\nA,\"Two\nlines\",1,kg,1\n"))
        #expect(lines == ["A | Two\\x0Alines | 1 kg | 1 | 1.0000 per kg", ""])
    }
}

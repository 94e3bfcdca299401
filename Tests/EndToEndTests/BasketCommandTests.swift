import Foundation
import Testing

/// The command line around `per basket`: exit statuses, --strict, --max-shops, --shop-column,
/// and how its inputs fail.
@Suite struct BasketCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-basket-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("a.csv", "name,sku,quantity,price\nMilk,1,1 l,1.00\nBread,2,500 g,2.00\n")
        try write("b.csv", "name,sku,quantity,price\nMilk,1,1 l,1.20\nBread,2,500 g,1.50\nBroken,3,1 kg,abc\n")
        try write("list.csv", "item,key\nMilk,1\nBread,2\n")
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: file(name))
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(["basket"] + arguments, in: directory)
    }

    /// Lines that each match every product of a large sheet cost about as much memory as one:
    /// a line's products are held as indices, not as `ShopProduct`s (170 MB a line on a
    /// million rows: 1 line 0.82 GB, 8 lines 2.1 GB). Peak memory from `/usr/bin/time`.
    @Test func linesMatchingManyProductsCostMemoryFlatInLines() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("/usr/bin/time is not installed (Debian's time package): peak memory cannot be measured")
            return
        }
        let rows = (0..<150_000).map { "Milk brand \($0),\([1, 2, 0.5][$0 % 3]) l,1.\($0 % 90 + 10)\n" }.joined()
        try write("milk.csv", "name,quantity,price\n" + rows)
        try write("one.csv", "item,match,quantity\nMilk,milk,2 l\n")
        try write("eight.csv", "item,match,quantity\n" + (1...8).map { "Milk \($0),milk,\($0) l\n" }.joined())
        var peaks: [Int] = []
        for list in ["one.csv", "eight.csv"] {
            let result = try PerProcess.shell("/usr/bin/time -f '%M' -o peak.txt \"$PER\" basket --format csv -o out.csv \(list) milk.csv", in: directory)
            #expect(result.status == 0, "\(result)")
            peaks.append(Int(try String(contentsOf: file("peak.txt"), encoding: .utf8).split(separator: "\n").last ?? "") ?? 0)
        }
        // Seven lines more held about 7 × 25 MB as products; as indices, under 1 MB each.
        #expect(peaks[1] - peaks[0] < 60_000, "peak KB with 1 line and with 8: \(peaks)")
    }

    /// A --key the sheets lack is said in the basket's terms: its keys are for the list's lines,
    /// not for per diff and per history. (Before: "per diff and per history match them by list,
    /// name and size".)
    @Test func aKeyTheSheetsLackIsSaidInTheBasketsTerms() throws {
        let result = try run(["--key", "nope", "list.csv", "a.csv"])
        #expect(result.stderrText.contains("per: a.csv: has no column \"nope\" (--key): its products have no key, and a shopping list's "
                                           + "lines by key do not find them, its lines by words do\n"), "\(result)")
        #expect(!result.stderrText.contains("per diff"), "\(result)")
    }

    @Test func aBasketIsAnsweredAndSummedUpOnStandardError() throws {
        let result = try run(["--key", "sku", "--format", "json", "list.csv", "a.csv", "b.csv"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["cheapest"] as? String == "b", "\(result)")
        let shops = try #require(json["shops"] as? [[String: Any]])
        #expect(shops.map { $0["name"] as? String } == ["a", "b"])
        #expect(shops.map { ($0["total"] as? NSNumber)?.stringValue } == ["3.0", "2.7"])
        #expect(result.stderrText.contains("per: b is cheapest for all 2 items: 2.70; split over a and b: 2.50"), "\(result)")
        #expect(result.stderrText.contains("1 row of the sheets mismatched or rejected, never bought"), "\(result)")
    }

    /// With no --key, a list's keys are compared with a barcode column the sheets' headers
    /// name, before a shop's own code (which `per diff` prefers): the real basket of
    /// `Fixtures/basket` gives the same answer as with `--key barkod`.
    @Test func aListsKeysAreBarcodesByDefault() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/basket")
        let sheets = ["interspar_zadar.csv", "kaufland_split.csv", "konzum_valkanela.csv", "metro_zagreb_jankomir.csv", "plodine_pleternica.csv"]
        let named = try PerProcess.run(["basket", "--key", "barkod", "--format", "csv", "list.csv"] + sheets, in: fixture)
        let unnamed = try PerProcess.run(["basket", "--format", "csv", "list.csv"] + sheets, in: fixture)
        #expect(named.status == 0 && unnamed.status == 0, "\(named)\n\(unnamed)")
        #expect(unnamed.stdoutText == named.stdoutText, "\(unnamed)")
        #expect(unnamed.stderrText.contains("products known by their code in \"barkod\" (the key)"), "\(unnamed.stderrText)")
    }

    @Test func strictFailsOnALineThatMatchesNothingAndOnRejectedRows() throws {
        try write("clean.csv", "name,sku,quantity,price\nMilk,1,1 l,1.00\n")
        try write("one.csv", "item,key\nMilk,1\n")
        #expect(try run(["--key", "sku", "--strict", "one.csv", "clean.csv"]).status == 0)
        let rejected = try run(["--key", "sku", "--strict", "one.csv", "b.csv"])
        #expect(rejected.status == 1, "\(rejected)")
        #expect(rejected.stderrText.contains("b.csv:4: rejected"), "\(rejected)")
        try write("nothing.csv", "item,key\nMilk,1\nCaviar,999\n")
        let nothing = try run(["--key", "sku", "--strict", "nothing.csv", "clean.csv"])
        #expect(nothing.status == 1, "\(nothing)")
        #expect(nothing.stderrText.contains("nothing.csv:3: \"Caviar\" matches nothing in any shop"), "\(nothing)")
        // Without --strict the same basket is answered, and the line said.
        let told = try run(["--key", "sku", "nothing.csv", "clean.csv"])
        #expect(told.status == 0 && told.stderrText.contains("nothing.csv:3: \"Caviar\" matches nothing"), "\(told)")
    }

    @Test func maxShopsLimitsTheSplit() throws {
        try write("c.csv", "name,sku,quantity,price\nMilk,1,1 l,0.50\nBread,2,500 g,3.00\n")
        let free = try run(["--key", "sku", "--format", "csv", "list.csv", "a.csv", "b.csv", "c.csv"])
        #expect(free.stdoutText.contains("split_total,b + c,,,,2.00,0,,"), "\(free)")
        let one = try run(["--key", "sku", "--format", "csv", "--max-shops", "1", "list.csv", "a.csv", "b.csv", "c.csv"])
        #expect(one.stdoutText.contains("split_total,b,,,,2.70,0,,"), "\(one)")
        #expect(try run(["--key", "sku", "--max-shops", "0", "list.csv", "a.csv"]).status == 64)
    }

    @Test func aShopColumnSplitsAFileIntoShops() throws {
        try write("chains.csv", "store,name,sku,quantity,price\nNorth,Milk,1,1 l,1.00\nNorth,Bread,2,500 g,2.00\nSouth,Milk,1,1 l,0.90\nSouth,Bread,2,500 g,2.50\n")
        let result = try run(["--key", "sku", "--shop-column", "store", "--format", "json", "list.csv", "chains.csv"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((json["shops"] as? [[String: Any]])?.map { $0["name"] as? String } == ["North", "South"], "\(result)")
        #expect(json["cheapest"] as? String == "North")
        // Found by itself when every sheet has one, and said; not when a sheet has none.
        let found = try run(["--key", "sku", "--format", "csv", "list.csv", "chains.csv"])
        #expect(found.stdoutText.contains("shop,North,,,,3.00,0,0.0,cheapest"), "\(found)")
        #expect(found.stderrText.contains("shops are the values of the \"store\" column every sheet has"), "\(found)")
        let mixed = try run(["--key", "sku", "--format", "csv", "list.csv", "chains.csv", "a.csv"])
        #expect(mixed.stdoutText.contains("shop,chains,"), "\(mixed)")
        // `--shop-column none`: one shop a file, the store column read as any other.
        let none = try run(["--key", "sku", "--shop-column", "none", "--format", "csv", "list.csv", "chains.csv"])
        #expect(none.status == 0, "\(none)")
        #expect(none.stdoutText.contains("shop,chains,"), "\(none)")
        #expect(!none.stderrText.contains("shops are the values"), "\(none)")
    }

    @Test func badInputsExitAsPerReportsDo() throws {
        try write("nocolumns.csv", "item,quantity\nMilk,1 l\n")
        let list = try run(["nocolumns.csv", "a.csv"])
        #expect(list.status == 65, "\(list)")
        #expect(list.stderrText.contains("nocolumns.csv:1: the header has no \"key\" or \"match\" column"), "\(list)")
        #expect(try run(["missing.csv", "a.csv"]).status == 66)
        #expect(try run(["list.csv"]).status == 64)
        try write("noprice.csv", "name,sku,quantity\nMilk,1,1 l\n")
        #expect(try run(["--key", "sku", "list.csv", "noprice.csv"]).status == 65)
    }

    @Test func aListWithoutAnItemColumnIsAnsweredAndSaysSo() throws {
        try write("keys.csv", "key\n1\n2\n")
        let result = try run(["--key", "sku", "--format", "csv", "keys.csv", "a.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrText.contains("keys.csv:1: the list has no item column"), "\(result)")
        #expect(result.stdoutText.contains("shop,a,,,,3.00,0,0.0,cheapest"), "\(result)")
    }
    /// Shops in different currencies are not added up or ranked by bare figures: the basket is
    /// refused (65), naming both currencies, as `per report` keeps them in lists apart. A shop
    /// that states no currency goes with any. (Before: gbp was "cheapest" at 2.70 against eur's
    /// 3.00 and hrk's 21.00, and the split added pounds to euros.)
    @Test func shopsInDifferentCurrenciesAreRefused() throws {
        try write("eur.csv", "name,sku,quantity,price\nMilk,1,1 l,1.00 €\nBread,2,500 g,2.00 €\n")
        try write("gbp.csv", "name,sku,quantity,price\nMilk,1,1 l,£0.90\nBread,2,500 g,£1.80\n")
        let mixed = try run(["--key", "sku", "list.csv", "eur.csv", "gbp.csv", "a.csv"])
        #expect(mixed.status == 65, "\(mixed)")
        #expect(mixed.stdout.isEmpty, "\(mixed)")
        #expect(mixed.stderrText.contains("gbp.csv:2: shop \"gbp\" prices in GBP, and shop \"eur\" in EUR (eur.csv:2)"), "\(mixed)")
        let plain = try run(["--key", "sku", "--format", "csv", "list.csv", "eur.csv", "a.csv"])
        #expect(plain.status == 0, "\(plain)")
    }
    /// Two shops from files of one name in different folders are told apart by their paths
    /// (`zagreb/konzum`, `split/konzum`); a name no other file has stays short. (Before: both
    /// showed as "konzum".)
    @Test func shopsFromFilesOfOneNameAreToldApartByTheirPaths() throws {
        for folder in ["zagreb", "split"] {
            try FileManager.default.createDirectory(at: file(folder), withIntermediateDirectories: true)
        }
        try write("zagreb/konzum.csv", "name,sku,quantity,price\nMilk,1,1 l,1.00\nBread,2,500 g,2.00\n")
        try write("split/konzum.csv", "name,sku,quantity,price\nMilk,1,1 l,0.90\nBread,2,500 g,2.00\n")
        let result = try run(["--key", "sku", "--format", "csv", "list.csv", "zagreb/konzum.csv", "split/konzum.csv", "a.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.contains("shop,zagreb/konzum,,,,3.00,0,") && result.stdoutText.contains("shop,split/konzum,,,,2.90,0,0.0,cheapest")
                    && result.stdoutText.contains("shop,a,,,,3.00,0,"), "\(result)")
    }
    /// A --shop-column the sheets lack is said as the user typed it. (Before: as `--column
    /// list=storee`, an option the user never typed.)
    @Test func aWrongShopColumnIsSaidAsTyped() throws {
        let result = try run(["--key", "sku", "--shop-column", "storee", "list.csv", "a.csv"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrText.contains("a.csv:1: --shop-column storee: the header has no \"storee\" column"), "\(result)")
        #expect(!result.stderrText.contains("--column"), "\(result)")
    }
}

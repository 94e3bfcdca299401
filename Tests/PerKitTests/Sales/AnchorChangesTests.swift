import BigInt
@testable import PerKit
import Testing

/// Prices since the anchor: each list's median change from the shop's anchor price.
@Suite struct AnchorChangesTests {
    static func changes(_ csv: String) throws -> AnchorChanges {
        var options = SheetOptions()
        options.readsReferencePrices = true
        let history = SalesHistory()
        try history.add(Snapshot(try Sheets.rank(csv, file: "shop-2026-02-09.csv", options: options)), date: "2026-02-09", file: "shop-2026-02-09.csv")
        return AnchorChanges(history)
    }

    @Test func theMedianOfTwoIsTheirExactMeanRoundedOnce() {
        // +8.403...% and +8.733...%: their mean 8.568...% is 8.6, the mean of 8.4 and 8.7 would be 8.55.
        let changes = [AnchorChanges.Change(today: "1.29", anchor: "1.19"), AnchorChanges.Change(today: "2.49", anchor: "2.29")]
        #expect(AnchorChanges.median(changes) == 86)
        // -0.05% is -0.1: half away from zero.
        #expect(AnchorChanges.median([AnchorChanges.Change(today: "19.99", anchor: "20.00")]) == -1)
        #expect(AnchorChanges.median([AnchorChanges.Change(today: "1", anchor: "1.00"), AnchorChanges.Change(today: "3", anchor: "2"),
                                      AnchorChanges.Change(today: "0.5", anchor: "1")]) == 0)
    }

    @Test func kauflandsAnchorCellIsReadAfterItsEqualsSignAndASaleWithNoRegularPriceIsCountedApart() throws {
        let changes = try Self.changes("naziv proizvoda;šifra proizvoda;neto količina;jedinica mjere;maloprod.cijena(EUR);MPC poseb.oblik prod;"
            + "Najniža MPC u 30dana;Sidrena cijena;kategorija\n"
            + "Sok 1 l;1;1;l;8,39;;;MPC 2.5.2025=7,99€;PIĆE\n"
            + "Voda 1 l;2;1;l;;0,49;0,59;MPC 2.5.2025=0,59€;PIĆE\n"
            + "Mlijeko 1 l;3;1;l;1,29;;;Nije_bilo_u_prodaji_02.05.2025;PIĆE\n")
        #expect(changes.shop?.products == 1)
        #expect(changes.shop?.percent == 50)  // 8.39 / 7.99 − 1 = +5.0%
        #expect(changes.withoutRegularPrice == 1)
        #expect(changes.lists.map(\.list) == ["PIĆE"])
    }
}

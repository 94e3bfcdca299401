@testable import PerKit
import Testing

/// The shop's published 30-day low and anchor price are found by their headers' words, read
/// for `per sales` alone; a sale cell read as a price is a sale whatever the price beside it.
@Suite struct ReferenceColumnsTests {
    static func layout(_ header: String, reads: Bool = true) throws -> ColumnLayout {
        var options = SheetOptions()
        options.readsReferencePrices = reads
        let row = header.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { index, _ in
            index == 0 ? "Mlijeko 1 l" : index == 1 ? "1" : index == 2 ? "l" : "1.29"
        }.joined(separator: ",")
        return try ColumnRolesTests.roles(header + "\n" + row + "\n", options: options).layout
    }

    /// The headers of the chains' lists (`../shared/real/hr-cjenici`, Lidl's), the last two
    /// columns the 30-day low and the anchor.
    @Test(arguments: [
        "naziv,neto količina,jedinica mjere,MPC (EUR),MPC za vrijeme posebnog oblika prodaje (EUR),Najniža cijena u posljednjih 30 dana (EUR),sidrena cijena na 2.5.2025. (EUR)",
        "naziv proizvoda,neto količina,jedinica mjere,maloprod.cijena(EUR),MPC poseb.oblik prod,Najniža MPC u 30dana,Sidrena cijena",
        "NAZIV,NETO_KOLICINA,JED_MJERE,MPC,POSEBNA_PRODAJA,NAJNIZA_30_DANA,SIDRENA_02_05",
        "Naziv proizvoda,Neto kolicina,Jedinica mjere,Maloprodajna cijena,MPC za vrijeme posebnog oblika prodaje,Najniza cijena u poslj. 30 dana,Sidrena cijena na 2.5.2025",
        "NAZIV,NETO_KOLIČINA,JEDINICA_MJERE,MALOPRODAJNA_CIJENA,MPC_ZA_VRIJEME_POSEBNOG_OBLIKA_PRODAJE,NAJNIZA_CIJENA_U_POSLJ._30_DANA,Sidrena_cijena_na_02.05.2025",
    ])
    func theThirtyDayLowAndTheAnchorAreFoundByTheirWords(_ header: String) throws {
        let layout = try Self.layout(header)
        #expect(layout.lowestPrice == 5, "\(header)")
        #expect(layout.anchorPrice == 6, "\(header)")
        let other = try Self.layout(header, reads: false)
        #expect(other.lowestPrice == nil && other.anchorPrice == nil, "read for per sales alone")
    }

    @Test func aWasUnitPriceIsNeitherTheLowNorTheAnchor() throws {
        let layout = try Self.layout("name,quantity,unit,price,was_unit_price")
        #expect(layout.lowestPrice == nil && layout.anchorPrice == nil)
    }

    @Test func aSaleCellEqualToThePriceIsASale() throws {
        // Kaufland and Metro write the sale price in the price column too.
        var options = SheetOptions()
        options.readsReferencePrices = true
        let sheet = try Sheets.validate("naziv,neto količina,jedinica mjere,MPC,MPC za vrijeme posebnog oblika prodaje\n"
                                        + "Mlijeko 1 l,1,l,1.29,1.29\nKruh 500 g,0.5,kg,1.99,\nSok 1 l,1,l,2.49,0\n", options: options)
        #expect(sheet.products.count == 3)
        #expect((0..<3).map { sheet.facts[$0].onSale }.filter { $0 }.count == 1)
    }
}

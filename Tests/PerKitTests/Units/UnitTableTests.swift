@testable import PerKit
import Testing

@Suite struct UnitTableTests {
    let table = UnitTable.standard

    /// The ASCII path of `normalize` gives what case folding and removing dots and Unicode
    /// white space give, for every ASCII character, alone and among others.
    @Test func normalizingASCIIMatchesTheUnicodeRule() {
        func unicodeRule(_ text: String) -> String {
            String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0 != "." && !$0.properties.isWhitespace }))
        }
        for byte in UInt8(0)...0x7F {
            let character = String(Unicode.Scalar(byte))
            for text in [character, "Fl\(character)Oz", "\(character) KG.\(character)"] {
                #expect(UnitTable.normalize(text) == unicodeRule(text), "byte \(byte)")
            }
        }
        #expect(UnitTable.normalize("Stück\u{A0}") == "stück")
    }

    @Test(arguments: [
        ("mg", "0.001"), ("g", "1"), ("kg", "1000"), ("oz", "28.349523125"), ("lb", "453.59237"),
        ("ml", "1"), ("cl", "10"), ("dl", "100"), ("l", "1000"), ("fl oz", "29.5735295625"),
        ("pt", "473.176473"), ("qt", "946.352946"), ("gal", "3785.411784"), ("each", "1"), ("dozen", "12"),
        ("imp fl oz", "28.4130625"), ("imp pint", "568.26125"), ("imp quart", "1136.5225"), ("imp gallon", "4546.09"),
        ("US gallon", "3785.411784"),
    ])
    func factorsAreTheExactDefinitions(_ symbol: String, _ factor: String) throws {
        let index = try #require(table.lookup(symbol))
        #expect(table[index].factor.text == factor)
    }

    /// Issue 39: the common codes of UN/ECE Recommendation 20, as e-invoices and EDI exports
    /// write them in a unit column (`KGM`, `MLT`, `H87`), name their units; they were unknown
    /// and every such row rejected.
    @Test(arguments: [
        ("KGM", "kg"), ("GRM", "g"), ("MGM", "mg"), ("LBR", "lb"), ("ONZ", "oz"), ("LTR", "l"), ("MLT", "ml"), ("CLT", "cl"),
        ("DLT", "dl"), ("OZA", "US fl oz"), ("OZI", "imp fl oz"), ("GLL", "US gal"), ("GLI", "imp gal"), ("PTL", "US pt"),
        ("PTI", "imp pt"), ("QTL", "US qt"), ("QTI", "imp qt"), ("H87", "each"), ("C62", "each"), ("EA", "each"), ("DZN", "dozen"),
    ])
    func recommendation20CodesNameTheirUnits(_ code: String, _ symbol: String) throws {
        let index = try #require(table.lookup(code))
        #expect(table[index].symbol == symbol)
    }

    @Test func poundIsSixteenOuncesExactly() throws {
        let ounce = table[try #require(table.lookup("oz"))].factor
        let pound = table[try #require(table.lookup("lb"))].factor
        let sixteenOunces = ExactDecimal(significand: ounce.significand * 16, scale: ounce.scale)
        #expect(sixteenOunces.compareValue(pound) == 0)
    }

    @Test(arguments: [
        ("Kilogram", "kg"), ("KGS", "kg"), (" grams ", "g"), ("Lbs.", "lb"), ("pounds", "lb"), ("Ounces", "oz"),
        ("Litre", "l"), ("liters", "l"), ("mL", "ml"), ("millilitres", "ml"), ("Fl Oz", "US fl oz"),
        ("fl. oz.", "US fl oz"), ("FLOZ", "US fl oz"), ("fl  oz", "US fl oz"), ("ea", "each"), ("pcs", "each"),
        ("PC", "each"), ("ct", "each"), ("count", "each"), ("Doz", "dozen"), ("Gallon", "US gal"), ("Qt", "US qt"),
        ("Pint", "US pt"), ("Stück", "each"), ("STK", "each"), ("KOM", "each"), ("ko", "each"), ("uds", "each"),
        ("Unidades", "each"), ("stuks", "each"), ("Packung", "each"), ("Litros", "l"), ("gramos", "g"),
    ])
    func spellingsMatchIgnoringCaseDotsAndSpaces(_ spelling: String, _ symbol: String) throws {
        let index = try #require(table.lookup(spelling))
        #expect(table[index].symbol == symbol)
    }

    @Test func ounceIsMassAndFluidOunceIsVolume() throws {
        #expect(table[try #require(table.lookup("Oz"))].dimension == .mass)
        #expect(table[try #require(table.lookup("Fl Oz"))].dimension == .volume)
    }

    @Test func bareVolumesFollowTheVolumeSystem() throws {
        let imperial = try UnitTable(volumeSystem: .imperial)
        #expect(imperial[try #require(imperial.lookup("gallon"))].symbol == "imp gal")
        #expect(imperial[try #require(imperial.lookup("pint"))].factor.text == "568.26125")
        #expect(imperial[try #require(imperial.lookup("fl oz"))].symbol == "imp fl oz")
        #expect(imperial[try #require(imperial.lookup("US gallon"))].symbol == "US gal")
        #expect(table[try #require(table.lookup("imp gallon"))].symbol == "imp gal")
    }

    @Test func userAliasesNameExistingUnitsAndWin() throws {
        let custom = try UnitTable(aliases: [("bag", "each"), ("KOM1", "kom"), ("ct", "dozen")])
        #expect(custom[try #require(custom.lookup("Bag"))].symbol == "each")
        #expect(custom[try #require(custom.lookup("kom1"))].symbol == "each")
        #expect(custom[try #require(custom.lookup("ct"))].symbol == "dozen")
        #expect(throws: UnitTableError.unknownTarget(alias: "bag", unit: "sack")) { try UnitTable(aliases: [("bag", "sack")]) }
        #expect(UnitListing.text(custom).contains("bag"))
    }

    @Test(arguments: ["furlong", "", "k g s x", "stone", "bag", "m", "cm"])
    func unknownSpellingsAreNotGuessed(_ spelling: String) {
        #expect(table.lookup(spelling) == nil)
    }

    @Test func theListingShowsEveryUnitAndAlias() {
        let text = UnitListing.text(table)
        for (position, unit) in table.units.enumerated() {
            #expect(text.contains(unit.symbol))
            for spelling in table.spellings(of: position) { #expect(text.contains(spelling)) }
        }
        #expect(text.contains("gallon"))
        #expect(text.contains("28.349523125 g"))
    }

    /// The spellings of grocery exports in the languages of Europe's price lists, as shops
    /// write them (case, dots and spaces aside, in any script), each the one unit it means.
    @Test(arguments: [
        // Croatian, Bosnian, Serbian; Slovenian
        ("KOM", "each"), ("komada", "each"), ("komadi", "each"), ("kut", "each"), ("kutija", "each"), ("pak", "each"),
        ("pakiranje", "each"), ("kos", "each"), ("kosov", "each"), ("grama", "g"), ("dag", "dag"), ("litara", "l"),
        ("kilograma", "kg"), ("mililitara", "ml"),
        // German, Dutch
        ("Stk.", "each"), ("St.", "each"), ("Blatt", "each"), ("Rolle", "each"), ("Rollen", "each"), ("Dosen", "each"),
        ("Flaschen", "each"), ("stuks", "each"),
        // Italian, French, Spanish, Portuguese
        ("pz", "each"), ("conf", "each"), ("confezioni", "each"), ("cf", "each"), ("litri", "l"), ("unité", "each"),
        ("unités", "each"), ("un", "each"), ("unidades", "each"), ("pç", "each"), ("peças", "each"), ("unidade", "each"),
        ("gramas", "g"),
        // Polish, Czech, Slovak, Hungarian, Romanian, Lithuanian
        ("szt", "each"), ("szt.", "each"), ("sztuk", "each"), ("opak.", "each"), ("ks", "each"), ("kus", "each"),
        ("kusů", "each"), ("db", "each"), ("darab", "each"), ("csomag", "each"), ("buc", "each"), ("buc.", "each"),
        ("bucăți", "each"), ("dkg", "dag"), ("gramy", "g"), ("litry", "l"), ("vnt.", "each"),
        // English
        ("pk", "each"), ("sheets", "each"), ("rolls", "each"), ("ea", "each"),
        // Greek (e-katanalotis: 981Γ, 1ΛΤ), and Cyrillic (Serbian, Bulgarian, Russian)
        ("Γ", "g"), ("ΓΡ", "g"), ("ΚΙΛΟ", "kg"), ("ΛΤ", "l"), ("ΜΛ", "ml"), ("ΤΕΜ", "each"),
        ("г", "g"), ("гр.", "g"), ("КГ", "kg"), ("л", "l"), ("мл", "ml"), ("ком", "each"), ("шт.", "each"),
    ])
    func exportSpellingsNameTheirUnit(_ spelling: String, _ symbol: String) throws {
        let index = try #require(table.lookup(spelling), "\(spelling)")
        #expect(table[index].symbol == symbol, "\(spelling)")
    }

    /// A decagram is ten grams (Croatian and Slovenian `dag`, Hungarian `dkg`).
    @Test func aDecagramIsTenGrams() throws {
        let sheet = try Sheets.validate("name,quantity,unit,price\nšunka,10,dag,2.99\n")
        let report = Ranker.rank(sheet)
        #expect(try Sheets.write(report, .csv).contains("šunka,10,dag,2.99,29.9000,kg"))
    }
}

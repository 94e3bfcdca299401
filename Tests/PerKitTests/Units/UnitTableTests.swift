import PerKit
import Testing

@Suite struct UnitTableTests {
    let table = UnitTable.standard

    @Test(arguments: [
        ("mg", "0.001"), ("g", "1"), ("kg", "1000"), ("oz", "28.349523125"), ("lb", "453.59237"),
        ("ml", "1"), ("cl", "10"), ("dl", "100"), ("l", "1000"), ("fl oz", "29.5735295625"),
        ("pt", "473.176473"), ("qt", "946.352946"), ("gal", "3785.411784"), ("each", "1"), ("dozen", "12"),
    ])
    func factorsAreTheExactDefinitions(_ symbol: String, _ factor: String) throws {
        let index = try #require(table.lookup(symbol))
        #expect(table[index].factor.text == factor)
    }

    @Test func poundIsSixteenOuncesExactly() throws {
        let ounce = table[try #require(table.lookup("oz"))].factor
        let pound = table[try #require(table.lookup("lb"))].factor
        let sixteenOunces = ExactDecimal(significand: ounce.significand * 16, scale: ounce.scale)
        #expect(sixteenOunces.compareValue(pound) == 0)
    }

    @Test(arguments: [
        ("Kilogram", "kg"), ("KGS", "kg"), (" grams ", "g"), ("Lbs.", "lb"), ("pounds", "lb"), ("Ounces", "oz"),
        ("Litre", "l"), ("liters", "l"), ("mL", "ml"), ("millilitres", "ml"), ("Fl Oz", "fl oz"),
        ("fl. oz.", "fl oz"), ("FLOZ", "fl oz"), ("fl  oz", "fl oz"), ("ea", "each"), ("pcs", "each"),
        ("PC", "each"), ("ct", "each"), ("count", "each"), ("Doz", "dozen"), ("Gallon", "gal"), ("Qt", "qt"),
        ("Pint", "pt"),
    ])
    func spellingsMatchIgnoringCaseDotsAndSpaces(_ spelling: String, _ symbol: String) throws {
        let index = try #require(table.lookup(spelling))
        #expect(table[index].symbol == symbol)
    }

    @Test func ounceIsMassAndFluidOunceIsVolume() throws {
        #expect(table[try #require(table.lookup("Oz"))].dimension == .mass)
        #expect(table[try #require(table.lookup("Fl Oz"))].dimension == .volume)
    }

    @Test(arguments: ["furlong", "", "k g s x", "stone", "bag"])
    func unknownSpellingsAreNotGuessed(_ spelling: String) {
        #expect(table.lookup(spelling) == nil)
    }

    @Test func theListingShowsEveryUnitAndAlias() {
        let text = UnitListing.text(table)
        for unit in table.units {
            #expect(text.contains(unit.symbol))
            for alias in unit.aliases { #expect(text.contains(alias)) }
        }
        #expect(text.contains("28.349523125 g"))
    }
}

@testable import PerKit
import Testing

/// How a shopping list is read: its columns by name and synonym, amounts, and what a line or a
/// file lacks.
@Suite struct ShoppingListReaderTests {
    func read(_ text: String) throws -> ShoppingList {
        try ShoppingListReader().read(Array(text.utf8), file: InputFile(path: "list.csv"))
    }

    @Test func columnsAreReadInAnyCaseAndBySynonym() throws {
        let list = try read("Product;EAN;Qty;Unit\nKava;3858881084872;1,5;kg\nMilk;1;;\n")
        #expect(list.lines.map(\.item) == ["Kava", "Milk"])
        #expect(list.lines[0].match == .key("3858881084872"))
        #expect(list.lines[0].amount == WantedAmount(text: "1,5 kg", dimension: .mass, base: "1500.0"))
        #expect(list.lines[1].amount == nil)
        #expect(list.findings.isEmpty)
    }

    /// A new user's list: `count`, `Menge` and `kol.` are read as a price sheet's headers
    /// are (they bought one pack a line, silently); a column per does not read is said.
    @Test func headersAreReadAsASheetsAreAndAnUnreadColumnIsSaid() throws {
        for header in ["count", "Menge", "Anzahl", "kol."] {
            let list = try read("item,key,\(header)\nKinder,80177616,3 each\n")
            #expect(list.lines[0].amount?.base.compareValue("3") == 0, "\(header): \(list.lines)")
            #expect(list.findings.isEmpty, "\(header): \(list.findings)")
        }
        // A column numbering the lines is no key (its words name no product code): the words match.
        let numbered = try read("No,item,match\n1,Milk,whole milk\n")
        #expect(numbered.lines[0].match == .words(["whole", "milk"]), "\(numbered.lines)")
        #expect(numbered.findings.map(\.message) == ["column \"No\" is not read (a list reads item, key, match, quantity and unit: rename a column to one of them)"])
        let list = try read("Artikel,EAN-Code,Menge,note\nKinder,80177616,3 each,for Ana\n")
        #expect(list.lines[0].match == .key("80177616") && list.lines[0].item == "Kinder")
        #expect(list.findings.map(\.message) == ["column \"note\" is not read (a list reads item, key, match, quantity and unit: rename a column to one of them)"])
    }

    /// An empty list is no price sheet (it said "a price sheet starts with a header line such
    /// as name,quantity,unit,price"); a list with a header and no lines says there is nothing to buy.
    @Test func anEmptyListSaysWhatAListStartsWith() throws {
        for text in ["", "\n\n"] {
            #expect {
                _ = try read(text)
            } throws: { error in
                "\(error)".contains("a shopping list starts with a header line such as item,key,match,quantity")
            }
        }
        let headerOnly = try read("item,key\n")
        #expect(headerOnly.lines.isEmpty)
        #expect(headerOnly.findings.map(\.message) == ["the list has a header and no lines: there is nothing to buy"])
    }

    @Test func anAmountMayBeWrittenInTheQuantityCell() throws {
        let list = try read("item,match,quantity\nMilk,whole milk,2 l\nEggs,eggs,10 each\n")
        #expect(list.lines[0].match == .words(["whole", "milk"]))
        #expect(list.lines[0].amount?.base.compareValue("2000") == 0)
        #expect(list.lines[1].amount?.dimension == .count)
    }

    @Test func aListWithoutAnItemColumnNamesLinesByTheirKeyOrWords() throws {
        let list = try read("key,match\n123,\n,Šljivovica Badel\n")
        #expect(list.lines.map(\.item) == ["123", "Šljivovica Badel"])
        #expect(list.lines[1].match == .words(["sljivovica", "badel"]))
        #expect(list.findings.map(\.description) == ["list.csv:1: the list has no item column (item, name or product): each line is named by its key or its words"])
        #expect(list.findings[0].severity == .note)
    }

    @Test func aLineWithoutAKeyOrWordsOrWithAnAmountThatDoesNotReadIsLeftOut() throws {
        let list = try read("item,key,quantity\nMilk,,\nBread,2,1.5\nRice,3,2 bushels\nTea,4,\n")
        #expect(list.lines.map(\.item) == ["Tea"])
        #expect(list.findings.map(\.description) == [
            "list.csv:2: \"Milk\" has neither a key nor words to match: give one of them; the line is left out",
            "list.csv:3: \"Bread\": the amount \"1.5\" has no unit: write one, such as 1.5 kg, 2 l or 10 each; the line is left out",
            "list.csv:4: \"Rice\": the amount \"2 bushels\" does not read: write a number and a unit per knows, such as 1.5 kg, 2 l or 10 each (per units lists them); the line is left out",
        ])
    }

    /// An amount of zero says so, not that it does not read. (Before: "write a number and a
    /// unit per knows", of `0 kg`.)
    @Test func anAmountOfZeroIsSaidToBeZero() throws {
        let list = try read("item,key,quantity\nMilk,1,0 kg\nBread,2,0.0 l\n")
        #expect(list.lines.isEmpty)
        #expect(list.findings.map(\.description) == [
            "list.csv:2: \"Milk\": the amount \"0 kg\" is zero: write how much to buy, such as 1.5 kg, or no amount for one pack; the line is left out",
            "list.csv:3: \"Bread\": the amount \"0.0 l\" is zero: write how much to buy, such as 1.5 kg, or no amount for one pack; the line is left out",
        ])
    }

    @Test func aListWithNeitherAKeyNorAMatchColumnIsAnError() {
        let error = #expect(throws: InputError.self) { try read("item,quantity\nMilk,1 l\n") }
        #expect(error?.description.hasPrefix("list.csv:1: the header has no \"key\" or \"match\" column") == true, "\(String(describing: error))")
    }

    /// An amount with a thousands mark is read as a sheet's size cell is: the list's other
    /// amounts, or else its delimiter, say which mark is the decimal one (`1,500 g` in a comma
    /// list is 1500 g, `1.500 g` in a `;` list too); an amount that reads both ways in a list
    /// that shows both marks is refused. (Before: 1.5 g and 2 ml.)
    @Test func anAmountWithAThousandsMarkIsReadAsASheetsCellIs() throws {
        func bases(_ list: ShoppingList) -> [String] { list.lines.map { $0.amount?.base.wholeValue.map { "\($0)" } ?? "-" } }
        let comma = try read("item,key,quantity\nSugar,1,\"1,500 g\"\nMilk,2,\"2,000 ml\"\n")
        #expect(bases(comma) == ["1500", "2000"], "\(comma.lines)")
        let semicolon = try read("item;key;quantity\nSugar;1;1.500 g\nMilk;2;2.000 ml\nFlour;3;1,5 kg\n")
        #expect(bases(semicolon) == ["1500", "2000", "1500"], "\(semicolon.lines)")
        // A decimal comma elsewhere in the list says which mark `1,500` has.
        let commas = try read("item,key,quantity\nSugar,1,\"1,500 kg\"\nFlour,3,\"1,5 kg\"\n")
        #expect(bases(commas) == ["1500", "1500"], "\(commas.lines)")
        // Both marks shown as decimal ones: `1,500` reads two ways, and is refused.
        let both = try read("item,key,quantity\nSugar,1,\"1,500 g\"\nFlour,3,\"1,5 kg\"\nRice,4,1.5 kg\n")
        #expect(both.lines.map(\.item) == ["Flour", "Rice"])
        #expect(both.findings.map(\.message) == [
            "\"Sugar\": the amount \"1,500 g\" reads two ways (1.5 g or 1500 g): write 1500 g or 1.5 g without a thousands mark, "
                + "or name the decimal mark with --decimal-mark; the line is left out",
        ])
    }
    /// A line with more fields than its header (`1,5 kg` unquoted in a comma list) is said and
    /// left out; one empty field more is a trailing delimiter. (Before: the extra field was
    /// dropped silently and the line read "amount 1 has no unit".)
    @Test func aLineWithMoreFieldsThanItsHeaderIsSaid() throws {
        let list = try read("item,key,match,quantity\nFlour,,flour,1,5 kg\nMilk,2,,1 l,\n")
        #expect(list.lines.map(\.item) == ["Milk"])
        #expect(list.findings.map(\.message) == [
            "\"Flour\": the line has 5 fields but the header has 4: quote a field that holds the delimiter (\"1,5 kg\"); the line is left out",
        ])
    }
}

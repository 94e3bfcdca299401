@testable import PerKit
import Testing

/// What `Validator` notes about a file (`ValidatedSheet.notes`), beside how it was read.
@Suite struct ValidatorNotesTests {
    /// Ranked products whose key cell is empty, in a file with a key column, are said once per
    /// file: per diff and per history cannot follow them by key.
    @Test func productsWithoutAKeyAreNoted() throws {
        var options = SheetOptions()
        options.columns[.key] = "sku"
        let sheet = try Sheets.validate("""
            name,sku,quantity,unit,price
            Oats,A1,500,g,1.00
            Rice,,1,kg,2.00
            Flour,,1,kg,1.50
            Salt,A4,1,kg,0.50
            """, options: options)
        let notes = sheet.notes.filter { $0.message.contains("no key") }
        #expect(notes.map(\.description) == [
            "sheet.csv: 2 ranked products have no key (an empty \"sku\" cell, first on line 3): "
                + "per diff and per history match them by list, name and size",
        ])
        #expect(notes.allSatisfy { $0.severity == .note })
        let keyed = try Sheets.validate("name,sku,quantity,unit,price\nOats,A1,500,g,1.00\n", options: options)
        #expect(!keyed.notes.contains { $0.message.contains("no key") })
    }
}

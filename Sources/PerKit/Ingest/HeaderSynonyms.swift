/// Header names that exports use for per's fields, compared as `ColumnLayout.key` makes them
/// (lower case, `_` and `-` as spaces). A header that is a field's own name always wins.
enum HeaderSynonyms {
    static func field(for key: String) -> ColumnLayout.Field? {
        table[key]
    }

    private static let table: [String: ColumnLayout.Field] = {
        var table: [String: ColumnLayout.Field] = [:]
        let synonyms: [ColumnLayout.Field: [String]] = [
            .list: ["category", "categories", "group", "product group", "product category", "department", "aisle",
                    "kategorija", "kategorija proizvoda", "categoría", "categoria", "kategorie", "warengruppe"],
            .name: ["product", "product name", "products", "item", "item name", "item title", "description",
                    "product description", "item description", "title", "article", "naziv", "naziv proizvoda",
                    "nombre", "producto", "produkt", "bezeichnung", "artikel", "produit", "nom"],
            .quantity: ["qty", "quant", "size", "amount", "net quantity", "net weight", "net content", "contents",
                        "sales size", "package size", "pack size", "neto količina", "neto kolicina", "količina", "kolicina",
                        "cantidad", "menge", "inhalt", "quantité", "quantite"],
            .unit: ["uom", "unit of measure", "units of measure", "measure", "sales uom", "sales uom description",
                    "jedinica mjere", "jed mjere", "unidad", "unidad de medida", "einheit", "unité", "unite"],
            .price: ["cost", "retail price", "current price", "shelf price", "regular price", "amount paid",
                     "maloprodajna cijena", "mpc", "cijena", "precio", "preis", "prix"],
        ]
        for (field, keys) in synonyms {
            for key in keys { table[key] = field }
        }
        return table
    }()
}

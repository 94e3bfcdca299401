/// Header names that exports use for per's fields, compared as `ColumnLayout.key` makes them
/// (lower case, `_` and `-` as spaces). A header that is a field's own name always wins, but
/// for a line total beside a price (`ColumnLayout`).
///
/// `Unit price` and `price per unit` are none of these: on a shelf label they are the price per
/// kg or l (the shop's own unit price), on a receipt the price of one item.
enum HeaderSynonyms {
    static func field(for key: String) -> ColumnLayout.Field? {
        table[key]
    }

    /// Whether a price header names a line total, what the row cost in all (`Total`,
    /// `Amount`, `Betrag`, `Iznos`, `Importe`), as opposed to a price (`Price`, `Cijena`).
    static func isLineTotal(_ key: String) -> Bool {
        lineTotals.contains(key)
    }

    private static let lineTotals: Set<String> = [
        "total", "line total", "total price", "amount", "line amount", "sum", "betrag", "summe", "gesamt",
        "gesamtpreis", "iznos", "ukupno", "importe", "importe total", "total ligne", "montant", "totale", "importo",
        "suma", "kwota", "wartość", "wartosc", "bedrag", "totaal",
    ]

    private static let table: [String: ColumnLayout.Field] = {
        var table: [String: ColumnLayout.Field] = [:]
        let synonyms: [ColumnLayout.Field: [String]] = [
            .list: ["category", "categories", "group", "product group", "product category", "department", "aisle",
                    "kategorija", "kategorija proizvoda", "categoría", "categoria", "kategorie", "warengruppe"],
            .name: ["product", "product name", "products", "item", "item name", "item title", "description",
                    "product description", "item description", "title", "article", "naziv", "naziv proizvoda",
                    "nombre", "producto", "produkt", "bezeichnung", "artikel", "produit", "nom", "prekė", "preke", "prekės pavadinimas",
                    "prekes pavadinimas"],
            .quantity: ["qty", "quant", "size", "net quantity", "net weight", "net content", "contents",
                        "sales size", "package size", "pack size", "neto količina", "neto kolicina", "količina", "kolicina",
                        "cantidad", "menge", "inhalt", "quantité", "quantite", "kiekis"],
            .unit: ["uom", "unit of measure", "units of measure", "measure", "sales uom", "sales uom description",
                    "jedinica mjere", "jed mjere", "unidad", "unidad de medida", "einheit", "unité", "unite"],
            .price: ["cost", "retail price", "current price", "shelf price", "regular price", "amount paid",
                     "maloprodajna cijena", "mpc", "cijena", "precio", "preis", "prix", "prezzo", "cena", "prijs", "kaina"]
                + Array(lineTotals),
            .count: ["anzahl", "stückzahl", "stueckzahl", "packs", "number of packs", "pack count", "packs bought"],
            .salePrice: ["sale price", "special price", "offer price", "promo price", "promotional price", "discounted price",
                         "mpc za vrijeme posebnog oblika prodaje", "mpc za vrijeme posebnog oblika prodaje (eur)",
                         "posebna prodaja", "mpc poseb.oblik prod", "cijena na akciji", "akcijska cijena", "aktionspreis",
                         "angebotspreis", "sonderpreis", "precio oferta", "precio promoción", "prezzo offerta",
                         "prezzo promozionale", "prix promo", "prix promotionnel", "cena promocyjna", "aanbiedingsprijs"],
            .packPrice: ["price each", "each price", "each", "item price", "einzelpreis", "stückpreis", "stueckpreis",
                         "precio unitario", "prix unitaire", "prezzo unitario", "jedinična cijena", "jedinicna cijena",
                         "cijena po komadu"],
        ]
        for (field, keys) in synonyms {
            for key in keys { table[key] = field }
        }
        return table
    }()
}

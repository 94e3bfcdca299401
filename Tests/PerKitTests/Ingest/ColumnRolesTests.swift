@testable import PerKit
import Testing

/// Which column is which: from headers' words in the languages shops write, and from values
/// where the words do not decide.
@Suite struct ColumnRolesTests {
    static func roles(_ csv: String, options: SheetOptions = SheetOptions()) throws -> ColumnRoles {
        let lines = csv.split(separator: "\n").map { String($0) }
        let delimiter: Character = lines[0].contains(";") ? ";" : (lines[0].contains("\t") ? "\t" : ",")
        let header = lines[0].split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)
        let records = lines.dropFirst().map { line in
            line.split(separator: delimiter, omittingEmptySubsequences: false).map { Array($0.utf8) }
        }
        return try ColumnRoles(header: header, records: Array(records), options: options, quantityNumbers: NumberReader(likely: .point),
                               file: "sheet.csv", line: 1)
    }

    /// The role a header alone gives a column, by its words.
    static func role(_ header: String) -> ColumnRole? {
        HeaderRole(HeaderWords(header, units: .standard))?.role
    }

    /// Headers seen in real exports (the issue's list), each read by its words.
    @Test(arguments: [
        ("neto količina(KG)", ColumnRole.field(.quantity)), ("MPC (EUR)", .field(.price)), ("maloprod.cijena(EUR)", .field(.price)),
        ("cijena za jedinicu mjere (EUR)", .field(.statedUnitPrice)), ("Nettoinhalt", .field(.quantity)), ("Inhalt (g)", .field(.quantity)),
        ("Grundpreis", .field(.statedUnitPrice)), ("net_weight_g", .field(.quantity)), ("pack_size", .field(.quantity)),
        ("poids net", .field(.quantity)), ("prix TTC", .field(.price)), ("cena brutto", .field(.price)), ("gramatura", .field(.quantity)),
        ("regular_price", .field(.price)), ("price_now", .field(.price)), ("unit price (per kg)", .field(.statedUnitPrice)),
        ("MPC za vrijeme posebnog oblika prodaje (EUR)", .field(.salePrice)), ("Najniža cijena u posljednjih 30 dana (EUR)", .referencePrice),
        ("sidrena cijena na 2.5.2025. (EUR)", .referencePrice), ("POSEB.OBLIK_PROD__ZA_JEDINICU_MJERE", .saleUnitPrice),
        ("Clubcard Price", .field(.cardPrice)), ("barkod", .code), ("šifra proizvoda", .code), ("Artikelnummer", .code), ("EAN-Code", .code),
        ("marka proizvoda", .brand), ("kategorija proizvoda", .field(.list)), ("Warengruppe", .field(.list)), ("store_code", .shop),
        ("priceDate", .date), ("isAvailable", .flag), ("taxCategory", .tax), ("akc.cijena, A=akcija", .marker),
    ])
    func aRealHeaderIsReadByItsWords(header: String, expected: ColumnRole) {
        #expect(Self.role(header) == expected, "\(header): \(HeaderWords(header, units: .standard).words)")
    }

    /// Issue 31: a product-code column the header names is the key without `--key`: a shop's
    /// code before a barcode; `id` or `code` only over values that are codes, each different
    /// (not a row's number); `--key none` (an empty mapping) takes none.
    @Test func aProductCodeColumnIsTheKeyByDefault() throws {
        let croatian = try Self.roles("barkod;šifra;naziv;neto količina;jedinica mjere;MPC\n3850000000011;1001;Mlijeko;1;l;1,09\n")
        #expect(croatian.layout.key == 1 && croatian.keyByDefault)
        // For a basket, whose keys are compared in every shop, the barcode first.
        var basket = SheetOptions()
        basket.keyPrefersBarcode = true
        let acrossShops = try Self.roles("barkod;šifra;naziv;neto količina;jedinica mjere;MPC\n3850000000011;1001;Mlijeko;1;l;1,09\n", options: basket)
        #expect(acrossShops.layout.key == 0 && acrossShops.keyByDefault)
        let barcodeOnly = try Self.roles("name,quantity,unit,price,EAN\nMilk,1,l,1.09,3850000000011\n")
        #expect(barcodeOnly.layout.key == 4)
        let rowNumbers = try Self.roles("id,name,quantity,unit,price\n1,Milk,1,l,1.09\n2,Oat,1,l,2.09\n3,Tea,100,g,3.00\n")
        #expect(rowNumbers.layout.key == nil && !rowNumbers.keyByDefault)
        let codes = try Self.roles("id,name,quantity,unit,price\nA17,Milk,1,l,1.09\nB22,Oat,1,l,2.09\nC9,Tea,100,g,3.00\n")
        #expect(codes.layout.key == 0)
        var none = SheetOptions()
        none.columns[.key] = ""
        let off = try Self.roles("sku,name,quantity,unit,price\nA17,Milk,1,l,1.09\n", options: none)
        #expect(off.layout.key == nil && !off.keyByDefault)
        var named = SheetOptions()
        named.columns[.key] = "barkod"
        let chosen = try Self.roles("barkod;šifra;naziv;neto količina;jedinica mjere;MPC\n3850000000011;1001;Mlijeko;1;l;1,09\n", options: named)
        #expect(chosen.layout.key == 0 && !chosen.keyByDefault)
    }

    /// Headers no test or fixture showed before, in other languages: words, not whole headers.
    @Test(arguments: [
        ("Artikelbezeichnung", ColumnRole.field(.name)), ("Verkaufspreis", .field(.price)), ("Füllmenge", .field(.quantity)),
        ("Aktionspreis", .field(.salePrice)), ("Preis pro kg", .field(.statedUnitPrice)), ("Désignation", .field(.name)),
        ("Libellé produit", .field(.name)), ("Contenance", .field(.quantity)), ("Prix au kg", .field(.statedUnitPrice)),
        ("Rayon", .field(.list)), ("Precio/kg", .field(.statedUnitPrice)), ("Precio oferta", .field(.salePrice)),
        ("Nazwa produktu", .field(.name)), ("Cena jednostkowa", .field(.statedUnitPrice)), ("Kod EAN", .code),
        ("Termék neve", .field(.name)), ("Egységár", .field(.statedUnitPrice)), ("Kiszerelés", .field(.quantity)),
        ("Akciós ár", .field(.salePrice)), ("Název", .field(.name)), ("Hmotnost", .field(.quantity)),
        ("Jednotková cena", .field(.statedUnitPrice)), ("Prezzo al kg", .field(.statedUnitPrice)), ("Nettogewicht", .field(.quantity)),
        ("Item number", .code), ("Number of packs", .field(.count)), ("Was price", .field(.price)), ("Brand name", .brand),
        ("Lidl Plus", .field(.cardPrice)), ("Lidl Plus Preis", .field(.cardPrice)), ("Kundenkartenpreis", .field(.cardPrice)),
        ("Cena s kartou", .field(.cardPrice)), ("Preis plus MwSt", .field(.price)), ("Payback Preis", .field(.cardPrice)),
    ])
    func anUnseenHeaderIsReadByItsWords(header: String, expected: ColumnRole) {
        #expect(Self.role(header) == expected, "\(header): \(HeaderWords(header, units: .standard).words)")
    }

    /// The legal price lists of Croatian chains none of per's fixtures holds (Tommy, Žabac,
    /// Lorenco, Stanić, Ribola, Studenac, Trgocentar, Stridon, Branka), as their crawlers in
    /// senko/cijene-api name their columns: every one is read by its words.
    @Test(arguments: [
        ("MPC", ColumnRole.field(.price)), ("CIJENA_PO_JM", .field(.statedUnitPrice)), ("MPC_POSEBNA_PRODAJA", .field(.salePrice)),
        ("MPC_NAJNIZA_30", .referencePrice), ("MPC_020525", .referencePrice), ("PRVA_CIJENA_NOVOG_ARTIKLA", .referencePrice),
        ("NAZIV_ARTIKLA", .field(.name)), ("SIFRA_ARTIKLA", .code), ("BARKOD_ARTIKLA", .code), ("ROBNA_STRUKTURA", .field(.list)),
        ("DATUM_ULASKA_NOVOG_ARTIKLA", .date), ("Gramaža", .field(.quantity)), ("Naziv grupe artikala", .field(.list)),
        ("MpcJmj", .field(.statedUnitPrice)), ("CijenaSid", .referencePrice), ("JMjere", .field(.unit)), ("MP cijena", .field(.price)),
        ("MPC u vrij. pos. obl. prodaje", .field(.salePrice)), ("MaloprodajnaCijenaAkcija", .field(.salePrice)),
        ("CijenaPoJedinici", .field(.statedUnitPrice)), ("KategorijeProizvoda", .field(.list)), ("mpc_pop", .field(.salePrice)),
        ("c_najniza_30", .referencePrice), ("naziv_art", .field(.name)), ("sif_art", .code), ("net_kol", .field(.quantity)),
        ("naz_kat", .field(.list)), ("NAJNIZA_CIJENA_ZADNJI_30_DANA", .referencePrice), ("SIDRENA_CIJENA_NA_02_05_25", .referencePrice),
        ("NAZIV_KATEGORIJE", .field(.list)), ("mpcijena", .field(.price)), ("mpcijenamjera", .field(.statedUnitPrice)),
        ("nettokolicina", .field(.quantity)), ("Najniža cijena u poslj.30 dana", .referencePrice),
    ])
    func aCroatianChainsHeaderIsReadByItsWords(header: String, expected: ColumnRole) {
        #expect(Self.role(header) == expected, "\(header): \(HeaderWords(header, units: .standard).words)")
    }

    /// What per's header table named before words did, words name still.
    @Test func everyHeaderTheOldTableNamedNamesTheSameField() {
        let old: [ColumnLayout.Field: [String]] = [
            .list: ["category", "categories", "group", "product group", "product category", "department", "aisle", "kategorija",
                    "kategorija proizvoda", "categoría", "categoria", "kategorie", "warengruppe"],
            .name: ["product", "product name", "products", "item", "item name", "item title", "description", "product description",
                    "item description", "title", "article", "naziv", "naziv proizvoda", "nombre", "producto", "produkt", "bezeichnung",
                    "artikel", "produit", "nom", "prekė", "preke", "prekės pavadinimas", "prekes pavadinimas"],
            .quantity: ["qty", "quant", "size", "net quantity", "net weight", "net content", "contents", "sales size", "package size",
                        "pack size", "neto količina", "neto kolicina", "količina", "kolicina", "cantidad", "menge", "inhalt", "quantité",
                        "quantite", "kiekis"],
            .unit: ["uom", "unit of measure", "units of measure", "measure", "sales uom", "sales uom description", "jedinica mjere",
                    "jed mjere", "unidad", "unidad de medida", "einheit", "unité", "unite"],
            .price: ["cost", "retail price", "current price", "shelf price", "regular price", "amount paid", "maloprodajna cijena", "mpc",
                     "cijena", "precio", "preis", "prix", "prezzo", "cena", "prijs", "kaina", "total", "line total", "total price", "amount",
                     "line amount", "sum", "betrag", "summe", "gesamt", "gesamtpreis", "iznos", "ukupno", "importe", "importe total",
                     "total ligne", "montant", "totale", "importo", "suma", "kwota", "wartość", "wartosc", "bedrag", "totaal"],
            .count: ["anzahl", "stückzahl", "stueckzahl", "packs", "number of packs", "pack count", "packs bought"],
            .salePrice: ["sale price", "special price", "offer price", "promo price", "promotional price", "discounted price",
                         "mpc za vrijeme posebnog oblika prodaje", "posebna prodaja", "mpc poseb.oblik prod", "cijena na akciji",
                         "akcijska cijena", "aktionspreis", "angebotspreis", "sonderpreis", "precio oferta", "precio promoción",
                         "prezzo offerta", "prezzo promozionale", "prix promo", "prix promotionnel", "cena promocyjna", "aanbiedingsprijs"],
            .packPrice: ["price each", "each price", "each", "item price", "einzelpreis", "stückpreis", "stueckpreis", "precio unitario",
                         "prix unitaire", "prezzo unitario", "jedinična cijena", "jedinicna cijena", "cijena po komadu"],
        ]
        for (field, headers) in old {
            for header in headers {
                #expect(Self.role(header) == .field(field), "\(header) → \(String(describing: Self.role(header))), was \(field)")
            }
        }
    }

    @Test func aUnitOrCurrencyInTheHeaderIsKeptApartFromItsWords() {
        let kaufland = HeaderWords("neto količina(KG)", units: .standard)
        #expect(kaufland.words == ["neto", "kolicina"] && kaufland.unit == "KG")
        let grams = HeaderWords("net_weight_g", units: .standard)
        #expect(grams.words == ["net", "weight"] && grams.unit == "g")
        let euros = HeaderWords("MPC (EUR)", units: .standard)
        #expect(euros.words == ["mpc"] && euros.currency == "EUR")
        let perKilo = HeaderWords("unit price (per kg)", units: .standard)
        #expect(perKilo.per?.unit == "kg" && perKilo.per?.amount == "1")
        let per100 = HeaderWords("Preis je 100 g", units: .standard)
        #expect(per100.per?.unit == "g" && per100.per?.amount == "100")
        #expect(HeaderWords("jed.mj. (1 KOM/L/KG)", units: .standard).unitCount == 3)
        #expect(HeaderWords("priceDate", units: .standard).words == ["price", "date"])
    }

    /// Unknown headers: the values say which column is the name, the size and the price.
    @Test func valuesDecideWhereHeadersSayNothing() throws {
        let roles = try Self.roles("""
            c1,c2,c3,c4
            4711,Whole Milk,1 l,1.09
            4712,Oat Drink Barista,1 l,2.49
            4713,Butter,250 g,2.99
            4714,Dark Chocolate,100 g,1.79
            """)
        #expect(roles.layout.name == 1 && roles.layout.quantity == 2 && roles.layout.price == 3)
        #expect(roles.columns[2].why.contains("values"))
    }

    /// What a review and a new user found read wrongly, each now read as it says.
    @Test(arguments: [
        // A discount is an amount or a share off, not the price paid; before it, the regular price.
        ("Discount", ColumnRole.discount), ("Rabatt %", .discount), ("Discounted price", .field(.salePrice)),
        ("Price before discount", .field(.price)), ("Variant Compare At Price", .field(.price)), ("was_unit_price", .referencePrice),
        // A net price is weaker than a gross one; a share is no size; an article is no litre.
        ("Cijena bez PDV-a", .field(.price)), ("Vol.%", nil), ("Prix à l'unité", .field(.statedUnitPrice)), ("Nome do produto", .field(.name)),
        ("Цена за кг", .field(.statedUnitPrice)), ("Τιμή προσφοράς", .field(.salePrice)),
    ])
    func headersTheReviewFoundAreReadAsTheySay(header: String, expected: ColumnRole?) {
        #expect(Self.role(header) == expected, "\(header): \(HeaderWords(header, units: .standard).words)")
    }

    /// Of a net price and a gross one, the gross is the price, whatever their values look like.
    @Test func aGrossPriceWinsOverANetOne() throws {
        let roles = try Self.roles("Naziv;Količina;Cijena bez PDV-a;Cijena s PDV-om\nMlijeko;1 l;1,592;1,99\nKruh;500 g;2,000;2,50\nJaja;10 kom;2,400;3\n")
        #expect(roles.layout.price == 3)
    }

    /// A stated header naming two bases keeps one per dimension.
    @Test func aStatedHeaderWithTwoBasesKeepsBoth() throws {
        let roles = try Self.roles("name;size;price;Grundpreis je 100 g/100 ml\nMilch;1 l;1,09;0,11\nMehl;1 kg;0,79;0,08\n")
        #expect(roles.statedPer[.mass]?.amount == ExactDecimal(significand: 100, scale: 0))
        #expect(roles.statedPer[.volume]?.amount == ExactDecimal(significand: 100, scale: 0))
    }

    /// A "unit price" whose figures are not the price over the size is not the shop's unit
    /// price: beside a count it is one item's price (a receipt); else it is not read.
    @Test func aUnitPriceColumnIsCheckedAgainstItsFigures() throws {
        let receipt = try Sheets.validate("Item,Qty,Unit Price,Total\nBread 500 g,1,2.49,2.49\nButter 250 g,2,2.00,4.00\nCheese 200 g,1,3.10,3.10\n")
        #expect(!receipt.facts.readsStatedPrices, "no stated unit price")
        #expect(receipt.counts.ranked == 3, "\(receipt.rejections)")
        let shelf = try Self.roles("name,size,price,unit price\nMilk,1 l,1.09,1.09\nButter,250 g,2.29,9.16\nCoffee,500 g,5.99,11.98\n")
        #expect(shelf.layout.statedUnitPrice == 3)
    }

    /// A column of codes under a name's word (`Item #`) is no name; `-` and `n/a` are empty cells,
    /// so a sale column of dashes is a sale column and a price column with a few `n/a`s a price.
    @Test func valuesThatSayNothingAreEmptyAndCodesAreNoNames() throws {
        let codes = try Self.roles("Item #,Description,Size,Price\n10023,Whole milk,1 gal,3.99\n10024,Bread,500 g,2.49\n")
        #expect(codes.layout.name == 1 && codes.columns[0].role == .code)
        let dashes = try Self.roles("Naziv;Količina;MPC;Akcijska cijena\nMlijeko;1 l;1,99;-\nKruh;500 g;2,49;-\nJaja;10 kom;3,00;2,49\n")
        #expect(dashes.layout.salePrice == 3)
        let missing = try Self.roles("Product,Size,Price (EUR)\nMilk,1 l,n/a\nBread,500 g,n/a\nEggs,10 pcs,2.99\n")
        #expect(missing.layout.price == 2)
    }

    /// Product codes and a shop's categories under headers per does not know are said, by their
    /// values, and not read.
    @Test func codesAndCategoriesAreToldByTheirValues() throws {
        var csv = "Artikel;Abc;Xyz;Inhalt;Preis\n"
        for index in 1...30 { csv += "Produkt \(index);Obst\(index % 3);0000\(1000 + index);500 g;1,\(index % 9)9\n" }
        let roles = try Self.roles(csv)
        #expect(roles.columns[1].role == .category && roles.columns[2].role == .code)
        #expect(roles.layout.list == nil && roles.layout.key == nil)
    }

    /// A column of bare figures that are the price over the size is the shop's stated unit
    /// price, and its basis (per 100 g here) comes from the figures.
    @Test func figuresThatAreThePriceOverTheSizeAreTheStatedUnitPrice() throws {
        let roles = try Self.roles("""
            name,size,price,figure
            Butter,250 g,2.99,1.20
            Chocolate,100 g,1.79,1.79
            Coffee,500 g,8.99,1.80
            Rice,1 kg,2.20,0.22
            """)
        #expect(roles.layout.statedUnitPrice == 3)
        let basis = try #require(roles.statedPer[.mass])
        #expect(basis.amount == ExactDecimal(significand: 100, scale: 0))
    }

    /// Of two price columns, the one whose figures are the other's over the size is a unit price
    /// (Hammer's `price_in_dollars` beside `current_price`): the shop's stated one, per 100 ml.
    @Test func ofTwoPricesTheUnitPriceIsNotThePrice() throws {
        let roles = try Self.roles("""
            product_name,units,current_price,price_in_dollars
            Oat Milk 1.75 L,1.75l,4.69,0.27
            Almond Milk 946 ml,946ml,4.19,0.44
            Goat Milk 1 L,1l,5.99,0.60
            Skim Milk 4 L,4l,6.49,0.16
            """)
        #expect(roles.layout.price == 2)
        #expect(roles.layout.statedUnitPrice == 3)
        #expect(roles.statedPer[.volume]?.amount == ExactDecimal(significand: 100, scale: 0))
    }

    /// A sale column is never the price while a price column exists, and a "price" of letters
    /// (Kaufland's `A` for a sale) is no price.
    @Test func aSaleColumnIsNeverThePriceAndLettersAreNoPrice() throws {
        let roles = try Self.roles("""
            naziv;MPC (EUR);MPC za vrijeme posebnog oblika prodaje (EUR);akc.cijena, A=akcija;neto količina;jedinica mjere
            Mlijeko;1,09;;;1;l
            Kava;5,99;4,99;A;0,5;kg
            Sir;3,49;2,99;A;0,25;kg
            """)
        #expect(roles.layout.price == 1 && roles.layout.salePrice == 2)
        #expect(roles.columns[3].role == .marker)
    }

    /// Two columns whose headers name the name equally well, and values that do not tell them
    /// apart, are refused as ambiguous; a stronger word wins.
    @Test func equallyGoodHeadersAreAmbiguousAndAStrongerWordWins() throws {
        #expect(throws: InputError(file: "sheet.csv", line: 1, .ambiguousColumn(field: "name", headers: ["Naziv", "Nombre"]))) {
            try Self.roles("Naziv,Nombre,qty,unit,price")
        }
        #expect(try Self.roles("Product,Description,qty,unit,price").layout.name == 0)
    }

    /// With no size column, names that end in sizes give the sizes; with none that do, the file
    /// is refused naming the option that would read it.
    @Test func sizesComeFromNamesWhenNoColumnHasThem() throws {
        let roles = try Self.roles("""
            Nombre;Precio
            Leche entera 1 l;0,99
            Galletas 200 g;1,20
            Detergente;3,15
            """)
        #expect(roles.layout.quantity == nil && roles.sizesFromNames != nil)
    }

    /// The refusal names the columns that came closest and the one option that reads the file.
    @Test func aRefusalNamesTheClosestColumnAndTheOption() {
        do {
            _ = try Self.roles("""
                Produkt,Preis,Gebinde
                Milch,1.09,Flasche
                Butter,2.99,Block
                """)
            Issue.record("read")
        } catch {
            #expect((error as? InputError)?.message.contains("quantity") == true, "\(error)")
        }
    }

    /// A shop's category column is a shop's grouping (each dimension ranked apart); a `list`
    /// column is a person's.
    @Test func aCategoryColumnIsAShopsGrouping() throws {
        #expect(try Self.roles("name,quantity,unit,price,Kategorija").listIsCategory)
        #expect(try !Self.roles("name,quantity,unit,price,list").listIsCategory)
    }

    /// A field the user names a column for is read from that column alone: another whose header
    /// names the field is not read, and says why, so that the reading line and `per inspect`
    /// name the column per reads.
    @Test func aFieldNamedByTheUserHasOneColumn() throws {
        var options = SheetOptions()
        options.columns[.price] = "anchor price"
        let roles = try Self.roles("name,quantity,unit,retail price,anchor price\nMilk,1,l,1.09,0.99\n", options: options)
        #expect(roles.columns.filter { $0.role == .field(.price) }.map(\.header) == ["anchor price"])
        #expect(roles.columns[3].role == .unused)
        #expect(roles.columns[3].why.hasSuffix(", but \"anchor price\" is the price"))
    }
}

/// What the words of headers mean, in the languages shops write them: each word (folded, as
/// `HeaderWords` makes it) names one or more concepts, and a column's role follows from the
/// concepts of all its words (`HeaderRole`), not from a list of whole headers. A word the table
/// does not hold is tried as a compound (`Grundpreis`, `Artikelnummer`, `Nettoinhalt`): a known
/// word at its end names the concept, a known word before it adds its own.
enum HeaderVocabulary {
    enum Concept: CaseIterable, Sendable {
        /// A product's name (`naziv`, `Bezeichnung`); `product`, `item` and `article` say it only
        /// weakly (`product code` is a code), and `description` more weakly still.
        case name, product, description
        case code, brand, shop, category, list, date, link, flag
        case quantity, net, unit, count
        case price, total, each, sale, discount, regular, current, unitPrice, per, lowest, anchor, card
        case excludingTax, includingTax, tax
    }

    /// Words of a barcode (`EAN`, `barkod`): a product may have several, so a shop's own code
    /// is the better key when a file has both.
    static let barcodeWords: Set<String> = ["ean", "ean13", "ean8", "gtin", "upc", "barcode", "barkod", "vonalkod", "isbn", "баркод", "штрихкод"]
    /// Words that name a product code by themselves (a shop's `sku`, `šifra`, or a barcode),
    /// unlike words that may head a row's number (`id`, `no`, `code`): a column headed by one is
    /// the key by default (`ColumnRoles`).
    /// `key` is per's own: a CSV report's column of its products' keys, read back by `per diff`
    /// and `per textconv` (its values need not look like codes: `1010`).
    static let productCodeWords: Set<String> = Set(["sku", "skus", "sifra", "sifre", "sif", "plu", "artnr", "artikelnummer", "cikkszam",
                                                    "asin", "mpn", "шифра", "key"]).union(barcodeWords)

    /// The concepts a folded word names: from the table, else as a compound.
    static func concepts(of word: String) -> Set<Concept> {
        if let found = table[word] { return found }
        guard word.count >= 6 else { return [] }
        for (suffix, named) in compoundEnds where word.count > suffix.count + 1 && word.hasSuffix(suffix) {
            let start = word.dropLast(suffix.count)
            var found = named
            // A word before the known end adds its concepts (`Aktions|preis`, `Grund|preis`),
            // with the joining s of German compounds (`Angebots|preis`).
            if let before = table[String(start)] ?? (start.hasSuffix("s") ? table[String(start.dropLast())] : nil) {
                found.formUnion(before)
            } else if let before = compoundStarts[String(start)] ?? (start.hasSuffix("s") ? compoundStarts[String(start.dropLast())] : nil) {
                found.formUnion(before)
            } else {
                found.formUnion(Self.concepts(of: String(start)))  // a compound of three (`mp|cijena|mjera`)
            }
            return found
        }
        return []
    }

    private static let table: [String: Set<Concept>] = {
        var table: [String: Set<Concept>] = [:]
        for (concept, words) in entries {
            for word in words.split(separator: " ") { table[String(word), default: []].insert(concept) }
        }
        return table
    }()

    /// Words by concept, folded, separated by spaces.
    private static let entries: [(Concept, String)] = [
        (.name, """
            name names naziv nazivi nazev nazov nombre nom nome naam nazwa nev denumire pavadinimas nosaukums nimi nimike namn \
            navn bezeichnung designation libelle denominazione denominacion denominacao megnevezes title titel titulo titolo \
            tytul ime imena neve megnevezese nazvanie naz наименование название назив наименованиe име ονομασια ονομα περιγραφη
            """),
        (.product, """
            product products produkt produkte producto productos produit produits prodotto prodotti produto produtos proizvod \
            proizvoda proizvodi izdelek izdelka artikel artikl artikla artikli artikala art article articles articolo articulo artigo item \
            items termek vyrobok vyrobek towar preke prekes prece toode tuote vara goods продукт продукта продукти продукция артикул артикула стока προιον προϊον
            """),
        (.description, """
            description descripcion descrizione descricao beschreibung omschrijving opis popis leiras descriere aprasymas \
            kuvaus beskrivning desc
            """),
        (.code, """
            code codes kod kode kodas codigo codice cod sifra sifre sif sku skus ean ean13 ean8 gtin upc barcode barkod plu id ids \
            nummer number numero nr no num ref reference referencia riferimento artnr cikkszam vonalkod asin mpn isbn \
            identifier uuid код кода шифра баркод штрихкод κωδικος
            """),
        (.brand, """
            brand brands marka marke marque marca merk marchio hersteller manufacturer producer proizvodac proizvodjac vyrobce \
            producent gyarto znamka марка бренд производител μαρκα
            """),
        (.shop, """
            store stores shop shops vendor vendors merchant място населено обект магазин търговец κατάστημα καταστημα retailer seller chain supermarket supermarkets supermercado \
            supermercato supermarche market markt trgovina prodavaonica prodavnica trgovac lanac filiale laden magasin \
            enseigne tienda negozio sklep obchod bolt parduotuve winkel butik kauppa handler
            """),
        (.category, """
            category categories kategorija kategorije kategorie kategoria categorie categoria kategori group groups grupa grupe \
            gruppe gruppo grupo groep csoport department dept aisle section sekcija odjel rayon abteilung sortiment segment \
            family famille familia famiglia classification wg subcategory taxonomy robna kat категория категорија категории група κατηγορια
            """),
        (.list, "list lists liste"),
        (.date, """
            date dates datum fecha data day datetime timestamp дата ημερομηνια inserted updated created scraped fetched valid vrijedi
            """),
        (.link, "url urls link links href uri image images img photo picture thumbnail slika bild imagen immagine"),
        (.flag, """
            is has available availability dostupnost dostupno verfugbar verfugbarkeit stock instock lager published active \
            status
            """),
        (.quantity, """
            quantity quantities qty quant size sizes weight weights content contents inhalt menge gewicht volume volumen vol \
            capacity grammage gramatura gramaza gramaz gramaj poids contenance quantite cantidad peso contenido quantita \
            contenuto formato kolicina kol kolic masa zapremina obujam hmotnost mnozstvi objem waga pojemnosc ilosc \
            mennyiseg kiszereles tomeg cantitate kiekis svoris inhoud vikt volym mangd storlek packsize количество количина грамаж тегло нето ποσοτητα βαρος
            """),
        (.net, "net netto neto nett"),
        (.unit, """
            unit units uom uoms measure measures measurement jedinica jedinice jedinicu jedinici jed jm jmj mj mjera mjere mjeri einheit \
            einheiten unite unites unidad unidades unita jednostka jednotka jednotky mertekegyseg egyseg unitate vienetas \
            eenheid enhet yksikko единица мерна мярка мера μοναδα
            """),
        (.count, "anzahl stuckzahl stueckzahl packs count"),
        (.price, """
            price prices preis preise prix precio precios prezzo prezzi preco prijs prijzen pris cena ceny cijena cijene cijenu \
            cene ar hinta kaina kainos cost costs mpc maloprodajna maloprod retail rrp msrp uvp pvp pvpr tarif tarifa vk vkp цена цени дребно τιμη τιμης τιμες
            """),
        (.total, """
            total totals sum summe gesamt betrag iznos ukupno importe montant totale importo suma kwota wartosc bedrag totaal \
            amount
            """),
        (.each, "each einzel stuck komadu komad piece unitario unitaire unitari jedinicna jedinicni"),
        (.sale, """
            sale special offer offers promo promotion promotional promocija discounted reduced reduziert clearance \
            deal akcija akciji akcijska akcijski akcijske akc aktion aktions angebot angebots sonder sonderangebot oferta ofertas \
            offerta offerte promozione promozionale promotionnel promotionnelle solde soldes promocion promocja promocyjna akcios akce akcni znizka popust \
            aanbieding actie poseb posebna posebnog poseban posebni posebne oblik oblika obl промоция промоции промо акция προσφορα προσφορας
            """),
        (.discount, "discount discounts rabatt rabatte popust korting remise sconto descuento desconto rabat znizka sleva namalenie намаление pop"),
        (.regular, """
            regular normal normalpreis standard original was old before compare uvp rrp msrp redovna redovita regularna streich \
            ordinarie
            """),
        (.current, "current now today actual aktuell aktueller trenutna actuel attuale jetzt"),
        (.unitPrice, """
            grund vergleich comparison comparative jamfor kilopris literpris kiloprijs literprijs eenheidsprijs \
            egysegar egysegara jednotkova jednostkowa kilo liter
            """),
        (.per, "per pro por"),
        (.lowest, """
            najniza najnizja najnize lowest minimum min niedrigste niedrigster tiefst tiefstpreis posljednjih poslj prethodnih \
            previous prior last
            """),
        (.anchor, "sidrena sidreni sidro sid anchor anchored prva prvi first initial"),
        (.card, """
            card cards clubcard nectar karta karte kartica karticom kartice kartici kartou kartu kartami kartą loyalty member \
            members mitglieder kundenkarte kundenkarten fidelite fidelidad tarjeta carta payback
            """),
        (.excludingTax, "ht excl exkl ohne bez sin without hors senza"),
        (.includingTax, "brutto gross ttc incl inkl"),
        (.tax, "tax taxes steuer porez vat pdv mwst tva iva ust dph afa btw moms"),
    ]

    /// Ends of compound words and what they name (`Grund|preis`, `Artikel|nummer`).
    private static let compoundEnds: [(String, Set<Concept>)] = [
        ("preis", [.price]), ("prijs", [.price]), ("pris", [.price]), ("price", [.price]), ("name", [.name]),
        ("nummer", [.code]), ("number", [.code]), ("code", [.code]), ("inhalt", [.quantity]), ("menge", [.quantity]),
        ("gewicht", [.quantity]), ("weight", [.quantity]), ("size", [.quantity]), ("gruppe", [.category]),
        ("kategorie", [.category]), ("category", [.category]), ("einheit", [.unit]), ("datum", [.date]), ("date", [.date]),
        ("bezeichnung", [.name]), ("beschreibung", [.description]), ("titel", [.name]), ("marke", [.brand]),
        ("cijena", [.price]), ("kolicina", [.quantity]), ("mjera", [.unit]), ("mjere", [.unit]),
        ("karte", [.card]), ("karten", [.card]), ("card", [.card]),
    ]

    /// Starts of compounds that are no words alone (`Grund|preis`, `Füll|menge`).
    private static let compoundStarts: [String: Set<Concept>] = [
        "grund": [.unitPrice], "vergleich": [.unitPrice], "kilo": [.unitPrice], "liter": [.unitPrice], "einheit": [.unitPrice],
        "einzel": [.each], "stuck": [.each], "stueck": [.each], "aktion": [.sale], "angebot": [.sale], "sonder": [.sale], "normal": [.regular],
        "streich": [.regular], "listen": [.regular], "original": [.regular], "verkauf": [], "fuell": [], "full": [],
        "netto": [.net], "brutto": [.includingTax], "waren": [], "artikel": [.product], "produkt": [.product],
        "haupt": [], "unter": [], "mitglieder": [.card], "karten": [.card], "tiefst": [.lowest], "bar": [], "item": [.product],
        "product": [.product], "net": [.net], "unit": [.unitPrice], "sale": [.sale], "regular": [.regular],
    ]

    /// Whether a header's numbers date it (`MPC_020525`, `sidrena cijena na 2.5.2025`): a
    /// number of four digits or more, or two numbers or more.
    static func isDated(_ words: [String]) -> Bool {
        let numbers = words.filter { $0.allSatisfy(\.isNumber) }
        return numbers.contains { $0.count >= 4 } || numbers.count >= 2
    }

    /// Whether folded words name a loyalty card: a card word (`Clubcard`, `s karticom`,
    /// `Kundenkartenpreis`), or a scheme named `plus` after a word that names nothing else
    /// (`Lidl Plus`, not `price plus tax`).
    static func namesCard(_ words: [String]) -> Bool {
        for (index, word) in words.enumerated() {
            if concepts(of: word).contains(.card) { return true }
            if word == "plus", index > 0, concepts(of: words[index - 1]).isEmpty { return true }
        }
        return false
    }

    /// A cell's words, folded as header words are, split at everything but letters.
    static func cellWords(_ text: String) -> [String] {
        HeaderWords.fold(text).split { !$0.isLetter }.map(String.init)
    }

    /// Whether the words after a price only say that it is a loyalty card's (`£2.10 Clubcard
    /// Price`, `1,99 € s karticom`, `Lidl Plus Preis`): they name a card, and nothing but a
    /// card, a price or a scheme's own name (not `per kg`, `off`, `each`).
    static func isCardLabel(_ text: String) -> Bool {
        let words = cellWords(text)
        let allowed: Set<Concept> = [.card, .price, .current, .sale]
        let amountsOff: Set<String> = ["off", "save", "saving", "savings", "less", "minus", "extra", "x", "bonus", "points"]
        return namesCard(words) && words.allSatisfy { concepts(of: $0).isSubset(of: allowed) && !amountsOff.contains($0) }
    }

    /// Line totals among prices, as `ColumnLayout` has always read them.
    static func isLineTotal(_ words: [String]) -> Bool {
        words.contains { table[$0]?.contains(.total) == true }
    }
}

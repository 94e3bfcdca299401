/// The units per knows, with their exact sizes and the spellings of grocery exports in the
/// languages of Europe's published price lists and the big English-speaking markets (English,
/// German, Croatian, Slovenian, Serbian, Bosnian, Italian, French, Spanish, Portuguese, Dutch,
/// Polish, Czech, Slovak, Hungarian, Romanian, Lithuanian), and the common codes of UN/ECE
/// Recommendation 20 (Codes for Units of Measure Used in International Trade) that e-invoices
/// and EDI exports write: KGM, GRM, MGM, LBR, ONZ, LTR, MLT, CLT, DLT, OZA, OZI, PTL, PTI, QTL,
/// QTI, GLL, GLI, H87 (piece), C62 (one), EA, DZN. Only spellings that mean one thing: `bag`,
/// `box` or `tin` say nothing of how many items.
enum UnitCatalog {
    static let units: [UnitDefinition] = [
        // Mass, in grams.
        UnitDefinition(symbol: "mg", name: "milligram", dimension: .mass, factor: "0.001",
                       aliases: ["mgm", "milligram", "milligrams", "milligramme", "milligrammes", "miligramo", "miligramos"]),
        UnitDefinition(symbol: "g", name: "gram", dimension: .mass, factor: "1",
                       aliases: ["gr", "grs", "gm", "gms", "grm", "gram", "grams", "gramme", "grammes", "gramm",
                                 "gramo", "gramos", "grammi", "grami", "grama", "gramov", "gramy", "gramů", "gramas",
                                 "grame",
                                 "γ", "γρ", "γραμμάρια", "γραμμαρια", "γραμ",  // Greek (capitals carry no accents: ΚΙΛΟ)
                                 "г", "гр", "грам", "грама"]),  // Serbian Cyrillic, Bulgarian, Russian
        UnitDefinition(symbol: "dag", name: "decagram", dimension: .mass, factor: "10",
                       aliases: ["dkg", "dekagram", "dekagrama", "dekagramy", "dekagramů", "decagram", "decagrams"]),
        UnitDefinition(symbol: "kg", name: "kilogram", dimension: .mass, factor: "1000",
                       aliases: ["kgs", "kgm", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes",
                                 "kilogramm", "kilogramo", "kilogramos", "kilograma", "kilogrami", "kilogramów",
                                 "kilogramy", "kilogramů", "kilogramov", "kilogramas",
                                 "κιλό", "κιλο", "κιλα", "κιλά", "κγρ",  // Greek
                                 "кг", "килограм", "килограма"]),  // Serbian Cyrillic, Bulgarian, Russian
        UnitDefinition(symbol: "oz", name: "ounce (avoirdupois)", dimension: .mass, factor: "28.349523125",
                       aliases: ["ozs", "onz", "ounce", "ounces"]),
        UnitDefinition(symbol: "lb", name: "pound (avoirdupois)", dimension: .mass, factor: "453.59237",
                       aliases: ["lbs", "lbr", "pound", "pounds"]),
        // Volume, in millilitres.
        UnitDefinition(symbol: "ml", name: "millilitre", dimension: .volume, factor: "1",
                       aliases: ["mls", "mlt", "millilitre", "millilitres", "milliliter", "milliliters", "mililitro",
                                 "mililitros", "mililitara", "mililitar", "millilitri", "mililitrů", "mililitrov",
                                 "millilitro",
                                 "μλ",  // Greek
                                 "мл", "милилитар", "милилитра"]),  // Serbian Cyrillic, Bulgarian, Russian
        UnitDefinition(symbol: "cl", name: "centilitre", dimension: .volume, factor: "10",
                       aliases: ["clt", "centilitre", "centilitres", "centiliter", "centiliters", "centilitro", "centilitros"]),
        UnitDefinition(symbol: "dl", name: "decilitre", dimension: .volume, factor: "100",
                       aliases: ["dlt", "decilitre", "decilitres", "deciliter", "deciliters", "decilitro", "decilitros"]),
        UnitDefinition(symbol: "l", name: "litre", dimension: .volume, factor: "1000",
                       aliases: ["lt", "lts", "ltr", "ltrs", "litre", "litres", "liter", "liters", "litro", "litros",
                                 "litra", "litara", "litar", "litri", "litru", "litry", "litrů", "litrov", "litrów",
                                 "literek",
                                 "λτ", "λίτρο", "λιτρο", "λίτρα", "λιτρα", "λιτ",  // Greek
                                 "л", "лит", "литар", "литра", "литър"]),  // Serbian Cyrillic, Bulgarian, Russian
        UnitDefinition(symbol: "US fl oz", name: "US fluid ounce", dimension: .volume, factor: "29.5735295625",
                       aliases: ["us fluid ounce", "us fluid ounces", "us fl ozs", "oza"]),
        UnitDefinition(symbol: "US pt", name: "US liquid pint", dimension: .volume, factor: "473.176473",
                       aliases: ["us pint", "us pints", "ptl"]),
        UnitDefinition(symbol: "US qt", name: "US liquid quart", dimension: .volume, factor: "946.352946",
                       aliases: ["us quart", "us quarts", "qtl"]),
        UnitDefinition(symbol: "US gal", name: "US gallon", dimension: .volume, factor: "3785.411784",
                       aliases: ["us gallon", "us gallons", "gll"]),
        UnitDefinition(symbol: "imp fl oz", name: "imperial fluid ounce", dimension: .volume, factor: "28.4130625",
                       aliases: ["imp fluid ounce", "imp fluid ounces", "imperial fl oz", "imperial fluid ounce",
                                 "imperial fluid ounces", "uk fl oz", "ozi"]),
        UnitDefinition(symbol: "imp pt", name: "imperial pint", dimension: .volume, factor: "568.26125",
                       aliases: ["imp pint", "imp pints", "imperial pint", "imperial pints", "uk pint", "uk pints", "pti"]),
        UnitDefinition(symbol: "imp qt", name: "imperial quart", dimension: .volume, factor: "1136.5225",
                       aliases: ["imp quart", "imp quarts", "imperial quart", "imperial quarts", "uk quart", "qti"]),
        UnitDefinition(symbol: "imp gal", name: "imperial gallon", dimension: .volume, factor: "4546.09",
                       aliases: ["imp gallon", "imp gallons", "imperial gallon", "imperial gallons", "uk gallon",
                                 "uk gallons", "gli"]),
        // Count, in items.
        UnitDefinition(symbol: "each", name: "item", dimension: .count, factor: "1",
                       aliases: ["ea", "h87", "c62", "pc", "pcs", "piece", "pieces", "ct", "count", "item", "items", "unit", "units",
                                 "pk", "pack", "packs", "sheet", "sheets", "roll", "rolls",
                                 "stk", "stück", "stueck", "packung", "st", "blatt", "rolle", "rollen", "dose", "dosen",
                                 "flasche", "flaschen", "er",  // German (10er: a pack of ten)
                                 "kom", "ko", "komad", "komada", "komadi", "kut", "kutija", "pak", "pakiranje",  // Croatian, Bosnian, Serbian
                                 "kos", "kosov", "kosa",  // Slovenian
                                 "pç", "peça", "peças", "peca", "pecas", "unidade",  // Portuguese
                                 "szt", "sztuka", "sztuki", "sztuk", "opak", "opakowanie",  // Polish
                                 "ks", "kus", "kusy", "kusů", "kusov",  // Czech, Slovak
                                 "db", "darab", "csomag",  // Hungarian
                                 "buc", "bucata", "bucată", "bucati", "bucăți",  // Romanian
                                 "u", "ud", "uds", "un", "und", "unds", "unid", "unids", "unidad", "unidades",  // Spanish
                                 "stuk", "stuks",  // Dutch
                                 "pce", "pièce", "pièces", "unité", "unités", "unite", "unites",  // French
                                 "pz", "pezzo", "pezzi", "conf", "confezione", "confezioni", "cf",  // Italian
                                 "vnt", "vienetai", "vienetas",  // Lithuanian (receipts: 2,000 vnt.)
                                 "τεμ", "τεμάχιο", "τεμαχιο", "τεμάχια", "τεμαχια",  // Greek
                                 "ком", "комад", "комада", "шт", "бр"]),  // Serbian Cyrillic, Russian, Bulgarian
        UnitDefinition(symbol: "dozen", name: "dozen", dimension: .count, factor: "12",
                       aliases: ["doz", "dz", "dzn", "dozens", "docena", "docenas", "dutzend"]),
    ]

    /// Spellings that name the US or the imperial unit by the table's volume system:
    /// (spellings, US symbol, imperial symbol).
    static let systemSpellings: [([String], String, String)] = [
        (["fl oz", "floz", "fl ozs", "fluid ounce", "fluid ounces"], "US fl oz", "imp fl oz"),
        (["pt", "pts", "pint", "pints"], "US pt", "imp pt"),
        (["qt", "qts", "quart", "quarts"], "US qt", "imp qt"),
        (["gal", "gals", "gallon", "gallons"], "US gal", "imp gal"),
    ]
}

/// Our own exact unit table.
///
/// Foundation's `UnitMass` and `UnitVolume` on Linux carry about six significant digits (and a
/// wrong stone), so no factor comes from there: each is the legal definition, written out.
/// A spelling is matched after `UnitTable.normalize`: case folded, dots and spaces removed,
/// so `Fl. Oz.`, `fl oz` and `FLOZ` are one spelling.
public struct UnitTable: Sendable {
    public let units: [UnitDefinition]
    private let index: [String: Int]

    /// Builds a table; a spelling claimed by two units is a programming error.
    public init(_ units: [UnitDefinition]) {
        self.units = units
        var index: [String: Int] = [:]
        for (position, unit) in units.enumerated() {
            for spelling in unit.spellings {
                let key = Self.normalize(spelling)
                if let existing = index[key], existing != position {
                    preconditionFailure("unit spelling \(spelling) claimed by \(units[existing].symbol) and \(unit.symbol)")
                }
                index[key] = position
            }
        }
        self.index = index
    }

    /// The index of the unit a spelling names, if any.
    public func lookup(_ spelling: some StringProtocol) -> Int? {
        index[Self.normalize(spelling)]
    }

    public subscript(position: Int) -> UnitDefinition { units[position] }

    /// Case-folded, with dots and every kind of white space removed.
    public static func normalize(_ spelling: some StringProtocol) -> String {
        String(spelling.lowercased().unicodeScalars.filter { scalar in
            scalar != "." && !scalar.properties.isWhitespace
        }.map(Character.init))
    }

    /// The table every run starts from.
    public static let standard = UnitTable([
        // Mass, in grams.
        UnitDefinition(symbol: "mg", name: "milligram", dimension: .mass, factor: "0.001",
                       aliases: ["milligram", "milligrams", "milligramme", "milligrammes"]),
        UnitDefinition(symbol: "g", name: "gram", dimension: .mass, factor: "1",
                       aliases: ["gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"]),
        UnitDefinition(symbol: "kg", name: "kilogram", dimension: .mass, factor: "1000",
                       aliases: ["kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
        UnitDefinition(symbol: "oz", name: "ounce (avoirdupois)", dimension: .mass, factor: "28.349523125",
                       aliases: ["ozs", "ounce", "ounces"]),
        UnitDefinition(symbol: "lb", name: "pound (avoirdupois)", dimension: .mass, factor: "453.59237",
                       aliases: ["lbs", "pound", "pounds"]),
        // Volume, in millilitres.
        UnitDefinition(symbol: "ml", name: "millilitre", dimension: .volume, factor: "1",
                       aliases: ["mls", "millilitre", "millilitres", "milliliter", "milliliters"]),
        UnitDefinition(symbol: "cl", name: "centilitre", dimension: .volume, factor: "10",
                       aliases: ["centilitre", "centilitres", "centiliter", "centiliters"]),
        UnitDefinition(symbol: "dl", name: "decilitre", dimension: .volume, factor: "100",
                       aliases: ["decilitre", "decilitres", "deciliter", "deciliters"]),
        UnitDefinition(symbol: "l", name: "litre", dimension: .volume, factor: "1000",
                       aliases: ["lt", "ltr", "ltrs", "litre", "litres", "liter", "liters"]),
        UnitDefinition(symbol: "fl oz", name: "US fluid ounce", dimension: .volume, factor: "29.5735295625",
                       aliases: ["fl. oz.", "fl oz.", "floz", "fl ozs", "fluid ounce", "fluid ounces",
                                 "us fl oz", "us fluid ounce", "us fluid ounces"]),
        UnitDefinition(symbol: "pt", name: "US liquid pint", dimension: .volume, factor: "473.176473",
                       aliases: ["pint", "pints", "pts", "us pint", "us pints"]),
        UnitDefinition(symbol: "qt", name: "US liquid quart", dimension: .volume, factor: "946.352946",
                       aliases: ["quart", "quarts", "qts", "us quart", "us quarts"]),
        UnitDefinition(symbol: "gal", name: "US gallon", dimension: .volume, factor: "3785.411784",
                       aliases: ["gallon", "gallons", "gals", "us gallon", "us gallons"]),
        // Count, in items.
        UnitDefinition(symbol: "each", name: "item", dimension: .count, factor: "1",
                       aliases: ["ea", "pc", "pcs", "piece", "pieces", "ct", "count", "item", "items",
                                 "unit", "units"]),
        UnitDefinition(symbol: "dozen", name: "dozen", dimension: .count, factor: "12",
                       aliases: ["doz", "dz", "dozens"]),
    ])
}

/// One thing wrong with a row, said as a sentence a person can act on.
enum RowProblem: Hashable {
    enum Field: String {
        case quantity, price
    }

    case fieldCount(found: Int, expected: Int)
    case emptyName
    case nameNotUTF8
    case number(Field, text: String, failure: NumberReader.Failure)
    case notPositive(Field, text: String)
    case emptyUnit
    case unknownUnit(text: String)
    case unknownUnitInQuantity(unit: String, quantity: String)
    case noUnit(quantity: String)
    case noSizeInName
    case unknownUnitInName(unit: String)
    case zeroSizeInName
    case emptyList
    case listNotUTF8

    var sentence: String {
        switch self {
        case .fieldCount(let found, let expected):
            "the row has \(found) field\(found == 1 ? "" : "s") but the header has \(expected)"
        case .emptyName:
            "the name is empty"
        case .nameNotUTF8:
            "the name is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"
        case .number(let field, _, .empty):
            "the \(field.rawValue) is empty"
        case .number(let field, let text, .notANumber):
            "the \(field.rawValue) \(Self.quote(text)) is not a number"
        case .number(let field, let text, .negative):
            "the \(field.rawValue) \(Self.quote(text)) is negative"
        case .number(let field, let text, .tooManyDigits):
            "the \(field.rawValue) \(Self.quote(text)) has more than \(ExactDecimal.maxDigits) digits"
        case .number(let field, let text, .ambiguous):
            "the \(field.rawValue) \(Self.quote(text)) reads two ways (a decimal or a thousands separator); "
                + "say which with --decimal-mark"
        case .notPositive(.quantity, let text):
            "the quantity \(Self.quote(text)) is zero; a unit price needs a positive quantity"
        case .notPositive(.price, let text):
            "the price \(Self.quote(text)) is zero; a free item has no unit price to compare"
        case .emptyUnit:
            "the unit is empty"
        case .unknownUnit(let text):
            "the unit \(Self.quote(text)) is unknown (per units lists the known ones; --unit-alias adds one)"
        case .unknownUnitInQuantity(let unit, let quantity):
            "the unit \(Self.quote(unit)) in the quantity \(Self.quote(quantity)) is unknown (per units lists the known ones)"
        case .noUnit(let quantity):
            "the quantity \(Self.quote(quantity)) has no unit, and the file has no unit column"
        case .noSizeInName:
            "the name does not end with a size (such as 500 g or 6x330 ml)"
        case .unknownUnitInName(let unit):
            "the name does not end with a size: \(Self.quote(unit)) is not a unit"
        case .zeroSizeInName:
            "the size at the end of the name is zero"
        case .emptyList:
            "the list name is empty"
        case .listNotUTF8:
            "the list name is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"
        }
    }

    /// A value as it may be shown inside a sentence: quoted, control characters made visible,
    /// cut after 40 characters.
    static func quote(_ text: String) -> String {
        var shown = ""
        for (count, character) in text.enumerated() {
            if count == 40 {
                shown += "…"
                break
            }
            for scalar in character.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    shown += scalar.escaped(asASCII: true)
                } else if scalar == "\"" {
                    shown += "\\\""
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(shown)\""
    }
}

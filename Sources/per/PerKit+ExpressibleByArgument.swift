import ArgumentParser
import PerKit

// PerKit's choices as swift-argument-parser reads them, case-insensitively. --help and a bad
// value's error name the values (`allValueStrings`); the man page also says what each means
// (`allValueDescriptions`, through `ManualPage`). Here, not in PerKit, which does not depend on
// ArgumentParser.

/// What the man page has that --help has not: what each value of a choice means.
/// swift-argument-parser shows `allValueDescriptions` in --help too, a line a value (23 lines
/// in `per report --help`), so they are given only when the help is dumped for
/// generate-manual (`--experimental-dump-help`, which `Per.main()` sees).
enum ManualPage {
    nonisolated(unsafe) static var isBeingWritten = false

    /// `descriptions` for the man page, none for --help.
    static func values(_ descriptions: @autoclosure () -> [String: String]) -> [String: String] {
        isBeingWritten ? descriptions() : [:]
    }
}

/// `--encoding`: the names in `allCases`, and the other names `TextEncoding(name:)` knows
/// (`utf8`, `cp1250`, `latin1`, ...).
extension TextEncoding: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueDescriptions: [String: String] {
        ManualPage.values(Dictionary(uniqueKeysWithValues: allCases.map { encoding in
            let description = switch encoding {
            case .utf8: "Unicode"
            case .windows1250: "Windows, Central European"
            case .windows1252: "Windows, Western European"
            case .iso88591: "Latin-1, Western European"
            case .iso88592: "Latin-2, Central European"
            case .utf16: "Unicode, 16 bits, with its byte-order mark"
            }
            return (encoding.rawValue, description)
        }))
    }
}

/// `--volume-system us|imperial`.
extension VolumeSystem: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueDescriptions: [String: String] {
        ManualPage.values(["us": "US fluid ounces, pints, quarts and gallons", "imperial": "British (imperial) ones"])
    }
}

/// `--decimal-mark point|comma`, or the mark itself (`.`, `,`), or `dot`.
extension NumberReader.Mark: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "point", ".", "dot": self = .point
        case "comma", ",": self = .comma
        default: return nil
        }
    }

    // Named, not the byte that is the raw value.
    public var defaultValueDescription: String { self == .point ? "point" : "comma" }

    public static var allValueStrings: [String] { allCases.map(\.defaultValueDescription) }

    public static var allValueDescriptions: [String: String] { ManualPage.values(["point": ". (or dot), as in 2.49", "comma": ", as in 2,49"]) }
}

/// `--escape double|backslash`.
extension CSVDialect.Escape: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "doubled" ? "double" : argument.lowercased())
    }

    public static var allValueDescriptions: [String: String] {
        ManualPage.values(["double": "a quote in a quoted field is doubled (\"\"), as RFC 4180 writes it",
                           "backslash": "a quote in a quoted field follows a backslash (\\\"), as MySQL and PHP export"])
    }
}

/// A file or directory named on the command line, its bytes as given (`Per.main()` hands the
/// parser arguments as `PathName.argumentText`).
extension PathName: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argumentText: argument)
    }
}

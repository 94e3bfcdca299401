import ArgumentParser
import PerKit

// PerKit's choices as swift-argument-parser reads them, case-insensitively. Each value has a
// description, so that --help and the man page list the values, and a bad value is told them.
// Here, not in PerKit, which does not depend on ArgumentParser.

/// `--encoding`: the names in `allCases`, and the other names `TextEncoding(name:)` knows
/// (`utf8`, `cp1250`, `latin1`, ...).
extension TextEncoding: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { encoding in
            let description = switch encoding {
            case .utf8: "Unicode"
            case .windows1250: "Windows, Central European"
            case .windows1252: "Windows, Western European"
            case .iso88591: "Latin-1, Western European"
            case .iso88592: "Latin-2, Central European"
            }
            return (encoding.rawValue, description)
        })
    }
}

/// `--volume-system us|imperial`.
extension VolumeSystem: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueDescriptions: [String: String] {
        ["us": "US fluid ounces, pints, quarts and gallons", "imperial": "British (imperial) ones"]
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

    public static var allValueDescriptions: [String: String] { ["point": ". (or dot), as in 2.49", "comma": ", as in 2,49"] }
}

/// `--escape double|backslash`.
extension CSVDialect.Escape: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "doubled" ? "double" : argument.lowercased())
    }

    public static var allValueDescriptions: [String: String] {
        ["double": "a quote in a quoted field is doubled (\"\"), as RFC 4180 writes it",
         "backslash": "a quote in a quoted field follows a backslash (\\\"), as MySQL and PHP export"]
    }
}

/// A file or directory named on the command line, its bytes as given (`Per.main()` hands the
/// parser arguments as `PathName.argumentText`).
extension PathName: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argumentText: argument)
    }
}

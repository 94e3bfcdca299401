import ArgumentParser
import PerKit

// PerKit's choices as swift-argument-parser reads them, case-insensitively, with the values
// a bad one is told to use. Here, not in PerKit, which does not depend on ArgumentParser.

/// `--encoding`: the names in `allCases`, and the other names `TextEncoding(name:)` knows
/// (`utf8`, `cp1250`, `latin1`, ...).
extension TextEncoding: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }
}

/// `--volume-system us|imperial`.
extension VolumeSystem: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
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

    public static var allValueDescriptions: [String: String] { [:] }
}

import ArgumentParser

/// `--delimiter`: the four delimiters per reads, by character (`,` `;` `|`, a tab) or by name.
enum Delimiter: String, CaseIterable, ExpressibleByArgument {
    case comma, semicolon, tab, pipe

    init?(argument: String) {
        switch argument.lowercased() {
        case ",", "comma": self = .comma
        case ";", "semicolon": self = .semicolon
        case "\t", "\\t", "tab": self = .tab
        case "|", "pipe": self = .pipe
        default: return nil
        }
    }

    static var allValueDescriptions: [String: String] {
        ManualPage.values(["comma": ",", "semicolon": ";", "tab": "a tab character", "pipe": "|"])
    }

    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: UInt8(ascii: "\t")
        case .pipe: UInt8(ascii: "|")
        }
    }
}

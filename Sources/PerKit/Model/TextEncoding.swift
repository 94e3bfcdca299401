/// The character encodings per reads. Everything else in per works on UTF-8; files in the
/// others are converted as they are read.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case windows1250 = "windows-1250"
    case windows1252 = "windows-1252"
    case iso88591 = "iso-8859-1"
    case iso88592 = "iso-8859-2"
    /// UTF-16 with its byte-order mark (Excel's "Unicode text"), which says its byte order.
    case utf16 = "utf-16"

    /// Accepts the usual other names (`utf8`, `cp1250`, `latin1`, `latin2`), in any case.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        switch key {
        case "utf-8", "utf8": self = .utf8
        case "windows-1250", "cp1250", "win1250": self = .windows1250
        case "windows-1252", "cp1252", "win1252": self = .windows1252
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1": self = .iso88591
        case "iso-8859-2", "iso8859-2", "latin2", "latin-2": self = .iso88592
        case "utf-16", "utf16": self = .utf16
        default: return nil
        }
    }

    /// The name glibc's iconv knows it by.
    var iconvName: String {
        switch self {
        case .utf8: "UTF-8"
        case .windows1250: "CP1250"
        case .windows1252: "CP1252"
        case .iso88591: "ISO-8859-1"
        case .iso88592: "ISO-8859-2"
        case .utf16: "UTF-16"
        }
    }
}

/// Our own exact unit table.
///
/// Foundation's `UnitMass` and `UnitVolume` on Linux carry about six significant digits (and a
/// wrong stone), so no factor comes from there: each is the legal definition, written out.
/// A spelling is matched after `UnitTable.normalize`: case folded, dots and spaces removed,
/// so `Fl. Oz.`, `fl oz` and `FLOZ` are one spelling.
///
/// `fl oz`, `pint`, `quart` and `gallon` without `US` or `imp` mean the US units unless the
/// table is built for the imperial system.
public struct UnitTable: Sendable {
    public let units: [UnitDefinition]
    public let volumeSystem: VolumeSystem
    /// Spellings a user added (`--unit-alias`), as written, with the unit each names.
    public let userAliases: [(spelling: String, unit: Int)]
    private let index: [String: Int]

    /// Builds the standard table for a volume system, plus the user's aliases
    /// (spelling → an existing unit's spelling), which take precedence over built-in ones.
    public init(volumeSystem: VolumeSystem = .us, aliases: [(String, String)] = []) throws(UnitTableError) {
        let units = UnitCatalog.units
        var index: [String: Int] = [:]
        for (position, unit) in units.enumerated() {
            for spelling in unit.spellings { index[Self.normalize(spelling)] = position }
        }
        for (spellings, us, imperial) in UnitCatalog.systemSpellings {
            let symbol = volumeSystem == .us ? us : imperial
            let position = units.firstIndex { $0.symbol == symbol }!
            for spelling in spellings { index[Self.normalize(spelling)] = position }
        }
        var userAliases: [(String, Int)] = []
        for (alias, target) in aliases {
            guard let position = index[Self.normalize(target)] else {
                throw .unknownTarget(alias: alias, unit: target)
            }
            guard !Self.normalize(alias).isEmpty else { throw .emptyAlias(unit: target) }
            index[Self.normalize(alias)] = position
            userAliases.append((alias, position))
        }
        self.units = units
        self.volumeSystem = volumeSystem
        self.userAliases = userAliases
        self.index = index
    }

    /// The table with no user aliases and US volumes.
    public static let standard = try! UnitTable()

    /// An amount of a unit as a user or a cell names it (`100g`, `100 ml`, `lb`, `1KG`): an
    /// optional positive amount (digits and a point) and a spelling of the table, with the two
    /// as written; nil when it is not one.
    public func amount(_ text: String) -> (amount: ExactDecimal, writtenAmount: String, writtenUnit: String, unit: Int)? {
        let trimmed = text.trimmingSpaces
        let amountText = String(trimmed.prefix { $0.isNumber || $0 == "." })
        let unitText = String(trimmed.dropFirst(amountText.count)).trimmingSpaces
        guard let unit = lookup(unitText) else { return nil }
        var amount = ExactDecimal(significand: 1, scale: 0)
        if !amountText.isEmpty {
            var bytes = Array(amountText.utf8)
            let reading = bytes.withUnsafeMutableBufferPointer { NumberReader.plain.read(UnsafeBufferPointer($0)) }
            guard case .success(let value) = reading, !value.value.isZero else { return nil }
            amount = value.value
        }
        return (amount, amountText, unitText, unit)
    }

    /// The index of the unit a spelling names, if any.
    public func lookup(_ spelling: some StringProtocol) -> Int? {
        index[Self.normalize(spelling)]
    }

    public subscript(position: Int) -> UnitDefinition { units[position] }

    /// Every spelling that names the unit at `position` in this table, symbol first.
    public func spellings(of position: Int) -> [String] {
        var spellings = units[position].spellings
        for (bare, us, imperial) in UnitCatalog.systemSpellings
        where units[position].symbol == (volumeSystem == .us ? us : imperial) {
            spellings += bare
        }
        spellings += userAliases.filter { $0.unit == position }.map(\.spelling)
        // A user alias may have taken a built-in spelling away from this unit.
        return spellings.filter { lookup($0) == position }
    }

    /// Case-folded, with dots and every kind of white space removed.
    public static func normalize(_ spelling: some StringProtocol) -> String {
        // ASCII (nearly every spelling) byte by byte: the same result without Unicode tables.
        var ascii = ""
        for byte in spelling.utf8 {
            switch byte {
            case 0x80...: return String(String.UnicodeScalarView(spelling.lowercased().unicodeScalars.filter { scalar in
                scalar != "." && !scalar.properties.isWhitespace
            }))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): ascii.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
            case UInt8(ascii: "."), Byte.space, 0x09...0x0D: continue
            default: ascii.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return ascii
    }
}

/// Which gallon a bare `gallon` is.
public enum VolumeSystem: String, CaseIterable, Sendable {
    case us
    case imperial
}

public enum UnitTableError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTarget(alias: String, unit: String)
    case emptyAlias(unit: String)

    public var description: String {
        switch self {
        case .unknownTarget(let alias, let unit):
            "--unit-alias \(alias)=\(unit): \"\(unit)\" is not a unit per knows (per units lists them)"
        case .emptyAlias(let unit):
            "--unit-alias =\(unit): the alias is empty"
        }
    }
}

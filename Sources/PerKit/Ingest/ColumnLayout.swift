/// Where the fields per reads sit in a file's records, found from its header.
public struct ColumnLayout: Hashable, Sendable {
    /// The fields per reads, by the header name that selects each.
    public enum Field: String, CaseIterable, Sendable {
        case list, name, quantity, unit, price
    }

    public var name: Int
    public var quantity: Int
    public var unit: Int
    public var price: Int
    /// Absent when every row of the file belongs to the file's own list.
    public var list: Int?
    /// How many fields the header has, and so every row must have.
    public var fieldCount: Int

    public static let required: [Field] = [.name, .quantity, .unit, .price]

    /// Maps header names, matched case-insensitively after trimming spaces, to fields.
    /// Columns with other names are ignored.
    public init(header: [String], file: String) throws {
        var found: [Field: Int] = [:]
        for (index, title) in header.enumerated() {
            guard let field = Field(rawValue: Self.key(title)) else { continue }
            if let first = found[field] {
                throw InputError(file: file, line: 1, .duplicateColumn(name: field.rawValue, first: first + 1, second: index + 1))
            }
            found[field] = index
        }
        let missing = Self.required.filter { found[$0] == nil }
        guard missing.isEmpty, let name = found[.name], let quantity = found[.quantity],
              let unit = found[.unit], let price = found[.price]
        else {
            throw InputError(file: file, line: 1, .missingColumns(
                missing: missing.map(\.rawValue),
                found: header.map { $0.trimmingSpaces }.filter { !$0.isEmpty }))
        }
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.price = price
        self.list = found[.list]
        self.fieldCount = header.count
    }

    static func key(_ title: String) -> String {
        title.trimmingSpaces.lowercased()
    }
}

extension String {
    /// Without leading and trailing white space (including no-break spaces).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

import BigInt
import Foundation

/// What a report says, as `per diff` compares it: per list, its basis and its products with
/// their ranks and unit prices as a report prints them (four decimals per kg, l or each).
/// Made from price sheets (ranked as `per report` ranks them) or read back from a JSON report.
public struct Snapshot: Sendable {
    public struct PricedList: Sendable {
        public var name: String
        /// The basis as printed (`kg`, `100 g`).
        public var per: String
        /// What the basis is worth, when that is known without doubt: `kg` and `1 kg` are one
        /// basis, whatever the label.
        public var basis: BasisValue?
        /// The currency its prices state (`EUR`), when they state one.
        public var currency: String?
        public var products: [PricedProduct]
    }

    /// A basis by value: its dimension and its size in the dimension's base unit (g, ml, each).
    public struct BasisValue: Equatable, Sendable {
        public var dimension: Dimension
        public var factor: ExactDecimal

        public init(dimension: Dimension, factor: ExactDecimal) {
            self.dimension = dimension
            self.factor = factor
        }

        /// Equal sizes are equal however written (`1000` and `1000.0`).
        public static func == (a: BasisValue, b: BasisValue) -> Bool {
            a.dimension == b.dimension && a.factor.compareValue(b.factor) == 0
        }

        /// A basis as a report prints it, read with the unit table; nil when its worth depends
        /// on what the report was written with (`fl oz`, `gal`: US or imperial) or it names no
        /// unit of the table (an alias).
        public init?(label: String) {
            guard let us = ReportBasis.parse(label, units: .standard),
                  let imperial = ReportBasis.parse(label, units: Self.imperial) else { return nil }
            let value = BasisValue(dimension: us.dimension, factor: us.basis.factor)
            guard value == BasisValue(dimension: imperial.dimension, factor: imperial.basis.factor) else { return nil }
            self = value
        }

        private static let imperial = try! UnitTable(volumeSystem: .imperial)
    }

    public struct PricedProduct: Sendable {
        public var name: String
        /// The size as printed (`500 g`): with the name, what matches a product across weeks.
        public var size: String
        public var rank: Int
        /// Unit price × 10^4 per the list's basis, as reports print it.
        public var unitPrice: WideInteger
        /// The exact unit price per the list's basis as numerator and denominator, when the
        /// snapshot comes from a price sheet; nil from a JSON report.
        public var exact: (numerator: BigUInt, denominator: BigUInt)?
        public var best: Bool
    }

    /// Lists by name, byte for byte.
    public var lists: [ExactText: PricedList]

    /// The decimals unit prices are compared at: what CSV and JSON reports print.
    public static let decimals = ReportPrecision.unitPrice

    public init(_ report: RankedReport) {
        var lists: [ExactText: Snapshot.PricedList] = [:]
        for list in report.lists {
            let products = Array(report.entries(of: list)).map { entry -> PricedProduct in
                PricedProduct(name: entry.name, size: "\(entry.quantity.text) \(entry.unit)", rank: entry.rank,
                               unitPrice: entry.unitPrice(decimals: Self.decimals), exact: entry.exactUnitPrice(), best: entry.isBest)
            }
            lists[ExactText(list.name)] = PricedList(name: list.name, per: list.basis.symbol,
                                                     basis: BasisValue(dimension: list.dimension, factor: list.basis.factor),
                                                     currency: list.currency?.code, products: products)
        }
        self.lists = lists
    }

    /// Reads a JSON report written by `per report --format json` (schema version 1). Unit prices
    /// come back as the four-decimal numbers the report prints, read as decimals from the text
    /// (`ReportJSONReader`).
    public init(json bytes: [UInt8], file: String) throws(SnapshotError) {
        var lists: [ExactText: PricedList] = [:]
        for list in try ReportJSONReader.read(bytes, file: file) { lists[ExactText(list.name)] = list }
        self.lists = lists
    }
}

public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}

import BigInt
import Foundation

/// What a report says, as `per diff` compares it: per list, its basis and its products with
/// their ranks and unit prices as a report prints them (four decimals per kg, l or each).
/// Made from price sheets (ranked as `per report` ranks them) or read back from a JSON report.
public struct Snapshot: Sendable {
    public struct PricedList: Sendable {
        public var name: String
        public var per: String
        public var products: [PricedProduct]
    }

    public struct PricedProduct: Sendable {
        public var name: String
        /// The size as printed (`500 g`): with the name, what matches a product across weeks.
        public var size: String
        public var rank: Int
        /// Unit price × 10^4 per the list's basis, as reports print it.
        public var unitPrice: UInt128
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
                let price: UInt128
                switch entry.unitPrice(decimals: Self.decimals) {
                case .small(let value): price = value
                case .big: price = .max  // beyond 10^34 per unit: not compared
                }
                return PricedProduct(name: entry.name, size: "\(entry.quantity.text) \(entry.unit)", rank: entry.rank,
                               unitPrice: price, exact: entry.exactUnitPrice(), best: entry.isBest)
            }
            lists[ExactText(list.name)] = PricedList(name: list.name, per: list.basis.symbol, products: products)
        }
        self.lists = lists
    }

    /// Reads a JSON report written by `per report --format json` (schema version 1). Unit prices
    /// come back as the four-decimal numbers the report prints, decoded as decimals (not through
    /// binary floating point).
    public init(json data: Data, file: String) throws(SnapshotError) {
        struct Report: Decodable {
            var schema_version: Int
            var lists: [ListRecord]
        }
        struct ListRecord: Decodable {
            var name: String
            var per: String
            var products: [ProductRecord]
        }
        struct ProductRecord: Decodable {
            var name: String
            var rank: Int
            var quantity: Decimal
            var unit: String
            var unit_price: Decimal
            var best: Bool
        }
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw SnapshotError(file: file, problem: "is not a JSON report of per (schema version 1)")
        }
        guard report.schema_version == 1 else {
            throw SnapshotError(file: file, problem: "is a JSON report of schema version \(report.schema_version); per reads 1")
        }
        var lists: [ExactText: Snapshot.PricedList] = [:]
        for list in report.lists {
            var products: [Snapshot.PricedProduct] = []
            for product in list.products {
                guard let price = Self.fourDecimals(product.unit_price) else {
                    throw SnapshotError(file: file, problem: "has a unit_price with more than four decimals in \"\(list.name)\"")
                }
                products.append(Snapshot.PricedProduct(name: product.name, size: "\(product.quantity) \(product.unit)", rank: product.rank,
                                                 unitPrice: price, exact: nil, best: product.best))
            }
            lists[ExactText(list.name)] = Snapshot.PricedList(name: list.name, per: list.per, products: products)
        }
        self.lists = lists
    }
}

extension Snapshot {
    /// A decimal as an integer of ten-thousandths; nil beyond four decimals. Beyond 128 bits
    /// `UInt128.max`: not compared, as a sheet's unit price beyond 10^34 is not (`init(_:)`).
    static func fourDecimals(_ number: Decimal) -> UInt128? {
        let text = "\(number)"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 4 else { return nil }
        var value: UInt128 = 0
        for digit in Array(whole.utf8) + Array(fraction.utf8) + Array(repeating: UInt8(ascii: "0"), count: 4 - fraction.count) {
            guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt128(digit - UInt8(ascii: "0")))
            guard !overflow && !carry else { return .max }
            value = sum
        }
        return value
    }
}
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}

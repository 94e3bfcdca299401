import Foundation

/// What a report says, as `per diff` compares it: per list, its basis and its products with
/// their ranks and unit prices as a report prints them (four decimals per kg, l or each).
/// Made from price sheets (ranked as `per report` ranks them) or read back from a JSON report.
public struct Snapshot: Sendable {
    public struct List: Sendable {
        public var name: String
        public var per: String
        public var products: [Product]
    }

    public struct Product: Sendable {
        public var name: String
        public var rank: Int
        /// Unit price × 10^4, per the list's basis.
        public var unitPrice: UInt128
        public var best: Bool
    }

    /// Lists by name.
    public var lists: [String: List]

    /// The decimals unit prices are compared at: what CSV and JSON reports print.
    public static let decimals = ReportPrecision.unitPrice

    public init(_ report: RankedReport) {
        var lists: [String: List] = [:]
        for list in report.lists {
            let products = Array(report.entries(of: list)).map { entry -> Product in
                let price: UInt128
                switch entry.unitPrice(decimals: Self.decimals) {
                case .small(let value): price = value
                case .big: price = .max  // beyond 10^34 per unit: not compared
                }
                return Product(name: entry.name, rank: entry.rank, unitPrice: price, best: entry.isBest)
            }
            lists[list.name] = List(name: list.name, per: list.basis.symbol, products: products)
        }
        self.lists = lists
    }

    /// Reads a JSON report written by `per report --format json` (schema version 1). Unit prices
    /// come back to their four decimals; values of 10^11 or more per unit may lose a digit.
    public init(json data: Data, file: String) throws(SnapshotError) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["schema_version"] as? Int == 1, let lists = object["lists"] as? [[String: Any]]
        else { throw SnapshotError(file: file, problem: "is not a JSON report of per (schema version 1)") }
        var result: [String: List] = [:]
        for list in lists {
            guard let name = list["name"] as? String, let per = list["per"] as? String,
                  let products = list["products"] as? [[String: Any]]
            else { throw SnapshotError(file: file, problem: "has a list without name, per or products") }
            var parsed: [Product] = []
            for product in products {
                guard let productName = product["name"] as? String, let rank = product["rank"] as? Int,
                      let price = (product["unit_price"] as? NSNumber)?.doubleValue, price >= 0, price < 1e30,
                      let best = product["best"] as? Bool
                else { throw SnapshotError(file: file, problem: "has a product without name, rank, unit_price or best in \"\(name)\"") }
                parsed.append(Product(name: productName, rank: rank, unitPrice: UInt128((price * 10_000).rounded()), best: best))
            }
            result[name] = List(name: name, per: per, products: parsed)
        }
        self.lists = result
    }
}

public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}

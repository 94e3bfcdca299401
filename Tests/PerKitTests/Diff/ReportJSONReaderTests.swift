@testable import PerKit
import Testing

/// JSON reports read back: every value as written, and every problem with its line, column,
/// place and reason.
@Suite struct ReportJSONReaderTests {
    static func report(_ lists: String, version: String = "1") -> String {
        "{\n  \"schema_version\": \(version),\n  \"lists\": [\(lists)\n  ]\n}\n"
    }

    static let milk = #"{"name": "Milk", "per": "l", "products": [{"rank": 1, "name": "Whole", "quantity": 1.50, "unit": "l", "unit_price": 1.1900, "best": true, "flags": ["x", {"y": [null, -1.5e-3]}]}]}"#

    func read(_ text: String) throws(SnapshotError) -> Snapshot {
        try Snapshot(json: Array(text.utf8), file: "r.json")
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesAreReadAsWritten() throws {
        let snapshot = try read(Self.report(Self.milk))
        let product = try #require(snapshot.list("Milk").map(snapshot.products)?.first)
        #expect(product.name == "Whole" && product.size == "1.50 l" && product.rank == 1 && product.unitPrice == .small(11900) && product.best)
        #expect(snapshot.list("Milk")?.per == "l")
    }

    @Test func escapesAndNumbersAreDecodedExactly() throws {
        let named = Self.report(#"{"name": "Caf\u00e9 \ud83d\ude00 \"A\"\\\/\t", "per": "kg", "products": [{"name": "x", "rank": 1, "quantity": 5e2, "unit": "g", "unit_price": 12E-1, "best": false}]}"#)
        let snapshot = try read(named)
        let list = try #require(snapshot.lists.first)
        #expect(list.name == "Café 😀 \"A\"\\/\t")
        #expect(snapshot.products(of: list).first?.size == "500 g")
        #expect(snapshot.products(of: list).first?.unitPrice == .small(12000))
        // A size keeps the decimals it is written with, as a sheet's does (`1.2300 g`), with an exponent applied.
        let sized = try read(Self.report(#"{"name": "A", "per": "kg", "products": [{"name": "x", "rank": 1, "quantity": 12300e-4, "unit": "g", "unit_price": 5e-3, "best": false}]}"#))
        #expect(sized.lists.first.map(sized.products)?.first?.size == "1.2300 g")
        #expect(sized.lists.first.map(sized.products)?.first?.unitPrice == .small(50))
    }

    static let cases: [(text: String, problem: String)] = {
        let milk = ReportJSONReaderTests.milk
        let report = { (lists: String) in ReportJSONReaderTests.report(lists) }
        var cases: [(text: String, problem: String)] = []
        // Syntax, with the line and column of the problem.
        cases.append((report(milk).replacingOccurrences(of: "\"best\": true", with: "\"best\": tru"), "r.json:3:145: lists[0].products[0].best: expected true or false, found \"tru\", which is no JSON"))
        cases.append((report(milk) + "x", "r.json:6:1: there is more after the report's closing }"))
        cases.append((String(report(milk).dropLast(4)), "r.json:4:3: lists: the report ends in the middle"))
        cases.append((report(milk).replacingOccurrences(of: "1.1900", with: "01.19"), "r.json:3:129: lists[0].products[0].unit_price: the number is not written as JSON writes numbers"))
        // Keys and values per's schema needs.
        cases.append((report(milk).replacingOccurrences(of: "\"unit\": \"l\", ", with: ""), "r.json:3:55: lists[0].products[0]: the product has no \"unit\""))
        cases.append((report(milk).replacingOccurrences(of: "\"rank\": 1", with: "\"rank\": \"1\""), "r.json:3:64: lists[0].products[0].rank: expected a number, found a string"))
        cases.append((report(milk).replacingOccurrences(of: "1.1900", with: "1.19001"), "r.json:3:128: lists[0].products[0].unit_price: the unit price has more than 4 decimals, which per never writes"))
        cases.append((report(milk).replacingOccurrences(of: "1.1900", with: "-1.19"), "r.json:3:128: lists[0].products[0].unit_price: a unit price is never negative"))
        // What would read two ways.
        cases.append((report(milk).replacingOccurrences(of: "\"per\": \"l\"", with: "\"per\": \"l\", \"per\": \"kg\""), "r.json:3:42: lists[0].per: the key \"per\" is in this object twice; which one is meant cannot be told"))
        cases.append((report(milk + ",\n" + milk), "r.json:4:1: lists[1]: the list \"Milk\" is in the report twice (lists[0] and lists[1]); a report has each list once"))
        // Other reports.
        cases.append((ReportJSONReaderTests.report(milk, version: "2").replacingOccurrences(of: "\"products\"", with: "\"items\""), "r.json: is a JSON report of schema version 2; this per reads version 1"))
        cases.append(("{\"lists\": []}", "r.json: has no \"schema_version\": it is no JSON report of per"))
        cases.append((String(repeating: "[", count: 600), "r.json:1:1: expected an object, found an array"))
        return cases
    }()

    @Test(arguments: cases)
    func problemsSayWhereAndWhy(text: String, problem expected: String) {
        #expect(problem(text) == expected)
    }

    @Test func nestingIsBoundedNotRecursedWithoutEnd() {
        let deep = "{\"schema_version\": 1, \"x\": " + String(repeating: "[", count: 100_000)
        #expect(problem(deep)?.hasSuffix(": the report nests deeper than 512 levels") == true)
        #expect(problem(String(repeating: "[", count: 600)) == "r.json:1:1: expected an object, found an array")
    }

    @Test func aStringThatIsNoUTF8IsRefused() {
        var bytes = Array(Self.report(Self.milk).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "W"))!
        bytes[at] = 0xFF
        #expect(throws: SnapshotError.self) { try Snapshot(json: bytes, file: "r.json") }
    }
}

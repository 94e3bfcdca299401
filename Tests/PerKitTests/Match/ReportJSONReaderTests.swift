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

    /// A string past a sheet's field limit (1 MiB) is refused where it starts, plain or escaped,
    /// before it costs gigabytes (a report with a 1.1 GB name took 4.3 GB, then died).
    @Test func aStringPastTheFieldLimitIsRefused() {
        let long = String(repeating: "n", count: (1 << 20) + 1)
        let plain = Self.report(#"{"name": "Milk", "per": "l", "products": [{"rank": 1, "name": "\#(long)", "quantity": 1, "unit": "l", "unit_price": 1, "best": true}]}"#)
        #expect(problem(plain)?.contains("a string is longer than 1048576 bytes, the limit of a field") == true)
        let escaped = Self.report(#"{"name": "Milk", "per": "l", "products": [{"rank": 1, "name": "\n\#(long)", "quantity": 1, "unit": "l", "unit_price": 1, "best": true}]}"#)
        #expect(problem(escaped)?.contains("a string is longer than 1048576 bytes") == true)
        let short = Self.report(#"{"name": "Milk", "per": "l", "products": [{"rank": 1, "name": "\#(String(long.dropLast(2)))", "quantity": 1, "unit": "l", "unit_price": 1, "best": true}]}"#)
        #expect(problem(short) == nil)
    }

    @Test func valuesAreReadAsWritten() throws {
        let snapshot = try read(Self.report(Self.milk))
        let product = try #require(snapshot.list("Milk").map(snapshot.products)?.first)
        #expect(product.name == "Whole" && product.size == "1.50 l" && product.rank == 1 && product.unitPrice == .small(1_190_000_000_000) && product.best)
        #expect(snapshot.list("Milk")?.per == "l")
    }

    @Test func escapesAndNumbersAreDecodedExactly() throws {
        let named = Self.report(#"{"name": "Caf\u00e9 \ud83d\ude00 \"A\"\\\/\t", "per": "kg", "products": [{"name": "x", "rank": 1, "quantity": 5e2, "unit": "g", "unit_price": 12E-1, "best": false}]}"#)
        let snapshot = try read(named)
        let list = try #require(snapshot.lists.first)
        #expect(list.name == "Café 😀 \"A\"\\/\t")
        #expect(snapshot.products(of: list).first?.size == "500 g")
        #expect(snapshot.products(of: list).first?.unitPrice == .small(1_200_000_000_000))
        // A size keeps the decimals it is written with, as a sheet's does (`1.2300 g`), with an exponent applied.
        let sized = try read(Self.report(#"{"name": "A", "per": "kg", "products": [{"name": "x", "rank": 1, "quantity": 12300e-4, "unit": "g", "unit_price": 5e-3, "best": false}]}"#))
        #expect(sized.lists.first.map(sized.products)?.first?.size == "1.2300 g")
        #expect(sized.lists.first.map(sized.products)?.first?.unitPrice == .small(5_000_000_000))
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
        cases.append((report(milk).replacingOccurrences(of: "1.1900", with: "1.1900000000001"), "r.json:3:128: lists[0].products[0].unit_price: the unit price has more than 12 decimals, which per never writes"))
        cases.append((report(milk).replacingOccurrences(of: "1.1900", with: "-1.19"), "r.json:3:128: lists[0].products[0].unit_price: a unit price is never negative"))
        // What would read two ways.
        cases.append((report(milk).replacingOccurrences(of: "\"per\": \"l\"", with: "\"per\": \"l\", \"per\": \"kg\""), "r.json:3:42: lists[0].per: the key \"per\" is in this object twice; which one is meant cannot be told"))
        cases.append((report(milk + ",\n" + milk), "r.json:4:1: lists[1]: the list \"Milk\" is in the report twice (lists[0] and lists[1]); a report has each list once"))
        // Other reports.
        cases.append((ReportJSONReaderTests.report(milk, version: "3").replacingOccurrences(of: "\"products\"", with: "\"items\""), "r.json: is a JSON report of schema version 3; this per reads versions 1 and 2"))
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

/// The reader tells a member's key by comparing its bytes with the key at the same place in
/// the object before (per writes every product alike): products written otherwise (members in
/// another order, other blanks, escaped keys, keys it does not know) read as the general path
/// reads them, and problems are named as before.
@Suite struct ReportJSONLayoutTests {
    /// A report of three lists written by per, its products' members one a line.
    static func written() throws -> String {
        var csv = "list,name,quantity,unit,price\n"
        for list in 0..<3 {
            for product in 0..<6 { csv += "L\(list),Item \(product),\(100 + product * 37),g,\(product + 1).\(list)9\n" }
        }
        return try Sheets.write(try Sheets.rank(csv), .json)
    }

    func products(_ text: String) throws -> [String] {
        let snapshot = try Snapshot(json: Array(text.utf8), file: "r.json")
        return snapshot.lists.flatMap { list in
            snapshot.products(of: list).map { "\(list.name) \(list.per) \($0.rank) \($0.name) \($0.size) \($0.unitPrice) \($0.best)" }
        }
    }

    /// The `index`th product's text replaced by `change` of it.
    func changing(_ text: String, product index: Int, _ change: (String) -> String) -> String {
        let parts = text.components(separatedBy: "\n        {\n")
        var changed = parts
        let body = parts[index + 1]
        let end = body.range(of: "\n        }")!.lowerBound
        changed[index + 1] = change(String(body[..<end])) + body[end...]
        return changed.joined(separator: "\n        {\n")
    }

    @Test func productsWrittenOtherwiseReadAlike() throws {
        let text = try Self.written()
        let expected = try products(text)
        #expect(expected.count == 18)
        let members = { (product: String) in product.components(separatedBy: ",\n") }
        let variants: [(String) -> String] = [
            // Members in another order.
            { members($0).reversed().joined(separator: ",\n") },
            { let m = members($0); return ([m[1], m[0]] + m[2...]).joined(separator: ",\n") },
            // Other blanks, none, or tabs.
            { members($0).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",") },
            { $0.replacingOccurrences(of: "\": ", with: "\"  :\t") },
            { members($0).joined(separator: " ,\n") },
            // Keys with escapes, keys per does not know.
            { $0.replacingOccurrences(of: "\"rank\"", with: "\"r\\u0061nk\"").replacingOccurrences(of: "\"unit\"", with: "\"\\u0075nit\"") },
            { $0.replacingOccurrences(of: "\"name\"", with: "\"other\": [1, {\"name\": 2}],\n          \"name\"") },
            { $0.replacingOccurrences(of: "\"rank\"", with: "\"ranked\": 9, \"rank\"") },
        ]
        for (number, variant) in variants.enumerated() {
            // The first product, one in the middle (after products read alike), and every product.
            for index in [0, 7] {
                #expect(try products(changing(text, product: index, variant)) == expected, "variant \(number), product \(index)")
            }
            var all = text
            for index in 0..<18 { all = changing(all, product: index, variant) }
            #expect(try products(all) == expected, "variant \(number), every product")
        }
    }

    /// Places and reasons as per before this reader named them (the key after which a , or }
    /// is missing was then printed as a dump of the reader's own record of it).
    @Test func problemsAfterProductsReadAlikeAreNamedAsBefore() throws {
        let text = try Self.written()
        func problem(_ text: String) -> String? {
            do {
                _ = try Snapshot(json: Array(text.utf8), file: "r.json")
                return nil
            } catch {
                return error.description
            }
        }
        let twice = changing(text, product: 8, { $0.replacingOccurrences(of: "\"best\"", with: "\"unit\": \"g\",\n          \"best\"") })
        #expect(problem(twice) == "r.json:115:11: lists[1].products[2].unit: the key \"unit\" is in this object twice; which one is meant cannot be told")
        let wrongType = changing(text, product: 8, { $0.replacingOccurrences(of: "\"rank\": 3", with: "\"rank\": \"3\"") })
        #expect(problem(wrongType) == "r.json:108:19: lists[1].products[2].rank: expected a number, found a string")
        let missing = changing(text, product: 8, { $0.replacingOccurrences(of: "\"best\"", with: "\"bets\"") })
        #expect(problem(missing) == "r.json:107:9: lists[1].products[2]: the product has no \"best\"")
        let noComma = changing(text, product: 8, { $0.replacingOccurrences(of: "\"unit\": \"g\",", with: "\"unit\": \"g\"") })
        #expect(problem(noComma) == "r.json:112:11: lists[1].products[2]: expected , or } after the value of \"unit\", found a string")
    }
}

/// A large report's lists are read in two halves at once: what that gives is what one reader
/// gives, and a problem in the second half is named as one reader names it.
@Suite struct ReportJSONSplitTests {
    static func written() throws -> String {
        var csv = "list,name,quantity,unit,price\n"
        for list in 0..<40 {
            for product in 0..<(1 + list % 5) {
                csv += "L\(list),Item \(product),\(100 + product * 37),\(["g", "kg"][(list + product) % 2]),\(product + 1).\(list)9\n"
            }
        }
        return try Sheets.write(try Sheets.rank(csv), .json)
    }

    func read(_ text: String, split: Bool) -> Result<[String], SnapshotError> {
        Result { () throws(SnapshotError) in
            let read = try ReportJSONReader.read(Array(text.utf8), file: "r.json", splitAbove: split ? 0 : .max)
            var products = read.products
            return read.lists.flatMap { list in
                list.items.map { index in
                    let item = products.item(index)
                    return "\(list.name) \(list.per) \(item.rank) \(String(decoding: item.name, as: UTF8.self)) "
                        + "\(item.quantity.text) \(String(decoding: item.unit, as: UTF8.self)) \(String(describing: item.printed)) \(item.best)"
                }
            } + ["units \(products.units.count)"]
        }
    }

    @Test func twoHalvesReadAsOne() throws {
        let text = try Self.written()
        let one = try read(text, split: false).get()
        #expect(one.count == 121)
        #expect(try read(text, split: true).get() == one)
    }

    @Test func problemsInTheSecondHalfAreNamedAsOneReaderNamesThem() throws {
        let text = try Self.written()
        let lastList = text.range(of: "\"name\": \"L9\"", options: .backwards)!
        let cases = [
            text.replacingCharacters(in: lastList, with: "\"name\": \"L1\""),
            text.replacingCharacters(in: text.range(of: "\"rank\": 2", options: .backwards)!, with: "\"rank\": 0"),
            text.replacingCharacters(in: text.range(of: "\"best\": true", options: .backwards)!, with: "\"best\": 1"),
        ]
        for text in cases {
            guard case .failure(let one) = read(text, split: false) else { Issue.record("no problem found"); continue }
            guard case .failure(let two) = read(text, split: true) else { Issue.record("no problem found in two halves"); continue }
            #expect(two.description == one.description)
        }
    }
}

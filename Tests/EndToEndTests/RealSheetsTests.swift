import Foundation
import PerKit
import Testing

/// The real price sheets in `Fixtures/real` (nobody here wrote them), read whole with no
/// options, as people run per: every row must be accounted for, and where a store states its
/// own unit price, per must agree with it on the large majority of rows.
struct RealSheet: CustomTestStringConvertible, Sendable {
    var name: String
    /// The arguments after `per report`, run in `Fixtures/real`.
    var arguments: [String]
    /// Data records per SOURCE.md.
    var rows: Int
    /// The store's own unit-price column (0-based), when the file has one.
    var storeUnitPrice: Int?
    /// Share of ranked rows whose unit price agrees with the store's, at least.
    var agreement: Double = 0

    var testDescription: String { name }

    /// Whether the test reads the store's column as Windows-1250 (per decides it by itself).
    var windows1250 = false

    /// With no options, as people run per: every file is read whole.
    static let all: [RealSheet] = [
        RealSheet(name: "konzum", arguments: ["hr-cjenici/konzum_valkanela.csv"], rows: 2262, storeUnitPrice: 6, agreement: 0.97),
        RealSheet(name: "interspar", arguments: ["hr-cjenici/interspar_zadar.csv"], rows: 3000, storeUnitPrice: 6, agreement: 0.995,
                  windows1250: true),
        RealSheet(name: "metro", arguments: ["hr-cjenici/metro_zagreb_jankomir.csv"], rows: 3000, storeUnitPrice: 6, agreement: 0.88),
        RealSheet(name: "plodine", arguments: ["hr-cjenici/plodine_pleternica.csv"], rows: 3000, storeUnitPrice: 6, agreement: 0.985),
        RealSheet(name: "kaufland", arguments: ["hr-cjenici/kaufland_split.csv"], rows: 3000),
        RealSheet(name: "ktc", arguments: ["hr-ktc/ktc_ivanec.csv"], rows: 3000, storeUnitPrice: 6, agreement: 0.95, windows1250: true),
        RealSheet(name: "eurospin", arguments: ["hr-eurospin/eurospin_zagreb.csv"], rows: 3000, storeUnitPrice: 6, agreement: 0.95,
                  windows1250: true),
        RealSheet(name: "lidl", arguments: ["hr-lidl/lidl_split_put_lore.csv"], rows: 3000, storeUnitPrice: 8, agreement: 0.9,
                  windows1250: true),
        RealSheet(name: "heissepreise", arguments: ["at-heissepreise/bio-cart.csv", "at-heissepreise/budget-cart.csv",
                                                    "at-heissepreise/midrange-cart.csv", "at-heissepreise/momentum-cart.csv"],
                  rows: 7981),
        RealSheet(name: "traderjoes", arguments: ["us-traderjoes/traderjoes_ALL_STORES_20251010_205649.csv"], rows: 7647),
        RealSheet(name: "hammer", arguments: ["ca-hammer-milk-bread/cleaned_data_milk.csv", "ca-hammer-milk-bread/cleaned_data_bread.csv"],
                  rows: 2974 + 2120),
        RealSheet(name: "supermercados", arguments: ["es-supermercados/productos_sample.csv"], rows: 6300),
        RealSheet(name: "metro-bg", arguments: ["bg-metro/metro_bulgaria_2026-05-13.csv"], rows: 3000),
        RealSheet(name: "ocado", arguments: ["uk-ocado/ocado.csv"], rows: 66),
    ]
}

@Suite struct RealSheetsTests {
    static let folder = GoldenCase.fixtures.appendingPathComponent("real")

    func report(_ sheet: RealSheet) throws -> (json: [String: Any], result: PerProcess.Result) {
        let result = try PerProcess.run(["report", "--format", "json", "--with-source"] + sheet.arguments, in: Self.folder)
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return (json, result)
    }

    @Test(arguments: RealSheet.all)
    func everyRowIsAccountedFor(_ sheet: RealSheet) throws {
        let (json, result) = try report(sheet)
        let summary = try #require((json["summary"] as? [String: Any])?.compactMapValues { $0 as? Int })
        let files = try #require((json["summary"] as? [String: Any])?["files"] as? [[String: Any]])
        for file in files {
            let counts = file.compactMapValues { $0 as? Int }
            #expect(counts["rows"] == counts["ranked"]! + counts["mismatched"]! + counts["rejected"]!, "\(file)")
        }
        #expect(files.reduce(0) { $0 + ($1["rows"] as? Int ?? 0) } == sheet.rows)
        #expect(summary["rows"] == sheet.rows, "\(result.stderrText)")
        #expect(summary["rows"] == summary["ranked"]! + summary["mismatched"]! + summary["rejected"]!)
        let lists = try #require(json["lists"] as? [[String: Any]])
        let products = lists.reduce(0) { $0 + (($1["products"] as? [Any])?.count ?? 0) }
        #expect(products == summary["ranked"])
        #expect((json["rejected"] as? [Any])?.count == summary["rejected"])
        #expect((json["mismatches"] as? [Any])?.count == summary["mismatched"])
        // The reading line of each file, then the summary.
        #expect(result.stderrText.contains("per: \(sheet.rows) rows read: "), "\(result.stderrText)")
    }

    @Test(arguments: RealSheet.all.filter { $0.storeUnitPrice != nil })
    func unitPricesAgreeWithTheStoresOwn(_ sheet: RealSheet) throws {
        let (json, _) = try report(sheet)
        let file = try #require(sheet.arguments.last)
        let store = try Self.column(sheet.storeUnitPrice!, of: file, encoding: sheet.windows1250 ? .windowsCP1250 : .utf8)
        var agreeing = 0
        var ranked = 0
        for list in try #require(json["lists"] as? [[String: Any]]) {
            for product in try #require(list["products"] as? [[String: Any]]) {
                ranked += 1
                let line = try #require((product["source"] as? [String: Any])?["line"] as? Int)
                let ours = try #require((product["unit_price"] as? NSNumber)?.doubleValue)
                guard let theirs = store[line] else { continue }
                // To the cent (the store rounds to cents), or within 0.5%; 1e-9 absorbs binary rounding of the comparison.
                if abs(ours - theirs) <= 0.005 + 1e-9 || abs(ours - theirs) <= 0.005 * theirs + 1e-9 { agreeing += 1 }
            }
        }
        let share = Double(agreeing) / Double(ranked)
        #expect(share >= sheet.agreement, "\(sheet.name): \(agreeing) of \(ranked) agree (\(share))")
        print("\(sheet.name): \(agreeing) of \(ranked) ranked rows agree with the store's unit price")
    }

    @Test func traderJoesOuncesAreMassAndFluidOuncesVolume() throws {
        let (json, _) = try report(RealSheet.all.first { $0.name == "traderjoes" }!)
        var seen: [String: Set<String>] = [:]
        for list in try #require(json["lists"] as? [[String: Any]]) {
            let dimension = try #require(list["dimension"] as? String)
            for product in try #require(list["products"] as? [[String: Any]]) {
                seen[try #require(product["unit"] as? String), default: []].insert(dimension)
            }
        }
        #expect(seen["Oz"] == ["mass"])
        #expect(seen["Fl Oz"] == ["volume"])
        #expect(seen["Lb"] == ["mass"])
        #expect(seen["Doz"] == ["count"])
    }

    /// The store's values in one column, by the line each record starts on, read with per's
    /// own CSV reader (the files have no line breaks inside fields).
    static func column(_ index: Int, of file: String, encoding: String.Encoding) throws -> [Int: Double] {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        let text = try #require(String(data: data, encoding: encoding))
        let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].max { a, b in
            text.prefix { $0 != "\n" }.utf8.filter { $0 == a }.count < text.prefix { $0 != "\n" }.utf8.filter { $0 == b }.count
        }!
        var values: [Int: Double] = [:]
        let reader = CSVReader(dialect: CSVDialect(delimiter: delimiter), recoversDamage: true) { record in
            guard record.line > 1, record.count > index else { return }
            var value = String(decoding: record[index], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if value.contains(",") { value = value.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".") }
            values[record.line] = Double(value)
        }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes { try reader.feed(UnsafeRawBufferPointer($0)) }
        try reader.finish()
        return values
    }
}

@testable import PerKit
import Testing

/// `RowRules` decides whether a row can be ranked (`judge`, `judgeInFull`) apart from naming
/// what is wrong with it (`problems`); `JudgedRows` asserts on every row, in debug builds, that
/// the two agree (`RowRules.verdictsAgree`). These random receipts and sheets put every kind
/// of cell through both: a disagreement stops the test at that assertion, naming the line.
@Suite struct RowVerdictTests {
    static let names = ["Milk", "Milk 1 l", "Cheese 200 g", "", "Pfand", "Rabatt 10%", "Total", "Eggs 10 kom", "4PACK 160g",
                        "Tragetasche", "Coffee 500g ca.", "Juice 6x0,2 l", "Apples"]
    static let quantities = ["1", "0.5", "0", "", "abc", "1-2", "2x500", "500 g", "1 kg", "3", "1.5", "12 kcal", "0,732"]
    static let units = ["kg", "g", "l", "each", "kom", "", "parsec", "dozen", "ml", "Stk"]
    static let prices = ["1.99", "0", "-0.50", "", "abc", "2/$5.00", "€1,99", "1.999", "50% off", "2 for 3.00", "3.98", "$2"]
    static let counts = ["1", "2", "0", "", "1.5", "0.732 kg", "2 Stk", "70000", "x", "3"]
    static let packPrices = ["0.99", "", "abc", "1.99", "-1", "0"]
    static let salePrices = ["", "0", "0.89", "2 for 3.00", "-", "£2.10 Clubcard Price", "abc", "5.00", "2+1"]
    static let cardPrices = ["", "0.79", "abc", "$1", "0", "£1 off"]

    @Test func judgingAndProblemsAgreeOnEveryRow() throws {
        var total = RowCounts()
        for seed in 0..<60 { total = total + (try Self.randomSheet(seed: seed)) }
        // Both verdicts, and receipts' lines that are no products, are reached often.
        #expect(total.ranked > 500)
        #expect(total.rejected > 2000)
        #expect(total.notProducts > 200)
    }

    static func randomSheet(seed: Int) throws -> RowCounts {
        var random = SplitMix(state: UInt64(seed) &* 104_729 &+ 33)
        var options = SheetOptions()
        options.receipts = Bool.random(using: &random)
        options.ranksCardPrices = Bool.random(using: &random)
        options.splitDimensions = true
        var header = ["name", "quantity", "price"]
        var pools = [Self.names, Self.quantities, Self.prices]
        let optional: [(String, ColumnLayout.Field, [String])] = [
            ("unit", .unit, Self.units), ("count", .count, Self.counts), ("pack price", .packPrice, Self.packPrices),
            ("sale price", .salePrice, Self.salePrices), ("card price", .cardPrice, Self.cardPrices),
        ]
        for (title, field, pool) in optional where Bool.random(using: &random) {
            header.append(title)
            pools.append(pool)
            options.columns[field] = title
        }
        options.columns[.name] = "name"
        options.columns[.quantity] = "quantity"
        options.columns[.price] = "price"
        var csv = header.joined(separator: ",") + "\n"
        for _ in 0..<400 {
            csv += pools.map { pool in
                let cell = pool[Int.random(in: 0..<pool.count, using: &random)]
                return "\"" + cell + "\""
            }.joined(separator: ",") + "\n"
        }
        // Judged directly, as `JudgedRows` judges them, so that a disagreement is a failed
        // expectation naming the row in any build, not only the debug build's assertion.
        let sink = VerdictSink(options: options)
        try PriceSheetReader(options: options).read(chunks: [Array(csv.utf8)], as: InputFile(path: "sheet.csv"), into: sink)
        #expect(sink.disagreements.isEmpty, "seed \(seed): \(sink.disagreements.prefix(5))")
        let counts = try Sheets.validate(csv, options: options).counts
        #expect(counts.rows > 390)  // a row of empty cells is a blank line, no row
        return counts
    }
}

/// Reads a sheet and judges each data record with `RowRules`, keeping the records on which
/// `judge` and `problems` disagree (`RowRules.verdictsAgree`).
private final class VerdictSink: RecordSink {
    let options: SheetOptions
    private(set) var disagreements: [String] = []

    init(options: SheetOptions) { self.options = options }

    func makeWork() -> VerdictWork { VerdictWork(options: options) }
    func begin(_ file: SheetFile) {}
    func take(_ work: VerdictWork, records: RecordBatch, from first: Int, to end: Int, lineBase: Int) throws {
        disagreements += work.disagreements
    }
}

private final class VerdictWork: RecordBatchWork, @unchecked Sendable {  // one thread at a time, as JudgedRows
    let options: SheetOptions
    var disagreements: [String] = []

    init(options: SheetOptions) { self.options = options }

    func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile) {
        disagreements = []
        let rules = RowRules(file: file, units: options.units, receipts: options.receipts, ranksCardPrices: options.ranksCardPrices)
        var spellings = UnitSpellings(units: options.units)
        for position in first..<records.count {
            let record = records.record(at: position)
            let candidate = rules.hasMoreColumns ? rules.judgeInFull(record, spellings: &spellings) : rules.judge(record, spellings: &spellings)
            if !rules.verdictsAgree(record, judgedACandidate: candidate != nil) {
                let fields = (0..<record.count).map { String(decoding: record[$0], as: UTF8.self) }
                disagreements.append("line \(record.line): \(fields) judged \(candidate == nil ? "no candidate" : "a candidate")")
            }
        }
    }
}

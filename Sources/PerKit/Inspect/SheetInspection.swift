/// How per reads one file, without ranking it: the reading plan (encoding, delimiter, decimal
/// marks, each column's role and why, sizes, lists, the stated unit price's basis) and the
/// first rows as the rules read them (name, size, price, sale, stated unit price, unit price,
/// or why a row is not ranked). `per inspect` prints it; it is the first thing to run on a new
/// export.
public struct SheetInspection: Sendable {
    public let plan: ReadingPlan
    public let rows: [Row]

    /// One data row as per reads it.
    public struct Row: Sendable {
        public let line: Int
        public let name: String
        /// The size as read (`500 g`, `≈1 kg`), or empty when it does not read.
        public let size: String
        public let price: String
        /// The regular price beside a sale price ranked, when the row has one.
        public let regular: String
        public let stated: String
        /// The unit price per kg, l or each, to four decimals; empty when the row is not ranked.
        public let unitPrice: String
        /// Why the row would not be ranked, or what it is instead (a deposit line, the header again).
        public let problems: [String]
    }

    /// Reads `input`'s header and first `rows` data records.
    public static func inspect(_ input: InputFile, options: SheetOptions, rows: Int) throws(InputError) -> SheetInspection {
        let sink = InspectionSink(options: options, limit: rows)
        let errors = PriceSheetReader(options: options).read([input], into: sink)
        if let file = sink.file {
            return SheetInspection(plan: ReadingPlan(file: file, options: options), rows: sink.rows)
        }
        throw errors.first ?? InputError(file: input.shownPath, .empty)
    }
}

/// Takes a file's header and judges its first data records, then stops the read.
private final class InspectionSink: RecordSink {
    final class Work: RecordBatchWork {
        func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile) {}
    }

    struct Enough: Error {}

    let options: SheetOptions
    let limit: Int
    private(set) var file: SheetFile?
    private(set) var rows: [SheetInspection.Row] = []
    private var rules: RowRules?
    private var spellings: UnitSpellings

    init(options: SheetOptions, limit: Int) {
        self.options = options
        self.limit = limit
        spellings = UnitSpellings(units: options.units)
    }

    func makeWork() -> Work { Work() }

    /// A file is read as a report would read it (`ReadingChooser`).
    var judge: (any ReadingJudge)? { RowRulesJudge(options: options) }

    func begin(_ file: SheetFile) {
        self.file = file
        rules = RowRules(file: file, units: options.units, listFromName: options.listFromName, receipts: options.receipts,
                         refinesSizes: options.refinesSizes, statedPer: options.statedPer)
    }

    func take(_ work: Work, records: RecordBatch, from first: Int, to end: Int, lineBase: Int) throws {
        guard let rules else { return }
        for index in first..<end {
            if rows.count >= limit { throw Enough() }
            let record = records.record(at: index)
            let line = records.line(at: index) + lineBase
            let name = record.count > (file?.layout.name ?? 0) ? String(decoding: record[file!.layout.name].trimmingSpaces(), as: UTF8.self) : ""
            let candidate = rules.hasMoreColumns ? rules.judgeInFull(record, spellings: &spellings) : rules.judge(record, spellings: &spellings)
            guard let candidate else {
                let problems: [String]
                switch rules.other(record, spellings: &spellings) {
                case .blank: continue
                case .rejected(let found): problems = found.map(\.sentence)
                case .notAProduct(let kind): problems = [NotAProduct.reason(for: kind)]
                case .discount(let amount, _): problems = ["a discount of \(amount.value.text) on the row above"]
                }
                rows.append(SheetInspection.Row(line: line, name: name, size: "", price: "", regular: "", stated: "", unitPrice: "",
                                                problems: problems))
                continue
            }
            let unit = options.units[candidate.unit]
            let basis = ReportBasis.standard(for: unit.dimension)
            let digits = UnitPrice(price: candidate.price, quantity: candidate.quantity, factor: unit.factor)
                .rounded(per: basis.factor, decimals: 4).digits
            let padded = String(repeating: "0", count: max(0, 5 - digits.count)) + digits
            let unitPrice = "\(padded.dropLast(4)).\(padded.suffix(4)) per \(basis.symbol)"
            var stated = ""
            if candidate.flags.contains(.stated), let figure = rules.details.stated {
                let per = figure.amount.map { amount in
                    (amount.compareValue(ExactDecimal(significand: 1, scale: 0)) == 0 ? "" : amount.text + " ") + options.units[Int(figure.unit)].symbol
                } ?? basis.symbol
                stated = "\(figure.value.text) per \(per)"
            } else if candidate.flags.contains(.statedUnreadable) {
                stated = "(does not read)"
            }
            let size = (candidate.approximate ? "≈" : "") + candidate.quantity.text + " " + unit.symbol
            rows.append(SheetInspection.Row(line: line, name: String(decoding: candidate.name, as: UTF8.self), size: size,
                                            price: candidate.price.text, regular: candidate.regularPrice?.text ?? "", stated: stated,
                                            unitPrice: unitPrice, problems: []))
        }
    }
}

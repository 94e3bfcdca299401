/// How well one reading of a file's columns fits the file's own rows: on a sample of records,
/// how many the row rules make a product of, and, where the reading takes a column for the
/// shop's stated unit price, how many of those figures agree with the product's exact unit
/// price (`ReadingJudge` counts them, by the rules every row is read with).
///
/// A score only chooses between readings (`ReadingChooser`); it ranks and checks nothing.
struct ReadingScore: Sendable, Equatable {
    /// Records looked at.
    var rows = 0
    /// Rows that read as a product.
    var readable = 0
    /// Rows that read as what they are and are no product: a deposit, a bag, a total, a
    /// discount on the row above.
    var explained = 0
    /// Of the rows read, those whose stated cell gives a figure.
    var stated = 0
    /// Of those, figures that agree with the product's unit price.
    var agreeing = 0
    /// Of those, figures that agree only because they are the price itself over a size of one
    /// unit of their basis (`1 kg` at `0.68` beside `0.68` per kg): a scraper's columns derived
    /// from each other agree so whatever the reading. They prove nothing.
    var trivial = 0
    /// Of the rows read, those whose size is 1, 10, 100 or 1000 of its unit. When nearly all are,
    /// the "sizes" are the bases of unit prices (a scraper's `1.0`, `kg` beside its `0.68`),
    /// not what packs hold, and every figure that agrees agrees trivially.
    var basisSized = 0

    /// Figures that agree only trivially: as the price of one unit of their basis, or all of
    /// them when the sizes read are bases.
    var trivialAgreeing: Int {
        readable >= 20 && basisSized * 10 >= readable * 9 ? agreeing : trivial
    }

    /// One number to compare readings by: a stated figure that agrees is the strongest evidence
    /// a row is read right, one that disagrees evidence that it is not, and a row with nothing
    /// to check (or a figure that agrees trivially) counts for what it reads.
    var value: Int {
        let proving = agreeing - trivialAgreeing
        return 3 * proving + (readable - stated + trivialAgreeing) - (stated - agreeing)
    }

    /// Whether the reading leaves nothing to try: nearly every row reads, and the stated figures,
    /// if any, nearly all agree.
    var isConvincing: Bool {
        rows > 0 && (readable + explained) * 10 >= rows * 9 && (stated == 0 || agreeing * 10 >= stated * 9) && trivialAgreeing * 2 <= stated
    }

    /// Whether the reading is worth taking when the header's cannot be read at all: it reads
    /// 2% of the rows at least, as names that end in sizes must (`ColumnRoles`).
    var isEnough: Bool { readable > 0 && readable * 50 >= rows }

    /// In a few words, for the reading line and `per inspect`.
    var said: String {
        var text = "\(readable) of \(rows) sampled rows read"
        if stated > 0 { text += ", \(agreeing) of \(stated) agree with the shop's unit price" }
        if trivialAgreeing > 0 { text += " (\(trivialAgreeing) only as the price of one kg, l, item or their basis)" }
        return text
    }
}

/// Scores a reading of a file on sampled records by the rules its rows will be read with: given
/// to ingest by the stage that holds them (`Validate`), so that a reading is judged as its rows
/// will be, and ingest names no rule of a later stage.
protocol ReadingJudge: Sendable {
    func score(_ file: SheetFile, records: [[[UInt8]]]) -> ReadingScore
}

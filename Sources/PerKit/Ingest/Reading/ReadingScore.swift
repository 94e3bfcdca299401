/// How well one reading of a file's columns fits the file's own rows: on a sample of records,
/// how many the row rules make a product of, and, where the reading takes a column for the
/// shop's stated unit price, how many of those figures agree with the product's exact unit
/// price (`ReadingJudge` counts them, by the rules every row is read with).
///
/// A score only chooses between readings (`ReadingChooser`); it ranks and checks nothing.
struct ReadingScore: Sendable {
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
    /// Of the rows read, those whose size is 1, 10, 100 or 1000 of its unit. When nearly all are,
    /// the sizes are bases (`sizesAreBases`).
    var basisSized = 0

    /// Of the rows read, those whose size has at most one decimal digit (`500`, `1.5`): packs
    /// are sized in round numbers, unit prices worked out to the cent are not. A size read from
    /// a column of unit prices (and the unit price from the sizes) agrees just as well, so this
    /// breaks the tie.
    var roundSizes = 0

    /// Whether this reading is better than `other`: by `value`, then by round sizes.
    func isBetter(than other: ReadingScore) -> Bool {
        value != other.value ? value > other.value : roundSizes > other.roundSizes
    }

    /// Whether nearly every size read is 1, 10, 100 or 1000 of a unit: the bases of unit prices
    /// (a scraper's `1.0`, `kg` beside its `0.68`), not what packs hold. The stated figures then
    /// agree whatever the packs are, and prove nothing.
    var sizesAreBases: Bool { readable >= 20 && basisSized * 10 >= readable * 9 }

    /// One number to compare readings by: a stated figure that agrees is the strongest evidence
    /// a row is read right, one that disagrees evidence that it is not, and a row with nothing
    /// to check (or a figure that proves nothing) counts for what it reads.
    var value: Int {
        let proving = sizesAreBases ? 0 : agreeing
        return 3 * proving + (readable - stated + agreeing - proving) - (stated - agreeing)
    }

    /// Whether the reading leaves nothing to try: nearly every row reads, and the stated figures,
    /// if any, nearly all agree and prove something.
    var isConvincing: Bool {
        rows > 0 && (readable + explained) * 10 >= rows * 9 && (stated == 0 || (agreeing * 10 >= stated * 9 && !sizesAreBases))
    }

    /// Whether the reading is worth taking when the header's cannot be read at all: it reads
    /// 2% of the rows at least, as names that end in sizes must (`ColumnRoles`).
    var isEnough: Bool { readable > 0 && readable * 50 >= rows }

    /// In a few words, for the reading line and `per inspect`.
    var said: String {
        var text = "\(readable) of \(rows) sampled rows read"
        if stated > 0 { text += ", \(agreeing) of \(stated) agree with the shop's unit price" }
        if sizesAreBases && agreeing > 0 { text += " (proving nothing: every size read is 1, 10, 100 or 1000 of a unit, a basis, not a pack)" }
        return text
    }
}

/// Scores a reading of a file on sampled records by the rules its rows will be read with: given
/// to ingest by the stage that holds them (`Validate`), so that a reading is judged as its rows
/// will be, and ingest names no rule of a later stage.
protocol ReadingJudge: Sendable {
    /// Scores `file`'s reading on the first `rows` records of `sample`, its first data records.
    func score(_ file: SheetFile, sample: RecordBatch, rows: Int) -> ReadingScore
}

/// Chooses how a file's columns are read, once per file, by trying whole readings against the
/// file's own rows: the header's reading first (`ColumnRoles` from its words and values), and,
/// when that one leaves rows unread or disagrees with the shop's own unit prices, every other
/// reading the values allow (`ReadingCandidates`), each scored on the sampled rows
/// (`ReadingScore`, by the sink's `ReadingJudge`). Another reading is taken only when it scores
/// clearly better; options the user gives are fixed in every reading. The choice and the best
/// other are kept (`ReadingEvidence`) for the reading line and `per inspect`.
enum ReadingChooser {
    /// How much better than the header's reading another must score to be taken instead: a
    /// tenth of the sampled rows, and 3 at least.
    static func margin(rows: Int) -> Int { max(3, rows / 10) }
    /// How many sampled rows it takes to overrule a header that reads.
    static let minimumRows = 20
    /// The rows every reading is screened on, and how many readings are then scored on all.
    static let screeningRows = 60
    static let finalists = 3

    /// The roles of `header`'s columns, as the header reads them unless another reading scores
    /// clearly better on `sample` (by `options.judge`, on the file `sheet` makes of a reading).
    /// `records` are the same first records as fields, for the columns' profiles. Always as the
    /// header reads them for a receipt (a receipt's rules read its lines of deposits and
    /// discounts, and its one item's price) or when `keepsHeader` says another rule reads it
    /// further (a quantity column that counts packs).
    static func choose(header: [String], records: [[[UInt8]]], sample: RecordBatch, options: SheetOptions, quantityNumbers: NumberReader,
                       file: String, line: Int, keepsHeader: (ColumnRoles) -> Bool = { _ in false },
                       sheet: (ColumnRoles) -> SheetFile?) throws(InputError) -> ColumnRoles {
        let records = Array(records.prefix(ColumnValues.sampleLimit))
        let profiles = records.isEmpty ? nil : ColumnValues.profiles(of: records, columns: header.count, units: options.units)
        let heard = ColumnRoles.HeaderReading(header, units: options.units)
        let prior: Result<ColumnRoles, InputError>
        do {
            prior = .success(try ColumnRoles(header: header, records: records, options: options, quantityNumbers: quantityNumbers, file: file,
                                             line: line, profiles: profiles, heard: heard))
        } catch {
            prior = .failure(error)
        }
        // A first line that is a row (`headerIsData`) or a JSON report's brace is no header
        // another reading of the columns mends: read any way, that row would be lost.
        if case .failure(let error) = prior {
            switch error.problem {
            case .headerIsData, .jsonReport: throw error
            default: break
            }
        }
        guard let profiles, let judge = options.judge, !records.isEmpty else { return try prior.get() }
        func score(_ roles: ColumnRoles, rows: Int) -> ReadingScore? {
            sheet(roles).map { judge.score($0, sample: sample, rows: rows) }
        }
        let priorRoles = try? prior.get()
        if let roles = priorRoles {
            // A few rows are too few to overrule the header's words: they only decide where the
            // header reads no way. And a header whose reading convinces on the first rows is
            // taken with nothing else tried (the rows are read again soon, as the file is).
            if roles.layout.readsAsReceipt(asked: options.receipts) || keepsHeader(roles) || records.count < minimumRows { return roles }
            if let first = score(roles, rows: screeningRows), first.isConvincing { return roles }
        }
        let priorScore = priorRoles.flatMap { score($0, rows: records.count) }
        // The names to look in for sizes: the header's reading's; else the column its words
        // name the name; else the most varied text, sizes at their ends or not (not figures with
        // words, which start with their figure: `2,89/kg`; not links).
        let byWords = header.indices.filter { heard.roles[$0]?.role == .field(.name) }
        let names = priorRoles?.layout.name ?? (byWords.count == 1 ? byWords[0] : nil) ?? header.indices.filter {
            profiles[$0].percent(profiles[$0].texts + profiles[$0].sizes) >= 80 && !Self.startsWithFigures($0, records) && !Self.holdsLinks($0, records)
        }
            .max { (profiles[$0].distinct, profiles[$0].meanTextLength) < (profiles[$1].distinct, profiles[$1].meanTextLength) }
        let namesWithSizes = names.map {
            ColumnRoles.namesEndingInSizes(records, name: $0, reader: SizeReader(numbers: quantityNumbers), units: options.units)
        } ?? 0
        let candidates = ReadingCandidates(header: header, records: records, profiles: profiles, prior: priorRoles?.layout, names: names,
                                           namesWithSizes: namesWithSizes)
        // Every reading is screened on the first rows (as CleverCSV prunes what cannot win);
        // the best few are read again and scored on the whole sample. A layout two readings
        // come to is scored once.
        let screen = Array(records.prefix(screeningRows))
        var screened: [(hypothesis: ReadingHypothesis, score: ReadingScore)] = []
        var scoredLayouts: [ColumnLayout: ReadingScore] = [:]
        for hypothesis in candidates.hypotheses {
            guard let roles = try? ColumnRoles(header: header, records: screen, options: options, quantityNumbers: quantityNumbers,
                                               file: file, line: line, assumed: hypothesis, profiles: profiles, heard: heard),
                  !candidates.circular(roles.layout), scoredLayouts[roles.layout] == nil,
                  let scored = score(roles, rows: screen.count) else { continue }
            scoredLayouts[roles.layout] = scored
            if scored.readable > 0, !Self.takesBasesForSizes(hypothesis, scored) { screened.append((hypothesis, scored)) }
        }
        let finalists = screened.indices.sorted { a, b in
            screened[a].score.isBetter(than: screened[b].score) || (!screened[b].score.isBetter(than: screened[a].score) && a < b)
        }.prefix(Self.finalists)
        var best: (roles: ColumnRoles, tried: ReadingEvidence.Tried)?
        var runnerUp: ReadingEvidence.Tried?
        for index in finalists {
            let hypothesis = screened[index].hypothesis
            guard let roles = try? ColumnRoles(header: header, records: records, options: options, quantityNumbers: quantityNumbers,
                                               file: file, line: line, assumed: hypothesis, profiles: profiles, heard: heard),
                  !candidates.circular(roles.layout), let scored = score(roles, rows: records.count), scored.isEnough,
                  !Self.takesBasesForSizes(hypothesis, scored) else { continue }
            let tried = ReadingEvidence.Tried(what: hypothesis.what, score: scored)
            if let current = best, !scored.isBetter(than: current.tried.score) {
                if runnerUp == nil || scored.isBetter(than: runnerUp!.score) { runnerUp = tried }
                continue
            }
            if let current = best { runnerUp = current.tried }
            best = (roles, tried)
        }
        guard var chosen = best else { return try prior.get() }
        if var kept = priorRoles, let priorScore, chosen.tried.score.value <= priorScore.value + margin(rows: records.count) {
            kept.reading = ReadingEvidence(score: priorScore, runnerUp: chosen.tried)
            return kept
        }
        chosen.roles.reading = ReadingEvidence(score: chosen.tried.score, chosen: chosen.tried.what,
                                               runnerUp: priorScore.map { ReadingEvidence.Tried(what: "the header's reading", score: $0) } ?? runnerUp)
        return chosen.roles
    }
}

extension ReadingChooser {
    /// Whether a reading takes a column of sizes that are nearly all bases (`100ml`, `1kg`):
    /// what a shop's unit prices are per, not what its packs hold. Such a reading is never taken
    /// by the rows' evidence (its sizes would make every unit price wrong, and nothing checks it).
    static func takesBasesForSizes(_ hypothesis: ReadingHypothesis, _ score: ReadingScore) -> Bool {
        hypothesis.columns[.quantity] != nil && score.sizesAreBases
    }

    /// Whether most of a column's values start with a figure or a currency sign (`2,89/kg`,
    /// `$3.99/lb`): prices, not names.
    static func startsWithFigures(_ column: Int, _ records: [[[UInt8]]]) -> Bool {
        var filled = 0
        var figures = 0
        for record in records where column < record.count {
            guard let first = record[column].first(where: { $0 != Byte.space }) else { continue }
            filled += 1
            let value = record[column].drop(while: { $0 == Byte.space })
            // A digit, or a currency sign (not a code, whose letters start names too).
            if Byte.isDigit(first) || Currency.spellingsByFirstByte[Int(first)].contains(where: { sign in
                !sign.text.contains(where: Byte.isASCIILetter) && value.starts(with: sign.text)
            }) { figures += 1 }
        }
        return figures * 2 > filled
    }

    /// Whether most of a column's values are links (`https://…`, `www.…`): no names.
    static func holdsLinks(_ column: Int, _ records: [[[UInt8]]]) -> Bool {
        var filled = 0
        var links = 0
        for record in records where column < record.count && !record[column].isEmpty {
            filled += 1
            let value = String(decoding: record[column].prefix(12), as: UTF8.self).lowercased()
            if value.hasPrefix("http://") || value.hasPrefix("https://") || value.hasPrefix("www.") { links += 1 }
        }
        return links * 2 > filled
    }
}

/// What per found when it tried readings of a file against its rows: the score of the one
/// taken, what it is when it is not the header's, and the best other.
struct ReadingEvidence: Sendable {
    /// A reading tried, in a few words, and its score.
    struct Tried: Sendable {
        var what: String
        var score: ReadingScore
    }

    var score: ReadingScore
    /// What the reading taken is, when it is not the header's.
    var chosen: String?
    var runnerUp: Tried?
}

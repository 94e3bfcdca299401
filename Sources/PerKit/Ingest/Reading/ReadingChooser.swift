/// Chooses how a file's columns are read, once per file, by trying whole readings against the
/// file's own rows: the header's reading first (`ColumnRoles` from its words and values), and,
/// when that one leaves rows unread or disagrees with the shop's own unit prices, every other
/// reading the values allow (`ReadingCandidates`), each scored on the sampled rows
/// (`ReadingScore`). Another reading is taken only when it scores clearly better; options the
/// user gives are fixed in every reading. The choice and the runner-up are kept
/// (`ReadingEvidence`) for the reading line and `per inspect`.
enum ReadingChooser {
    /// How much better than the header's reading another must score to be taken instead: a
    /// tenth of the sampled rows, and 3 at least.
    static func margin(rows: Int) -> Int { max(3, rows / 10) }
    /// How many sampled rows it takes to overrule a header that reads.
    static let minimumRows = 20

    /// The roles of `header`'s columns, as the header reads them unless another reading scores
    /// clearly better on `records` (by `options.judge`, on the file `sheet` makes of a reading);
    /// always as the header reads them when `keepsHeader` says another rule reads that further.
    static func choose(header: [String], records: [[[UInt8]]], options: SheetOptions, quantityNumbers: NumberReader, file: String,
                       line: Int, keepsHeader: (ColumnRoles) -> Bool = { _ in false },
                       sheet: (ColumnRoles) -> SheetFile?) throws(InputError) -> ColumnRoles {
        let records = Array(records.prefix(ColumnValues.sampleLimit))
        let profiles = records.isEmpty ? nil : ColumnValues.profiles(of: records, columns: header.count, units: options.units)
        let prior: Result<ColumnRoles, InputError>
        do {
            prior = .success(try ColumnRoles(header: header, records: records, options: options, quantityNumbers: quantityNumbers, file: file,
                                             line: line, profiles: profiles))
        } catch {
            prior = .failure(error)
        }
        guard let profiles, let judge = options.judge, !records.isEmpty else { return try prior.get() }
        func score(_ roles: ColumnRoles) -> ReadingScore? {
            sheet(roles).map { judge.score($0, records: records) }
        }
        var priorRoles = try? prior.get()
        // A reading of the header's that another rule settles (a receipt's count column).
        // A receipt (a count or a pack-price column) is read by a receipt's rules, its lines of
        // deposits and discounts and its one item's price included.
        if let priorRoles, keepsHeader(priorRoles) || priorRoles.layout.count != nil || priorRoles.layout.packPrice != nil {
            return priorRoles
        }
        let priorScore = priorRoles.flatMap(score)
        // A few rows are too few to overrule the header's words: they only decide where the
        // header reads no way.
        if let priorScore, priorScore.isConvincing || records.count < minimumRows {
            priorRoles!.reading = ReadingEvidence(score: priorScore)
            return priorRoles!
        }
        // The names to look in for sizes: the header's, else the most varied text.
        let names = priorRoles?.layout.name ?? header.indices.filter { profiles[$0].percent(profiles[$0].texts) >= 80 }
            .max { (profiles[$0].distinct, profiles[$0].meanTextLength) < (profiles[$1].distinct, profiles[$1].meanTextLength) }
        let namesWithSizes = names.map {
            ColumnRoles.namesEndingInSizes(records, name: $0, reader: SizeReader(numbers: quantityNumbers), units: options.units)
        } ?? 0
        var best: (hypothesis: ReadingHypothesis, roles: ColumnRoles, score: ReadingScore)?
        var runnerUp: (what: String, score: ReadingScore)?
        for hypothesis in ReadingCandidates.hypotheses(header: header, records: records, profiles: profiles, prior: priorRoles?.layout,
                                                       names: names, namesWithSizes: namesWithSizes) {
            guard let roles = try? ColumnRoles(header: header, records: records, options: options, quantityNumbers: quantityNumbers,
                                               file: file, line: line, assumed: hypothesis, profiles: profiles),
                  !ReadingCandidates.circular(roles.layout, records: records), let scored = score(roles), scored.isEnough else { continue }
            if let current = best, scored.value <= current.score.value {
                if runnerUp == nil || scored.value > runnerUp!.score.value { runnerUp = (hypothesis.what, scored) }
                continue
            }
            if let current = best { runnerUp = (current.hypothesis.what, current.score) }
            best = (hypothesis, roles, scored)
        }
        guard var chosen = best else { return try prior.get() }
        if let priorRoles, let priorScore, chosen.score.value <= priorScore.value + margin(rows: records.count) {
            var kept = priorRoles
            kept.reading = ReadingEvidence(score: priorScore, runnerUp: (chosen.hypothesis.what, chosen.score))
            return kept
        }
        chosen.roles.reading = ReadingEvidence(score: chosen.score, chosen: chosen.hypothesis.what,
                                               runnerUp: priorScore.map { ("the header's reading", $0) } ?? runnerUp)
        return chosen.roles
    }
}

/// What per found when it tried readings of a file against its rows: the score of the one
/// taken, what it is when it is not the header's, and the best other.
struct ReadingEvidence: Sendable, Equatable {
    var score: ReadingScore
    /// What the reading taken is, when it is not the header's.
    var chosen: String?
    var runnerUp: (what: String, score: ReadingScore)?

    init(score: ReadingScore, chosen: String? = nil, runnerUp: (what: String, score: ReadingScore)? = nil) {
        self.score = score
        self.chosen = chosen
        self.runnerUp = runnerUp
    }

    static func == (a: ReadingEvidence, b: ReadingEvidence) -> Bool {
        a.score == b.score && a.chosen == b.chosen && a.runnerUp?.what == b.runnerUp?.what && a.runnerUp?.score == b.runnerUp?.score
    }
}

extension RowRules {
    /// Whether the rules' two statements about a record agree. `judge` (and `judgeInFull`)
    /// decide fast, with guard chains, whether a row can be ranked; `problems` names what is
    /// wrong with one that cannot. They must reach one verdict: a candidate has no problem,
    /// and a rejected row at least one. `JudgedRows` asserts this on every record in debug
    /// builds, so that every test's rows (the random sheets of `JudgedRowsTests` among them)
    /// check it.
    func verdictsAgree(_ record: CSVRecord, judgedACandidate: Bool) -> Bool {
        var spellings = UnitSpellings(units: units)  // the batch's own stay as judging left them
        guard judgedACandidate else {
            if case .rejected(let problems) = other(record, spellings: &spellings) { return !problems.isEmpty }
            return true
        }
        guard hasHeaderFieldCount(record) else { return false }
        let reading = ReceiptReading(record, rules: self, spellings: &spellings)
        let size: Result<SizeReader.Size, SizeReader.Failure> = reading.measured.map { .success($0.size) } ?? reading.fields.size
        return problems(reading.fields, bought: reading.bought, size: size, unit: reading.unit).isEmpty
    }
}

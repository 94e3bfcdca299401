import ArgumentParser

/// `--as-of`: the date a report or a diff carries in its header. `per history` has none: its
/// dates are its snapshots'.
struct AsOfArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Put this date (YYYY-MM-DD) in the report's header.", valueName: "date"))
    var asOf: String?

    func validate() throws {
        if let asOf {
            let parts = asOf.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
            else { throw ValidationError("--as-of \(asOf): write the date as YYYY-MM-DD.") }
            guard (1...12).contains(month) else { throw ValidationError("--as-of \(asOf): there is no month \(parts[1]).") }
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            guard (1...days).contains(day) else { throw ValidationError("--as-of \(asOf): there is no such day.") }
        }
    }
}

/// A day of the Gregorian calendar as a number of days since 1970-01-01, so that "the 30
/// days before" is arithmetic: `per sales` counts its windows in calendar days, not snapshots.
public struct CalendarDay: Hashable, Comparable, Sendable {
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// A day written `YYYY-MM-DD` (`SnapshotDate.isDate`), else nil.
    public init?(_ text: String) {
        guard SnapshotDate.isDate(text) else { return nil }
        let bytes = Array(text.utf8)
        func value(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) } }
        // Howard Hinnant's days_from_civil.
        let (y0, m, d) = (value(0..<4), value(5..<7), value(8..<10))
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        number = era * 146097 + doe - 719468
    }

    /// `YYYY-MM-DD`.
    public var text: String {
        // Howard Hinnant's civil_from_days.
        let z = number + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func padded(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(padded(y, 4))-\(padded(m, 2))-\(padded(d, 2))"
    }

    public static func + (day: CalendarDay, days: Int) -> CalendarDay { CalendarDay(number: day.number + days) }
    public static func - (day: CalendarDay, days: Int) -> CalendarDay { CalendarDay(number: day.number - days) }
    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.number < b.number }
}

/// Days from `first` to `last`, both included: "the 30 days before" a day D is D − 30 ... D − 1.
public struct DayWindow: Hashable, Sendable {
    public var first: CalendarDay
    public var last: CalendarDay

    /// The `days` days before `day`, not counting it.
    public static func before(_ day: CalendarDay, days: Int = SaleRules.windowDays) -> DayWindow {
        DayWindow(first: day - days, last: day - 1)
    }

    public func contains(_ day: CalendarDay) -> Bool { first <= day && day <= last }
    public var count: Int { last.number - first.number + 1 }
}

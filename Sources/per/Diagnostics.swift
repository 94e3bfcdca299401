import PerKit

/// Where every diagnostic reaches standard error (`Diagnostic`: findings, notes, keys on
/// several products, inputs that failed, a basket's lines): each as `FILE:LINE: message`, the
/// first `StandardError.shownLines` of a kind, then `rest(count)` for the others.
enum Diagnostics {
    static func say(_ diagnostics: some Collection<Diagnostic>, rest: (Int) -> String = { "… and \($0) more" }) {
        StandardError.say(diagnostics.lazy.map(\.description), rest: rest)
    }
}

/// Notes held while several inputs are read one by one (`per diff`, `per history`), to be said
/// together once all are read, those alike for several files said once (`Diagnostic.grouped`),
/// as `per report` says them for its files.
final class HeldNotes {
    private var notes: [Diagnostic] = []

    func add(_ more: [Diagnostic]) { notes += more }

    func say(quiet: Bool) {
        if !quiet { Diagnostics.say(Diagnostic.grouped(notes)) { "… and \($0) more notes" } }
        notes = []
    }
}

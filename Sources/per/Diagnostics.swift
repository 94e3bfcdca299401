import PerKit

/// Where every diagnostic reaches standard error (`Diagnostic`: findings, notes, keys on
/// several products, inputs that failed, a basket's lines): each as `FILE:LINE: message`, the
/// first `StandardError.shownLines` of a kind, then `rest(count)` for the others.
enum Diagnostics {
    static func say(_ diagnostics: some Collection<Diagnostic>, rest: (Int) -> String = { "… and \($0) more" }) {
        StandardError.say(diagnostics.lazy.map(\.description), rest: rest)
    }
}

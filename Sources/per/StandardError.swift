#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import PerKit

/// Messages to standard error, each line prefixed with the program name. A message is one
/// line: the control characters in it (a list name's ESC, a key's line break) are shown as
/// `\x1B` (`ControlCharacters`), so that no name can drive the terminal or start a line.
enum StandardError {
    /// How many lines of one kind (findings, notes, keys, inputs that failed) are said before
    /// the count of the rest: a cron mail stays short however large the run.
    static let shownLines = 20

    /// Lines of one kind: the first `shownLines`, then `rest(count)` for the others
    /// (`… and 299993 more`).
    static func say(_ lines: some Collection<String>, rest: (Int) -> String = { "… and \($0) more" }) {
        lines.prefix(shownLines).forEach { say($0) }
        if lines.count > shownLines { say(rest(lines.count - shownLines)) }
    }

    static func say(_ message: String) {
        var line = "per: \(ControlCharacters.shown(message))\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

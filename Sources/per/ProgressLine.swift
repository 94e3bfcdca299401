#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// A progress line on standard error while inputs are read: the file, how much of it is read,
/// and rows per second. Only when standard error is a terminal and the run is not quiet; never
/// in cron, in pipes or in files. Redrawn at most ten times a second.
final class ProgressLine {
    private let enabled: Bool
    private let files: [InputFile]
    private let sizes: [Int?]
    private let start = ProgressLine.now()
    private var lastDraw = 0.0
    private var drawn = false
    private var rowsSoFar: () -> Int

    init(files: [InputFile], quiet: Bool, rows: @escaping () -> Int) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
        self.files = files
        sizes = enabled ? files.map(\.size) : []
        rowsSoFar = rows
    }

    func update(file: Int, bytesRead: Int) {
        guard enabled else { return }
        let now = Self.now()
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let rows = rowsSoFar()
        let rate = Int(Double(rows) / max(now - start, 0.001))
        var line = "per: reading \(files[file].isStandardInput ? "standard input" : files[file].shownPath)"
        if let size = sizes[file], size > 0 {
            line += " \(min(100, bytesRead * 100 / size))% (\(Self.megabytes(bytesRead)) of \(Self.megabytes(size)))"
        } else {
            line += " \(Self.megabytes(bytesRead))"
        }
        line += ", \(rows) rows, \(rate) rows/s"
        write("\r\(line)\u{1B}[K")
        drawn = true
    }

    /// Clears the line before anything else is said.
    func finish() {
        guard drawn else { return }
        write("\r\u{1B}[K")
        drawn = false
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes * 10 / 1_000_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

import ArgumentParser
import Foundation

/// `per report` with many files named as arguments: swift-argument-parser's handling of
/// positional arguments costs time quadratic in their number (16,384 files took 8.5 s, 65,535
/// minutes), so past `threshold` of them the file names are taken out of its way, in order, and
/// `ReportCommand` reads them back. Which arguments are options that take a value comes from
/// the command's own definition (`_dumpHelp`), so nothing here repeats it.
enum ManyFiles {
    static let threshold = 256
    /// The file names taken out, in order; empty when the parser had them all.
    nonisolated(unsafe) private(set) static var names: [String] = []

    /// The arguments for the parser.
    static func arguments(_ all: [String]) -> [String] {
        guard all.first == "report", all.count > threshold else { return all }
        let takesValue = optionsTakingValues()
        var kept = ["report"]
        var files: [String] = []
        var index = 1
        var onlyFiles = false
        while index < all.count {
            let argument = all[index]
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else {
                kept.append(argument)
                if takesValue.contains(argument), index + 1 < all.count {
                    kept.append(all[index + 1])
                    index += 1
                }
            }
            index += 1
        }
        guard files.count > threshold else { return all }
        names = files
        return kept
    }

    /// `--format`, `-o` and the like: the report command's options that take a value.
    private static func optionsTakingValues() -> Set<String> {
        guard let data = ReportCommand._dumpHelp().data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let command = root["command"] as? [String: Any],
              let arguments = command["arguments"] as? [[String: Any]] else { return [] }
        var options = Set<String>()
        for argument in arguments where argument["kind"] as? String == "option" {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String, let kind = name["kind"] as? String else { continue }
                options.insert(kind == "short" ? "-\(text)" : "--\(text)")
            }
        }
        return options
    }
}

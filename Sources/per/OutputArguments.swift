import ArgumentParser
import Foundation
import PerKit

/// Where and how reports go: the options `per report` and `per diff` share.
struct OutputArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Output format (default: markdown, or what the -o file's extension names); with --output-dir, a comma-separated list (default there: all three).", valueName: "formats"))
    var format: FormatList?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Write NAME.csv, NAME.json and NAME.md (or the --format ones) into this directory, each atomically.", valueName: "dir"))
    var outputDir: String?

    @Flag(help: "Print nothing on success, not even the summary line; errors, and with --strict the findings, still go to standard error. For cron, which mails only when something is printed. Needs -o or --output-dir.")
    var quiet = false

    @Option(help: ArgumentHelp("Put this date (YYYY-MM-DD) in the report's header; reports carry no date otherwise.", valueName: "date"))
    var asOf: String?

    /// The formats asked for.
    var formats: [ReportFormat] {
        if let format { return format.formats }
        if outputDir != nil { return ReportFormat.allCases }
        // -o report.json: the file's extension says which format, when it names one.
        if let output, let byExtension = ReportFormat.allCases.first(where: { output.lowercased().hasSuffix("." + $0.fileExtension) }) {
            return [byExtension]
        }
        return [.markdown]
    }

    /// Each format with the file it goes to (nil: standard output).
    func targets(name: String) -> [(format: ReportFormat, path: String?)] {
        if let outputDir {
            let directory = outputDir.hasSuffix("/") ? String(outputDir.dropLast()) : outputDir
            return formats.map { ($0, "\(directory)/\(name).\($0.fileExtension)") }
        }
        return formats.map { ($0, output == "-" ? nil : output) }
    }

    func validate() throws {
        if output != nil && outputDir != nil { throw ValidationError("Give -o or --output-dir, not both.") }
        if outputDir == nil && formats.count > 1 { throw ValidationError("Several formats need --output-dir.") }
        if quiet && (output == nil || output == "-") && outputDir == nil {
            throw ValidationError("--quiet prints nothing, so it needs -o FILE or --output-dir DIR.")
        }
        if let outputDir {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outputDir, isDirectory: &isDirectory) else {
                throw ValidationError("--output-dir \(outputDir): no such directory (create it first).")
            }
            guard isDirectory.boolValue else { throw ValidationError("--output-dir \(outputDir): is a file, not a directory.") }
        }
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

extension OutputArguments {
    /// A path with `.`, `..` and links in its directory resolved, to tell whether two paths
    /// name one file before either exists.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

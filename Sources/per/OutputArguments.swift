import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// Where and how reports go: the options `per report` and `per diff` share.
struct OutputArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Output format (default: markdown, or what the -o file's extension names); with --output-dir, a comma-separated list (default there: all four).", valueName: "formats"))
    var format: FormatList?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "path"))
    var output: PathName?

    @Option(help: ArgumentHelp("Write NAME.csv, NAME.json, NAME.md and NAME.html (or the --format ones) into this directory, each atomically, creating it if need be. Files of formats not asked for are left as they are.", valueName: "dir"))
    var outputDir: PathName?

    @Flag(help: "Print nothing on success, not even the summary line; errors, and with --strict the findings, still go to standard error. For cron, which mails only when something is printed. Needs -o or --output-dir.")
    var quiet = false

    @Option(help: ArgumentHelp("Put this date (YYYY-MM-DD) in the report's header; reports carry no date otherwise.", valueName: "date"))
    var asOf: String?

    /// The formats asked for.
    var formats: [ReportFormat] {
        if let format { return format.formats }
        if outputDir != nil { return ReportFormat.allCases }
        // -o report.json: the file's extension says which format, when it names one.
        if let output, let byExtension = ReportFormat.allCases.first(where: { output.description.lowercased().hasSuffix("." + $0.fileExtension) }) {
            return [byExtension]
        }
        return [.markdown]
    }

    /// Each format with the file it goes to (nil: standard output).
    func targets(name: String) -> [(format: ReportFormat, path: PathName?)] {
        if let outputDir {
            let directory = outputDir.bytes.last == UInt8(ascii: "/") ? PathName(bytes: outputDir.bytes.dropLast()) : outputDir
            return formats.map { ($0, directory.appending("/\(name).\($0.fileExtension)")) }
        }
        return formats.map { ($0, output?.isDash == true ? nil : output) }
    }

    /// Creates `--output-dir` and the directories above it that are missing, as `mkdir -p` does.
    func makeDirectory() throws(RunFailure) {
        guard let outputDir else { return }
        var built: [UInt8] = []
        for (index, part) in outputDir.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 { built.append(UInt8(ascii: "/")) }
            built += part
            guard !part.isEmpty, part != [UInt8(ascii: ".")] else { continue }
            let path = PathName(bytes: built)
            if path.withCString({ mkdir($0, 0o777) }) != 0 && errno != EEXIST {
                throw .outputDirectory(path, reason: String(cString: strerror(errno)))
            }
        }
        var status = stat()
        guard outputDir.withCString({ stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .outputDirectory(outputDir, reason: "it is not a directory")
        }
    }

    func validate() throws {
        if output != nil && outputDir != nil { throw ValidationError("Give -o or --output-dir, not both.") }
        if outputDir == nil && formats.count > 1 { throw ValidationError("Several formats need --output-dir.") }
        if quiet && (output == nil || output?.isDash == true) && outputDir == nil {
            throw ValidationError("--quiet prints nothing, so it needs -o FILE or --output-dir DIR.")
        }
        if let outputDir {
            var status = stat()
            if outputDir.withCString({ stat($0, &status) }) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
                throw ValidationError("--output-dir \(outputDir): is a file, not a directory.")
            }
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
    /// A path with `.`, `..` and links resolved (in its directory, when the file does not exist
    /// yet), to tell whether two paths name one file before either exists.
    static func resolved(_ path: PathName) -> PathName {
        if let whole = path.resolved { return whole }
        guard let directory = path.directory.resolved else { return path }
        return directory.appending("/").appending(PathName(bytes: path.lastComponent))
    }
}

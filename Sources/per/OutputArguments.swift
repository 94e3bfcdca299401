import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// Where a report goes, when not to standard output: `-o` and `--format`, one part of
/// `OutputArguments`, shown first by the commands that write to one file mostly.
struct OutputFileArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (atomically), not standard output.", valueName: "path"))
    var output: PathName?

    @Option(help: ArgumentHelp("Default: markdown, or -o's extension; with --output-dir, a list such as csv,json (default: all).", valueName: "formats"))
    var format: FormatList?
}

/// `--output-dir` and `--quiet`, for runs nobody watches: the other part of `OutputArguments`.
struct OutputDirArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Write NAME.md, .csv, .json and .html (or --format's) into this directory.", valueName: "dir"))
    var outputDir: PathName?

    @Flag(help: "Print nothing on success but errors and --strict's findings; needs -o or --output-dir.")
    var quiet = false
}

/// A command that writes a report: it shows the two parts where it likes, reads them together
/// as `output`, and calls `output.validate()` in its own `validate()` (a part cannot see the
/// other, so swift-argument-parser cannot check them alone).
protocol WritesReports {
    var outputFile: OutputFileArguments { get }
    var outputDir: OutputDirArguments { get }
}

extension WritesReports {
    var output: OutputArguments { OutputArguments(format: outputFile.format, output: outputFile.output, outputDir: outputDir.outputDir, quiet: outputDir.quiet) }
}

/// Where and how reports go: the options `per report`, `per diff`, `per history` and
/// `per basket` share.
struct OutputArguments {
    var format: FormatList?
    var output: PathName?
    var outputDir: PathName?
    var quiet: Bool

    /// The formats asked for.
    var formats: [ReportFormat] {
        if let format { return format.formats }
        if outputDir != nil { return ReportFormat.allCases }
        // -o report.json: the file's extension says which format, when it names one.
        return [formatByExtension ?? .markdown]
    }

    /// The format `-o`'s extension names (`report.json`), if any.
    private var formatByExtension: ReportFormat? {
        guard let output, !output.isDash else { return nil }
        return ReportFormat.allCases.first { output.description.lowercased().hasSuffix("." + $0.fileExtension) }
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
        // `-o x.json --format csv`: a CSV file named .json, which the next `per diff` would
        // take for a report. One of the two is a slip.
        if let format, let named = formatByExtension, format.formats != [named], let output {
            throw ValidationError("-o \(output) names a \(named.rawValue) file, but --format says \(format.formats.map(\.rawValue).joined(separator: ",")): "
                                  + "give one, or make them agree.")
        }
        if quiet && (output == nil || output?.isDash == true) && outputDir == nil {
            throw ValidationError("--quiet prints nothing, so it needs -o FILE or --output-dir DIR.")
        }
        if let outputDir {
            var status = stat()
            if outputDir.withCString({ stat($0, &status) }) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
                throw ValidationError("--output-dir \(outputDir): is a file, not a directory.")
            }
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

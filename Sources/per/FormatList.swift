import ArgumentParser
import Foundation
import PerKit

/// `--format`: one report format, or with `--output-dir` a comma-separated list of them
/// (`csv,json`), each named once, in the order given; `md` is Markdown too.
struct FormatList: ExpressibleByArgument {
    var formats: [ReportFormat]

    init?(argument: String) {
        var formats: [ReportFormat] = []
        for name in argument.split(separator: ",") {
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = ReportFormat(rawValue: name == "md" ? "markdown" : name) else { return nil }
            if !formats.contains(format) { formats.append(format) }
        }
        guard !formats.isEmpty else { return nil }
        self.formats = formats
    }

    static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) }

    static var allValueDescriptions: [String: String] {
        ManualPage.values(["csv": "a row per product, for spreadsheets", "json": "for programs, and for per diff and per history to read back",
                           "markdown": "a table per list, to read (md for short)",
                           "html": "one self-contained page with a bar per product, for a browser or to print"])
    }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

import Foundation
import Testing

/// The golden files in `Fixtures/<case>/` are the specification of every output format.
///
/// A case holds its inputs, `args` (the arguments, one per line, paths relative to the case),
/// and the expected output of `per` run there: `expected.md`, `expected.csv`, `expected.json`
/// and `expected.html` for each `--format`, `expected.stderr` and `expected.status` (0 when
/// absent). A file `stdin` is fed to standard input. `RECORD=1 swift test` rewrites the
/// expected files from what `per` prints, and fails, so that a person reads the new output
/// before committing it. It records Markdown, CSV and JSON for every case, HTML only for the
/// cases that have an `expected.html` (a few: create an empty one to add a case; the browser
/// tests open each).
struct GoldenCase: CustomTestStringConvertible, Sendable {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let formats = [("markdown", "md"), ("csv", "csv"), ("json", "json"), ("html", "html")]
    /// The formats `RECORD=1` writes for every case; the others only where their file exists.
    static let recordedEverywhere: Set<String> = ["md", "csv", "json"]

    let name: String
    var directory: URL { Self.fixtures.appendingPathComponent(name) }
    var testDescription: String { name }

    static var all: [GoldenCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.sorted()
            .filter { FileManager.default.fileExists(atPath: fixtures.appendingPathComponent($0).appendingPathComponent("args").path) }
            .map(GoldenCase.init(name:))
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func read(_ name: String) -> Data? { try? Data(contentsOf: file(name)) }

    var arguments: [String] {
        String(decoding: read("args") ?? Data(), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

@Suite struct GoldenTests {
    static let recording = ProcessInfo.processInfo.environment["RECORD"] == "1"

    @Test func everyFixtureCaseIsFound() {
        #expect(GoldenCase.all.count >= 10, "Fixtures/ at \(GoldenCase.fixtures.path)")
    }

    @Test(arguments: GoldenCase.all)
    func outputMatchesTheGoldenFiles(_ golden: GoldenCase) throws {
        let status = golden.read("expected.status").flatMap {
            Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        } ?? 0
        var formats = GoldenCase.formats.filter {
            (Self.recording && GoldenCase.recordedEverywhere.contains($0.1)) || golden.read("expected.\($0.1)") != nil
        }
        if formats.isEmpty { formats = [("markdown", "md")] }  // an error case: only stderr and status

        var checkedStderr = false
        for (format, fileExtension) in formats {
            let result = try PerProcess.run(golden.arguments + ["--format", format], in: golden.directory, stdin: golden.read("stdin"))
            let expectedName = "expected.\(fileExtension)"
            if Self.recording {
                if !result.stdout.isEmpty { try result.stdout.write(to: golden.file(expectedName)) }
                if !checkedStderr { try result.stderr.write(to: golden.file("expected.stderr")) }
                if result.status != 0 {
                    try Data("\(result.status)\n".utf8).write(to: golden.file("expected.status"))
                } else {
                    try? FileManager.default.removeItem(at: golden.file("expected.status"))
                }
                checkedStderr = true
                Issue.record("recorded \(golden.name)/\(expectedName): read it, then run the tests without RECORD")
                continue
            }
            #expect(result.status == status, "\(result)")
            if let expected = golden.read(expectedName) {
                #expect(result.stdoutText == String(decoding: expected, as: UTF8.self), "\(golden.name)/\(expectedName)\n\(result)")
            } else {
                #expect(result.stdout.isEmpty, "\(result)")
            }
            if !checkedStderr, let expected = golden.read("expected.stderr") {
                #expect(result.stderrText == String(decoding: expected, as: UTF8.self), "\(golden.name)/expected.stderr\n\(result)")
            }
            checkedStderr = true
        }
    }

    @Test(arguments: GoldenCase.all)
    func outputIsTheSameBytesOnEveryRun(_ golden: GoldenCase) throws {
        let first = try PerProcess.run(golden.arguments + ["--format", "json"], in: golden.directory, stdin: golden.read("stdin"))
        let second = try PerProcess.run(golden.arguments + ["--format", "json"], in: golden.directory, stdin: golden.read("stdin"))
        #expect(first.stdout == second.stdout)
        #expect(first.stderr == second.stderr)
        #expect(first.status == second.status)
    }
}

import Foundation
import Testing

/// Every golden HTML page (`Fixtures/*/expected.html`) opened in a real browser: headless
/// Chromium driven by playwright (`Tests/Browser/check_pages.py`, one browser for all pages).
/// Each page must load nothing but itself, log no error, open no dialog and hold no element
/// made from a name, show every list and product of its case's `expected.json` in order, and
/// not be blank. `make test` (its browser-deps step) installs Chromium and playwright (in `.build/browser-venv`);
/// without them the test is skipped and says why.
@Suite struct BrowserTests {
    static let root = GoldenCase.fixtures.deletingLastPathComponent()
    static let script = root.appendingPathComponent("Tests/Browser/check_pages.py")

    /// The browser (`PER_CHROMIUM`, else Debian's).
    static let chromium = ProcessInfo.processInfo.environment["PER_CHROMIUM"] ?? "/usr/bin/chromium"

    /// A Python that has playwright: `PER_BROWSER_PYTHON`, else the one `make browser-deps` sets up,
    /// else `python3`; nil when none has it.
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates: [String?] = [environment["PER_BROWSER_PYTHON"], root.appendingPathComponent(".build/browser-venv/bin/python").path,
                                     "python3"]
        return candidates.compactMap { $0 }.first { candidate in
            (try? PerProcess.program([candidate, "-c", "import playwright"]).status) == 0
        }
    }()

    static var missing: String? {
        if !FileManager.default.isExecutableFile(atPath: chromium) {
            return "no Chromium at \(chromium): make browser-deps installs Debian's chromium (or set PER_CHROMIUM)"
        }
        if python == nil { return "no Python with playwright: make browser-deps installs it in .build/browser-venv (or set PER_BROWSER_PYTHON)" }
        return nil
    }

    static let pages = GoldenCase.all.filter { $0.read("expected.html") != nil }

    @Test func someCasesHaveGoldenHTMLPages() {
        #expect(Self.pages.count >= 5, "\(Self.pages.map(\.name))")
        #expect(Self.pages.allSatisfy { $0.read("expected.json") != nil }, "each page's case needs expected.json to check it against")
    }

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")), .timeLimit(.minutes(5)))
    func everyGoldenPageLoadsNothingRunsNothingAndShowsEveryProductInRankOrder() throws {
        let arguments = Self.pages.flatMap { [$0.file("expected.html").path, $0.file("expected.json").path] }
        let result = try PerProcess.program([Self.python!, Self.script.path, Self.chromium] + arguments)
        #expect(result.status == 0, "check_pages.py exited \(result.status):\n\(result.stderrText)")
        var checked = Set<String>()
        for line in result.stdoutText.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let page = object["page"] as? String, let problems = object["problems"] as? [String] else {
                Issue.record("check_pages.py printed what is not a page's result: \(line)")
                continue
            }
            checked.insert(page)
            for problem in problems { Issue.record("\(page): \(problem)") }
        }
        #expect(checked == Set(arguments.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)),
                "pages not checked; check_pages.py said:\n\(result.stderrText)")
    }
}

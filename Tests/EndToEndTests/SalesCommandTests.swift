import Foundation
import Testing

/// The command line around `per sales`: the shop's name, `--strict` for cron, every format into
/// a folder, and what it refuses.
@Suite struct SalesCommandTests {
    let directory: URL
    static let header = "naziv,šifra,neto količina,jedinica mjere,MPC,MPC za vrijeme posebnog oblika prodaje,"
        + "Najniža cijena u posljednjih 30 dana,sidrena cijena na 2.5.2025,kategorija proizvoda\n"

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-sales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("konzum_valkanela-2026-02-08.csv", "Mlijeko 1 l,101,1,l,1.29,,,1.29,Hrana\n")
        try write("konzum_valkanela-2026-02-09.csv", "Mlijeko 1 l,101,1,l,1.29,1.19,1.19,1.29,Hrana\n")
    }

    func write(_ name: String, _ rows: String) throws {
        try Data((Self.header + rows).utf8).write(to: directory.appendingPathComponent(name))
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(["sales"] + arguments, in: directory)
    }

    static let days = ["konzum_valkanela-2026-02-08.csv", "konzum_valkanela-2026-02-09.csv"]

    @Test func theShopIsTheLatestFilesNameWithoutItsDateUnlessNamed() throws {
        let json = try run(["--format", "json"] + Self.days)
        #expect(json.status == 0, "\(json)")
        #expect(json.stdoutText.contains("\"shop\": \"konzum_valkanela\","), "\(json)")
        #expect(json.stdoutText.contains("\"verdict\": \"sale_not_below_published_low\""), "\(json)")
        let named = try run(["--format", "json", "--shop", "Konzum Vrsar"] + Self.days)
        #expect(named.stdoutText.contains("\"shop\": \"Konzum Vrsar\","), "\(named)")
    }

    @Test func strictExitsOneWhenAClaimIsQuestionedAndZeroWhenNone() throws {
        let questioned = try run(["--strict"] + Self.days)
        #expect(questioned.status == 1, "\(questioned)")
        #expect(questioned.stderrText.contains("1 product on sale: 1 with questionable claims (1 claim)"), "\(questioned)")
        try write("fine-2026-02-09.csv", "Mlijeko 1 l,101,1,l,1.29,1.09,1.19,1.29,Hrana\n")
        let fine = try run(["--strict", "fine-2026-02-09.csv"])
        #expect(fine.status == 0, "\(fine)")
        #expect(fine.stderrText.contains("1 product on sale: 0 with questionable claims (0 claims), 0 passed, 1 not enough history"), "\(fine)")
    }

    @Test func outputDirWritesMarkdownCSVAndJSONAndHTMLIsRefused() throws {
        let written = try run(["--output-dir", "out", "--quiet"] + Self.days)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path).sorted()
        #expect(files == ["sales.csv", "sales.json", "sales.md"])
        let html = try run(["--format", "html"] + Self.days)
        #expect(html.status == 64, "\(html)")
        #expect(html.stderrText.contains("not html yet"), "\(html)")
    }

    @Test func snapshotsOutOfOrderOrUndatedAreRefusedAsPerHistoryRefusesThem() throws {
        let backwards = try run(Self.days.reversed())
        #expect(backwards.status == 65, "\(backwards)")
        #expect(backwards.stderrText.contains("oldest first"), "\(backwards)")
        try write("undated.csv", "Mlijeko 1 l,101,1,l,1.29,1.19,1.19,1.29,Hrana\n")
        let undated = try run(["undated.csv"])
        #expect(undated.status == 65, "\(undated)")
        #expect(undated.stderrText.contains("has no date"), "\(undated)")
    }

    @Test func aJSONReportIsRefusedForItKeepsNoSales() throws {
        let report = try PerProcess.run(["report", "--format", "json", "-o", "r-2026-02-07.json", Self.days[0]], in: directory)
        #expect(report.status == 0, "\(report)")
        let refused = try run(["r-2026-02-07.json"] + Self.days)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderrText.contains("r-2026-02-07.json is a JSON report, which keeps no sale prices"), "\(refused)")
    }
}

@testable import PerKit
import Testing

/// What per says about its inputs, in one shape (`Diagnostic`).
@Suite struct DiagnosticTests {
    /// Notes alike for several files are said once, where the first was; a diagnostic of a line
    /// is never grouped.
    @Test func notesAlikeAreSaidOnceForTheirFiles() {
        let notes = [
            Diagnostic(.note, file: "a.csv", "';'-separated"),
            Diagnostic(.warning, file: "a.csv", line: 3, "rejected: no price"),
            Diagnostic(.note, file: "b.csv", "';'-separated"),
            Diagnostic(.note, file: "c.csv", "TAB-separated", hint: "say otherwise"),
            Diagnostic(.note, file: "d.csv", "';'-separated"),
            Diagnostic(.warning, file: "d.csv", line: 3, "rejected: no price"),
        ]
        #expect(Diagnostic.grouped(notes).map(\.description) == [
            "a.csv and 2 more files: ';'-separated",
            "a.csv:3: rejected: no price",
            "c.csv: TAB-separated: say otherwise",
            "d.csv:3: rejected: no price",
        ])
    }
}

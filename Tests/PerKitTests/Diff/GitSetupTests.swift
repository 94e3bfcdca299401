@testable import PerKit
import Testing

/// Issue 45: the set-up lines `per git-setup` prints and writes.
@Suite struct GitSetupTests {
    @Test func twoLinesSetUpTheAttributesAndTheDriver() {
        #expect(GitSetup().shellLines == [
            "printf '%s\\n' 'reports/*.json diff=per' 'reports/*.csv diff=per' >> .gitattributes",
            "git config diff.per.command 'per diff --git-driver' && git config diff.per.textconv 'per textconv'",
        ])
        #expect(GitSetup(patterns: ["it's/*.json"]).shellLines[0] == "printf '%s\\n' 'it'\\''s/*.json diff=per' >> .gitattributes")
    }

    @Test func attributesGainOnlyTheLinesTheyLack() {
        let setup = GitSetup()
        #expect(setup.attributes(adding: []) == Array("reports/*.json diff=per\nreports/*.csv diff=per\n".utf8))
        #expect(setup.attributes(adding: Array("*.png binary\n reports/*.json diff=per \n".utf8))
                == Array("*.png binary\n reports/*.json diff=per \nreports/*.csv diff=per\n".utf8))
        #expect(setup.attributes(adding: Array("*.png binary".utf8)) == Array("*.png binary\nreports/*.json diff=per\nreports/*.csv diff=per\n".utf8))
        #expect(setup.attributes(adding: Array("reports/*.csv diff=per\nreports/*.json diff=per\n".utf8)) == nil)
    }
}

@testable import PerKit
import Testing

/// Issue 45: what git hands `per diff --git-driver`, and the lines that open a path's diff.
@Suite struct GitDiffCallTests {
    func call(_ arguments: [String]) throws -> GitDiffCall {
        try GitDiffCall(arguments: arguments.map { PathName(bytes: Array($0.utf8)) })
    }

    @Test func aChangedPathNamesBothSidesAndTheirBlobs() throws {
        let call = try call(["reports/report.json", "/tmp/git-blob-Xa1/report.json", "78981922613b2afb", "100644",
                             "reports/report.json", "0000000000000000", "100644"])
        #expect(call.oldFile?.description == "/tmp/git-blob-Xa1/report.json" && call.newFile?.description == "reports/report.json")
        #expect(call.header == "diff --per a/reports/report.json b/reports/report.json\nindex 7898192..0000000\n")
        #expect(call.listName == "report")
    }

    @Test func anAddedOrDeletedSideIsDevNull() throws {
        let added = try call(["r.csv", "/dev/null", ".", ".", "r.csv", "8ba3a16384aacc37", "100644"])
        #expect(added.oldFile == nil && added.newFile != nil)
        #expect(added.header == "diff --per a/r.csv b/r.csv\nnew file\nindex 0000000..8ba3a16\n")
        let deleted = try call(["r.csv", "/tmp/x/r.csv", "8ba3a16384aacc37", "100644", "/dev/null", ".", "."])
        #expect(deleted.newFile == nil)
        #expect(deleted.header == "diff --per a/r.csv b/r.csv\ndeleted file\nindex 8ba3a16..0000000\n")
    }

    @Test func aRenameHasNineArgumentsAndAnUnmergedPathOne() throws {
        let renamed = try call(["old.json", "/tmp/a/old.json", "1111111aaa", "100644", "new.json", "2222222bbb", "100644", "new.json",
                                "similarity index 90%\nrename from old.json\nrename to new.json\n"])
        #expect(renamed.path.description == "new.json" && renamed.oldPath?.description == "old.json")
        #expect(renamed.header == "diff --per a/old.json b/new.json\nrenamed from old.json to new.json\nindex 1111111..2222222\n")
        let unmerged = try call(["r.json"])
        #expect(unmerged.isUnmerged && unmerged.header == "diff --per a/r.json b/r.json\nunmerged path: nothing to compare\n")
        #expect(throws: GitDiffCall.WrongArgumentCount.self) { try call(["a.json", "b.json"]) }
    }
}

import Foundation
import Testing

/// `per history --git FILE`: which commits are the file's, how its versions are named in
/// messages, and the temporary folder a sheet's versions are copied into.
@Suite struct HistoryGitTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-history-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs `script` in a new repository (`week DATE FILE ROWS` commits FILE with ROWS under a
    /// header, dated DATE at noon), when git is installed.
    func inRepository(_ script: String) throws -> PerProcess.Result? {
        guard (try? PerProcess.shell("git --version", in: directory))?.status == 0 else {
            Issue.record("git is not installed: the --git tests cannot run")
            return nil
        }
        return try PerProcess.shell("""
            set -e
            git init -q . && git config user.email t@example.com && git config user.name t
            week() { printf 'list,name,quantity,unit,price\\n%b' "$3" > "$2"
                     git add "$2" && GIT_COMMITTER_DATE="$1T12:00:00Z" git commit -qm "$1"; }
            \(script)
            """, in: directory)
    }

    /// A file's name is not a pattern: `week[1].csv`'s versions are its own, not those of
    /// `week1.csv`, which git would match with it.
    @Test func aFileNamedLikeAPatternHasOnlyItsOwnVersions() throws {
        guard let result = try inRepository("""
            week 2026-01-04 'week[1].csv' 'L,Oat,1,l,1.99\\n'
            week 2026-01-05 week1.csv 'L,Milk,1,l,0.99\\n'
            week 2026-01-06 'week[1].csv' 'L,Oat,1,l,2.09\\n'
            per history --git --format csv 'week[1].csv'
            """) else { return }
        #expect(result.status == 0, "\(result)")
        let header = result.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasSuffix(",ambiguous_dates,2026-01-04,2026-01-06"), "\(result)")
        #expect(result.stderrText.hasSuffix("per: 2 product rows in 2 snapshots followed as 1 product; 1 changed price or size, 0 resized\n"),
                "\(result)")
    }

    /// git's standard output and error are read together: a git that says much on its error
    /// before its output (warnings) does not wait for ever on a pipe per is not reading.
    @Test func gitSayingMuchOnItsErrorDoesNotStopTheRun() throws {
        guard let result = try inRepository("""
            mkdir bin
            cat > bin/git <<'EOF'
            #!/bin/sh
            case " $* " in
              *" log "*) echo "0123456789abcdef0123456789abcdef01234567 2026-01-04" ;;
              *) i=0; while [ $i -lt 2000 ]; do echo "warning: a line git may write on its standard error, many times over" >&2; i=$((i + 1)); done
                 printf 'list,name,quantity,unit,price\\nL,Rice,1,kg,2.00\\n' ;;
            esac
            EOF
            chmod +x bin/git
            touch prices.csv
            PATH=$PWD/bin:$PATH timeout 120 per history --git --format csv prices.csv
            """) else { return }
        #expect(result.status == 0 && result.stdoutText.contains(",2.0000\n"), "\(result)")
    }
}

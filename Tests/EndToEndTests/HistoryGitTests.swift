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

    /// An empty version and a binary one are named by the file and the commit, never by the
    /// temporary copy per read.
    @Test func emptyAndBinaryVersionsAreNamedByFileAndCommit() throws {
        guard let result = try inRepository("""
            week 2026-01-04 e.csv 'L,Oat,1,l,1.99\\n'
            : > e.csv && git add e.csv && GIT_COMMITTER_DATE=2026-01-05T12:00:00Z git commit -qm empty
            empty=$(git log --format=%h --abbrev=12 -n 1)
            printf 'a\\0b' > b.csv && git add b.csv && GIT_COMMITTER_DATE=2026-01-06T12:00:00Z git commit -qm binary
            binary=$(git log --format=%h --abbrev=12 -n 1)
            per history --git e.csv || echo "status $?"
            per history --git b.csv || echo "status $?"
            echo "$empty $binary"
            """) else { return }
        let commits = result.stdoutText.split(separator: "\n").last?.split(separator: " ").map(String.init) ?? []
        #expect(commits.count == 2 && result.stdoutText.hasPrefix("status 65\nstatus 65\n"), "\(result)")
        guard commits.count == 2 else { return }
        #expect(result.stderrText == """
            per: e.csv@\(commits[0]): the file is empty; a price sheet starts with a header line such as name,quantity,unit,price
            per: no report written: an input has problems
            per: b.csv@\(commits[1]):1:2: the file has a NUL byte here, which no text file has; is it binary, UTF-16 or damaged?
            per: no report written: an input has problems

            """, "\(result)")
    }

    /// A sheet's versions are copied into one folder under TMPDIR, which is gone when per ends,
    /// whether it finishes, cannot make the folder or is stopped by a signal while it reads.
    @Test func versionsAreCopiedUnderTMPDIRAndRemovedWhenPerIsStopped() throws {
        guard let result = try inRepository("""
            for day in 04 05 06 07 08 09; do
              awk -v d=$day 'BEGIN { print "list,name,quantity,unit,price"; for (i = 0; i < 20000; i++) printf "L,P%d,1,kg,%d.%s\\n", i, 1 + i % 7, d }' > prices.csv
              git add prices.csv && GIT_COMMITTER_DATE=2026-01-${day}T12:00:00Z git commit -qm $day
            done
            mkdir tmp
            TMPDIR=$PWD/tmp/ per history --quiet --git -o history.md prices.csv
            echo "finished, left: [$(ls -A tmp)]"
            TMPDIR=$PWD/nowhere per history --quiet --git -o history.md prices.csv || echo "no TMPDIR: status $?"
            # Stopped once a version is being copied or read (SIGINT is ignored by a shell's
            # background commands, so per keeps it ignored).
            for signal in TERM HUP TERM TERM; do
              TMPDIR=$PWD/tmp per history --quiet --git -o history.md prices.csv & pid=$!
              seen=
              while kill -0 $pid 2>/dev/null; do
                seen=$(ls tmp/per-history-*/ 2>/dev/null) || seen=
                [ -n "$seen" ] && break
              done
              kill -$signal $pid 2>/dev/null || true
              status=0; wait $pid || status=$?
              echo "$signal: saw [$seen], status $status, left: [$(ls -A tmp)]"
            done
            """) else { return }
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText == """
            finished, left: []
            no TMPDIR: status 66
            TERM: saw [prices.csv], status 143, left: []
            HUP: saw [prices.csv], status 129, left: []
            TERM: saw [prices.csv], status 143, left: []
            TERM: saw [prices.csv], status 143, left: []

            """, "\(result)")
        #expect(result.stderrText.contains("per: prices.csv: cannot make a temporary folder in \(directory.path)/nowhere to read its versions"),
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

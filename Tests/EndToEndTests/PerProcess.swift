import Foundation

/// Runs the built `per` binary, which SwiftPM puts beside this test bundle.
struct PerProcess {
    struct Result: CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var stdout: Data
        var stderr: Data

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        /// What a failing test prints: the command, its status and both outputs.
        var description: String {
            "$ per \(arguments.joined(separator: " "))\nstatus: \(status)\n--- stdout\n\(stdoutText)\n--- stderr\n\(stderrText)"
        }
    }

    /// The `per` built beside this test bundle, or the one `PER_BINARY` names (so that the
    /// same tests can run against a release build).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PER_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("per")
    }

    /// `environment` adds to (or replaces in) the test's own environment.
    /// `stdinFile`: a file to open as standard input (as a shell's `< file` does), instead of
    /// a pipe fed `stdin`.
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: Data? = nil, stdinFile: URL? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe()
        let inputFile = try stdinFile.map { try FileHandle(forReadingFrom: $0) }
        process.standardInput = inputFile ?? input
        return try launch(process, shownAs: arguments) {
            if let stdin, inputFile == nil { input.fileHandleForWriting.write(stdin) }
            try input.fileHandleForWriting.close()
        }
    }

    /// Runs `process` to its end, its standard output and error drained while it runs so that
    /// a large report cannot block it; `feed` writes its standard input, if any, once started.
    private static func launch(_ process: Process, shownAs arguments: [String], feed: () throws -> Void = {}) throws -> Result {
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = error.fileHandleForReading.readDataToEndOfFile() }
        try feed()
        process.waitUntilExit()
        group.wait()
        return Result(arguments: arguments, status: process.terminationStatus, stdout: outData, stderr: errData)
    }

    /// Runs another program (`arguments[0]`, looked up in `PATH`), such as the browser tests'
    /// Python script.
    static func program(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        return try launch(process, shownAs: arguments)
    }

    /// Runs `script` with /bin/sh in `directory`, `$PER` naming the binary and its folder first
    /// in `PATH` (so that `per` is it): for what a command line of Swift strings cannot say
    /// (file names that are no UTF-8, a closed standard output) and for lines users copy.
    /// A folder in which `per` is the binary under test: its own, or (when `PER_BINARY` names a
    /// file of another name) a temporary one holding a link named `per`, so that no other `per`
    /// on `PATH` is run instead.
    static let folderNamingPer: String = {
        if binary.lastPathComponent == "per" { return binary.deletingLastPathComponent().path }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("per-under-test-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("per")
        try? FileManager.default.removeItem(at: link)
        try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
        return folder.path
    }()

    static func shell(_ script: String, in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let path = folderNamingPer + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["PER": binary.path, "PATH": path]) { $1 }
            .merging(environment) { $1 }
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        return try launch(process, shownAs: ["(sh)", script])
    }
}

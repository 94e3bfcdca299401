#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file, or standard input for `-`, in chunks with read(2): no Foundation, no
/// copy of the whole file in memory.
enum InputBytes {
    /// `refusingDevices`: a disk, or a character device other than a terminal (`/dev/zero`),
    /// is refused rather than read (for what is read whole: it may have no end).
    static func forEachChunk(
        of input: InputFile,
        chunkSize: Int,
        refusingDevices: Bool = false,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let stream = input.stream
        let descriptor = try stream?.descriptor ?? (input.isStandardInput ? STDIN_FILENO : openFile(input))
        defer { if stream == nil && !input.isStandardInput { close(descriptor) } }

        let status = try kind(of: descriptor, input, refusingDevices: refusingDevices)

        // A regular file must not change while it is read: what was read is then neither the
        // old file nor the new one (a file cut short gave a report of half its rows).
        let before = (status.st_mode & S_IFMT) == S_IFREG ? FileState(status) : nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        if let head = stream?.head, !head.isEmpty {
            total += head.count
            try head.withUnsafeBytes { try body($0) }
        }
        while true {
            let count = read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: input.shownPath, .cannotRead(reason: errnoDescription()))
            }
            if count == 0 { break }
            total += count
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        if let before {
            // Standard input redirected from a file: no path to look at again, and reading may
            // have begun past its start.
            try checkUnchanged(descriptor, path: input.isStandardInput ? nil : input.path, since: before,
                               bytesRead: input.isStandardInput ? nil : total, shownAs: input.shownPath)
        }
    }

    /// The file's status; a directory is refused, and with `refusingDevices` a disk or a
    /// character device other than a terminal.
    private static func kind(of descriptor: Int32, _ input: InputFile, refusingDevices: Bool) throws -> stat {
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw InputError(file: input.shownPath, .isDirectory)
            case S_IFBLK where refusingDevices: throw InputError(file: input.shownPath, .isDevice(kind: "a block device (a disk)"))
            case S_IFCHR where refusingDevices && isatty(descriptor) != 1: throw InputError(file: input.shownPath, .isDevice(kind: "a character device"))
            default: break
            }
        }
        return status
    }

    /// Opens a stream (standard input for `-`, a pipe) and reads its first `count` bytes (fewer
    /// only where it ends), to learn what it is; reading `file` with the stream set goes on
    /// from there. A device is refused, as `contents()` refuses it.
    static func openStream(_ file: InputFile, peeking count: Int) throws -> OpenStream {
        let descriptor = file.isStandardInput ? STDIN_FILENO : try openFile(file)
        do {
            // What is read whole may have no end: a device is refused before any of it is read.
            _ = try kind(of: descriptor, file, refusingDevices: true)
        } catch {
            if !file.isStandardInput { close(descriptor) }
            throw error
        }
        var head = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 {
                let reason = errnoDescription()
                if !file.isStandardInput { close(descriptor) }
                throw InputError(file: file.shownPath, .cannotRead(reason: reason))
            }
            if got == 0 { break }
            done += got
        }
        return OpenStream(descriptor: descriptor, closes: !file.isStandardInput, head: Array(head.prefix(done)))
    }

    /// What says a regular file is as it was: its size, modification time and identity.
    struct FileState: Equatable {
        let size: Int
        let modified: (seconds: Int, nanoseconds: Int)
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            size = Int(status.st_size)
            modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }

        static func == (a: FileState, b: FileState) -> Bool {
            a.size == b.size && a.modified == b.modified && a.device == b.device && a.inode == b.inode
        }
    }

    /// The state of the file open as `descriptor`, or nil for one that is no regular file.
    static func state(_ descriptor: Int32) -> FileState? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileState(status)
    }

    /// Fails when the file read changed since `before`: another size or modification time,
    /// fewer or more bytes read than it had, or another file now at its path (replaced).
    static func checkUnchanged(_ descriptor: Int32, path: PathName?, since before: FileState, bytesRead: Int?,
                               shownAs name: String? = nil) throws {
        var now = stat()
        var atPath = stat()
        let replaced = path.map { $0.withCString({ stat($0, &atPath) }) != 0 || UInt64(atPath.st_ino) != before.inode || UInt64(atPath.st_dev) != before.device }
        let changed = fstat(descriptor, &now) != 0 || FileState(now) != before || (bytesRead.map { $0 != before.size } ?? false)
            || replaced == true
        if changed { throw InputError(file: name ?? path?.description ?? "-", .changedWhileRead) }
    }

    /// A file opened for reading; the caller closes it.
    static func openFile(_ input: InputFile) throws -> Int32 {
        let descriptor = input.path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw InputError(file: input.shownPath, .cannotOpen(reason: errnoDescription())) }
        return descriptor
    }

    /// Reads at `offset` (pread) until the buffer is full or the file ends; the bytes read.
    /// Threads may read one descriptor this way at once.
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, path: String) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, .cannotRead(reason: errnoDescription()))
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// `count` bytes at `offset`, fewer where the file ends.
    static func bytes(_ descriptor: Int32, count: Int, at offset: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try readFully(descriptor, into: $0, at: offset, path: path) }
        bytes.removeLast(count - read)
        return bytes
    }

    private static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}

extension InputFile {
    /// A stream's first `count` bytes read (`InputBytes.openStream`): the file, reading on from them.
    public func peeked(_ count: Int) throws(InputError) -> InputFile {
        var file = self
        do {
            file.stream = try InputBytes.openStream(self, peeking: count)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: shownPath, .cannotRead(reason: "\(error)"))
        }
        return file
    }

    /// The whole file (standard input for `-`), for what is read at once rather than streamed:
    /// a JSON report, a list of files. A FIFO is read to its end; a device other than a
    /// terminal is refused (`/dev/zero` has no end, a disk is no report).
    /// `limit`: the most bytes read (a stream may have no end), past which reading stops
    /// with `InputError.Problem.limit`.
    public func contents(limit: (what: String, bytes: Int)? = nil) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Room for the whole file at once: growing a report of hundreds of megabytes by
        // doubling cleared and copied its pages over and over.
        if let size { bytes.reserveCapacity(size + 1) }
        do {
            try InputBytes.forEachChunk(of: self, chunkSize: 1 << 20, refusingDevices: true) {
                if let limit, bytes.count + $0.count > limit.bytes { throw InputError(file: shownPath, .limit(what: limit.what, limit: limit.bytes)) }
                bytes.append(contentsOf: $0)
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, .cannotRead(reason: "\(error)"))
        }
        return bytes
    }
}

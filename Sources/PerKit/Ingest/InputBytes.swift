#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file, or standard input for `-`, in chunks with read(2): no Foundation, no
/// copy of the whole file in memory.
enum InputBytes {
    static func forEachChunk(
        of input: InputFile,
        chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let descriptor = input.isStandardInput ? STDIN_FILENO : try openFile(input)
        defer { if !input.isStandardInput { close(descriptor) } }

        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(file: input.path, .isDirectory)
        }

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: input.path, .cannotRead(reason: errnoDescription()))
            }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// A file opened for reading; the caller closes it.
    static func openFile(_ input: InputFile) throws -> Int32 {
        let descriptor = open(input.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(file: input.path, .cannotOpen(reason: errnoDescription())) }
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

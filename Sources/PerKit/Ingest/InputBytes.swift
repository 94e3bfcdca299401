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
        let descriptor: Int32
        if input.isStandardInput {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(input.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw InputError(file: input.path, .cannotOpen(reason: errnoDescription()))
            }
        }
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

    private static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}

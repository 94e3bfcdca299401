#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The file a report is about to replace, let go of from memory as the run starts.
///
/// A report replaces the previous one by a rename (`AtomicFile`); the old file's cached pages
/// are freed only then, when the rename drops its last link. Until then the machine holds both
/// reports' pages, and the new report's page cache comes from memory not used lately: on a VM
/// whose host takes freed memory back (virtio-balloon free page reporting), each such page
/// costs a host fault. Dropping the old report's pages as the run starts, on a background
/// thread (15 ms for a 260 MB JSON report), hands them to the new report. A 1M-row report over
/// the previous one, still cached, 10 rounds with the order of the two builds rotated: JSON
/// 0.86 -> 0.48 s, Markdown 0.50 -> 0.42 s, CSV unchanged within the noise. (The rename itself
/// still takes 15-40 ms: ext4 freeing the old file's blocks.)
///
/// Only the cached copy goes: the file and its bytes are untouched, a failed run leaves it in
/// place as ever, and whoever reads it meanwhile reads it from disk. An input (by device and
/// inode, standard input included) is never dropped, nor anything but a regular file. Linux
/// writes dirty pages out before dropping them, which for a file another program wrote moments
/// ago means writing it to disk only to delete it (100 MB: the run took 0.10 s instead of
/// 0.05 s). So the drop goes ahead only while the whole machine has less not yet written
/// (`Dirty` in /proc/meminfo) than a quarter of the file: at worst that much of it is written
/// out, and only large files are worth dropping. per's own reports are written out as they
/// grow (`EarlyWriteback`), so replacing one finds little dirty. (This machine keeps about
/// 9 MB dirty whatever runs.) The drop is not ordered with the rename: on a run shorter than
/// the drop, the new report's pages may go instead.
public enum ReplacedFile {
    /// Starts dropping the cached pages of the regular file at `path` (following links), unless
    /// it is one of `inputs`; returns at once. A missing or special file is left alone.
    public static func releaseCache(at path: PathName, inputs: [InputFile]) {
        DispatchQueue.global(qos: .utility).async { _ = dropCache(at: path, inputs: inputs) }
    }

    /// `releaseCache` on the calling thread: whether the pages were asked to go. `dirtyBytes`
    /// is for tests.
    static func dropCache(at path: PathName, inputs: [InputFile], dirtyBytes: () -> Int? = systemDirtyBytes) -> Bool {
        #if os(Linux)
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              !inputs.contains(where: { $0.identity == FileIdentity(status) }) else { return false }
        guard let dirty = dirtyBytes(), dirty < Int(status.st_size) / 4 else { return false }
        // Should something else take the file's place after the stat (a FIFO, a terminal),
        // opening it neither waits for a writer nor makes it this process's terminal, and the
        // descriptor is dropped unless it is the file that was checked.
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard FileIdentity(descriptor: descriptor) == FileIdentity(status) else { return false }
        return posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0
        #else
        return false
        #endif
    }

    /// Bytes in dirty pages machine-wide (`Dirty:` in /proc/meminfo), or nil when unknown.
    static func systemDirtyBytes() -> Int? {
        let descriptor = open("/proc/meminfo", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16 << 10)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? dirtyBytes(meminfo: bytes[..<count]) : nil
    }

    /// The `Dirty:` line of /proc/meminfo's text (`Dirty:    1234 kB`) in bytes.
    static func dirtyBytes(meminfo: ArraySlice<UInt8>) -> Int? {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let line = meminfo.split(separator: Byte.lf).first(where: { $0.starts(with: "Dirty:".utf8) }) else { return nil }
        let digits = line.dropFirst(6).drop { $0 == Byte.space }.prefix(while: isDigit)
        guard !digits.isEmpty, digits.count < 16, line.reversed().starts(with: "Bk ".utf8) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * 1024
    }
}

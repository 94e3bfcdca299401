#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stream (standard input, a pipe such as `<(git show HEAD:report.json)`) whose first bytes
/// were read to learn what it is (`InputBytes.openStream`): reading it goes on from them, on
/// the same descriptor, so that nothing is read twice or held whole. (A pipe cannot be read
/// again, and a FIFO closed and opened again may lose its writer.)
public final class OpenStream: Hashable, @unchecked Sendable {
    /// The descriptor the stream is read from: standard input's, or one opened for it.
    let descriptor: Int32
    private let closes: Bool
    /// The bytes read so far, given again before the rest.
    public let head: [UInt8]

    /// `closes`: the descriptor was opened for the stream, and goes with it.
    init(descriptor: Int32, closes: Bool, head: [UInt8]) {
        self.descriptor = descriptor
        self.closes = closes
        self.head = head
    }

    deinit {
        if closes { close(descriptor) }
    }

    public static func == (a: OpenStream, b: OpenStream) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

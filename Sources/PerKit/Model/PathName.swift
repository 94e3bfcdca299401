#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path as the system knows it: bytes, which on Linux need not be UTF-8 (`caf\xE9.csv`
/// written on a Latin-1 system). Every system call gets the bytes as given; messages and
/// reports show the path as `description`, with what is no UTF-8 escaped.
///
/// The command line reaches per as text: `argumentText(_:)` turns an argument's bytes into a
/// `String` that keeps every byte, which `init(argumentText:)` turns back into the same bytes.
public struct PathName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// A path written as text (tests, names per makes itself).
    public init(stringLiteral text: String) {
        self.init(argumentText: text)
    }

    /// `-`: standard input as an input, standard output as an output.
    public var isDash: Bool { bytes == [UInt8(ascii: "-")] }

    /// The path with `suffix` after its last byte (`report.md` + `.tmp-XXXXXX`).
    public func appending(_ suffix: String) -> PathName {
        appending(PathName(argumentText: suffix))
    }

    public func appending(_ other: PathName) -> PathName {
        PathName(bytes: bytes + other.bytes)
    }

    /// The bytes after the last `/`; the whole path when it has none.
    public var lastComponent: [UInt8] {
        let trimmed = bytes.last == UInt8(ascii: "/") ? Array(bytes.reversed().drop(while: { $0 == UInt8(ascii: "/") }).reversed()) : bytes
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return Array(trimmed[(slash + 1)...])
    }

    /// The bytes before the last component: the directory the path is in (`.` for none).
    public var directory: PathName {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : PathName(bytes: bytes[..<slash])
    }

    /// The path with `.`, `..` and links resolved (realpath), or nil when it names nothing.
    public var resolved: PathName? {
        guard let real = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return PathName(bytes: UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    /// Where a symbolic link that points to nothing yet points (relative to the link's own
    /// folder when relative), following links to links a few times; nil when the path is no
    /// such link.
    public var danglingLinkTarget: PathName? {
        var current = self
        for _ in 0..<8 {
            var status = stat()
            guard current.withCString({ lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
                return current == self ? nil : current
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = current.withCString { readlink($0, &buffer, buffer.count - 1) }
            guard length > 0 else { return nil }
            let link = buffer[..<length].map { UInt8(bitPattern: $0) }
            current = link.first == UInt8(ascii: "/") ? PathName(bytes: link) : PathName(bytes: current.directory.bytes + [UInt8(ascii: "/")] + link)
        }
        return nil
    }

    /// Calls `body` with the path as a C string for a system call.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path as messages and reports show it: its UTF-8 as it is, and each byte that is no
    /// UTF-8, or a control character, as `\xHH` (`caf\xE9.csv`).
    public var description: String {
        var text = ""
        Self.decode(bytes) { piece in
            switch piece {
            case .scalar(let scalar) where scalar.value >= 0x20 && scalar.value != 0x7F:
                text.unicodeScalars.append(scalar)
            case .scalar(let scalar):
                text += Self.escaped(UInt8(scalar.value))
            case .byte(let byte):
                text += Self.escaped(byte)
            }
        }
        return text
    }

    // MARK: Arguments

    /// The scalars U+10FF80 to U+10FFFF (private use) stand for the bytes 0x80 to 0xFF in
    /// argument text. A byte that is no UTF-8 is written as its stand-in, and so is each byte of
    /// a stand-in scalar that the argument itself holds, so that every argument reads back.
    static let standInBase: UInt32 = 0x10FF00

    /// An argument's bytes as text that keeps them all: UTF-8 as it is, other bytes as stand-ins.
    public static func argumentText(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        decode(Array(bytes)) { piece in
            switch piece {
            case .scalar(let scalar):
                text.unicodeScalars.append(scalar)
            case .byte(let byte):
                text.unicodeScalars.append(Unicode.Scalar(standInBase + UInt32(byte))!)
            }
        }
        return text
    }

    /// The bytes of an argument that `argumentText(_:)` wrote.
    public init(argumentText text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value >= Self.standInBase + 0x80 {
                bytes.append(UInt8(scalar.value - Self.standInBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        self.bytes = bytes
    }

    private enum Piece {
        case scalar(Unicode.Scalar)
        case byte(UInt8)
    }

    /// Walks `bytes` as UTF-8: each scalar, or each byte that is no UTF-8 or spells a stand-in.
    private static func decode(_ bytes: [UInt8], _ body: (Piece) -> Void) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value >= standInBase + 0x80 {
                    for byte in bytes[offset..<(offset + encoded.count)] { body(.byte(byte)) }
                } else {
                    body(.scalar(scalar))
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { body(.byte(byte)) }
                offset += length
            case .emptyInput:
                break loop
            }
        }
    }

    private static func escaped(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 15)])"
    }
}

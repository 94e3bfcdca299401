/// One CSV record as libcsv delivered it: the bytes of its fields and the physical line it
/// starts on. The bytes belong to the reader and are valid only inside the callback that
/// receives the record.
public struct CSVRecord {
    /// The line (from 1) on which the record's first byte stands.
    public let line: Int
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>

    public var count: Int { ends.count }

    /// The bytes of field `index`, as unquoted by libcsv.
    @inline(__always)
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// Whether every field is empty or spaces: a record that carries nothing, like a blank line.
    var isBlank: Bool {
        (0..<count).allSatisfy { self[$0].trimmingSpaces().isEmpty }
    }

    /// Every field decoded as UTF-8 (invalid bytes replaced): for headers, messages and tests.
    public var strings: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }
}

/// How a file's fields are separated and quoted.
public struct CSVDialect: Hashable, Sendable {
    public var delimiter: UInt8
    public var quote: UInt8

    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\"")) {
        self.delimiter = delimiter
        self.quote = quote
    }
}

/// Bounds that keep memory in check on hostile input; passing one stops the file.
public struct CSVLimits: Hashable, Sendable {
    /// The largest field, in bytes, after unquoting.
    public var maxFieldBytes: Int
    /// The largest record: its fields' bytes plus one per field, so that a line of a million
    /// delimiters counts too.
    public var maxRecordBytes: Int

    public init(maxFieldBytes: Int = 1 << 20, maxRecordBytes: Int = 4 << 20) {
        self.maxFieldBytes = maxFieldBytes
        self.maxRecordBytes = maxRecordBytes
    }
}

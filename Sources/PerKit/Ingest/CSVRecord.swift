/// One CSV record as libcsv delivered it: the bytes of its fields and the physical line it
/// starts on. The bytes belong to the reader and are valid only inside the callback that
/// receives the record.
public struct CSVRecord {
    /// The line (from 1) on which the record's first byte stands.
    public let line: Int
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    /// For a record whose quoting is broken: why, and its lines, kept whole in its one field.
    public var damage: RecordDamage? = nil

    public var count: Int { ends.count }
    /// The bytes of its fields, together.
    var byteCount: Int { bytes.count }

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

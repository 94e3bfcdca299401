/// A record's fields kept after the reader has moved on, for a row that is reported rather
/// than ranked (mismatched or rejected), whose fields `--rejects` writes back as read: the
/// bytes once, one field after the other, and where each field ends.
public struct RawRecord: Hashable, Sendable {
    private let bytes: [UInt8]
    /// A record is at most `CSVLimits.maxRecordBytes`, far below 2^32.
    private let ends: [UInt32]

    init(_ record: CSVRecord) {
        bytes = Array(record.bytes)
        ends = record.ends.map { UInt32($0) }
    }

    /// For tests: a record of these fields.
    init(fields: [[UInt8]]) {
        bytes = fields.flatMap { $0 }
        var end = 0
        ends = fields.map { field in
            end += field.count
            return UInt32(end)
        }
    }

    public var count: Int { ends.count }

    /// The bytes of field `index`, as read.
    public subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
    }

    /// Every field, as read.
    public var fields: [[UInt8]] { (0..<count).map { Array(self[$0]) } }
}

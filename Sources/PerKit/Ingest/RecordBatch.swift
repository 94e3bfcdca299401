/// Records packed one after another: their fields' bytes, their field ends (relative to the
/// record, as `CSVRecord` has them) and their lines. `CSVReader` builds records in one field by
/// field (so a segment's records are copied once, from libcsv's buffer to here); other
/// readers append whole records.
final class RecordBatch: @unchecked Sendable {  // used by one thread at a time, handed over whole
    private var bytes = GrowableBytes()
    private var ends = GrowableBuffer<Int>()
    /// Per record: where its bytes and its ends start.
    private var byteStarts = GrowableBuffer<Int>()
    private var endStarts = GrowableBuffer<Int>()
    private var lines = GrowableBuffer<Int>()
    /// The records whose quoting is broken, by index, in order: rare, so kept apart.
    private(set) var damaged: [(index: Int, damage: RecordDamage)] = []
    /// Where the record being built starts (the end of the last complete one).
    private var openByteStart = 0
    private var openEndStart = 0

    /// Complete records.
    var count: Int { lines.count }

    /// A whole record, copied (its ends are relative to the record already).
    func append(_ record: CSVRecord) {
        bytes.append(contentsOf: record.bytes)
        ends.append(contentsOf: record.ends)
        closeRecord(line: record.line, damage: record.damage)
    }

    /// The next field of the record being built.
    @inline(__always)
    func appendField(_ field: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: field)
        ends.append(bytes.count - openByteStart)
    }

    /// Bytes plus fields of the record being built: what `CSVLimits.maxRecordBytes` bounds.
    var openRecordSize: Int { (bytes.count - openByteStart) + (ends.count - openEndStart) }

    /// The record being built is complete.
    func closeRecord(line: Int, damage: RecordDamage? = nil) {
        if let damage { damaged.append((lines.count, damage)) }
        byteStarts.append(openByteStart)
        endStarts.append(openEndStart)
        lines.append(line)
        openByteStart = bytes.count
        openEndStart = ends.count
    }

    /// Whether a field of the record being built holds line breaks and, between them, a line
    /// shaped like a whole record: as many `delimiter`s as the record has fields, less one (a
    /// stray quote's field that ran over rows: `"Oat milk,1,l,1.49` … `Pizza 12",1,each,4.00`).
    func openRecordHoldsRowLikeLines(delimiter: UInt8) -> Bool {
        let fields = ends.count - openEndStart
        guard fields >= 2 else { return false }
        let all = bytes.buffer
        var fieldStart = openByteStart
        for index in openEndStart..<ends.count {
            let fieldEnd = openByteStart + ends.buffer[index]
            defer { fieldStart = fieldEnd }
            guard all[fieldStart..<fieldEnd].contains(where: { $0 == Byte.lf || $0 == Byte.cr }) else { continue }
            var delimiters = 0
            for position in fieldStart...fieldEnd {
                if position == fieldEnd || all[position] == Byte.lf || all[position] == Byte.cr {
                    if delimiters == fields - 1 { return true }
                    delimiters = 0
                } else if all[position] == delimiter {
                    delimiters += 1
                }
            }
        }
        return false
    }

    /// Drops the fields of the record being built.
    func discardOpenRecord() {
        bytes.setCount(openByteStart)
        ends.setCount(openEndStart)
    }

    /// The line record `index` starts on.
    @inline(__always)
    func line(at index: Int) -> Int { lines.buffer[index] }

    @inline(__always)
    func record(at index: Int) -> CSVRecord {
        let byteStart = byteStarts.buffer[index]
        let byteEnd = index + 1 < count ? byteStarts.buffer[index + 1] : openByteStart
        let endStart = endStarts.buffer[index]
        let endEnd = index + 1 < count ? endStarts.buffer[index + 1] : openEndStart
        return CSVRecord(line: lines.buffer[index],
                         bytes: UnsafeBufferPointer(rebasing: bytes.buffer[byteStart..<byteEnd]),
                         ends: UnsafeBufferPointer(rebasing: ends.buffer[endStart..<endEnd]),
                         damage: damaged.isEmpty ? nil : damage(at: index))
    }

    /// The damage of record `index`, if its quoting is broken.
    private func damage(at index: Int) -> RecordDamage? {
        var low = 0
        var high = damaged.count
        while low < high {
            let middle = (low + high) / 2
            if damaged[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < damaged.count && damaged[low].index == index ? damaged[low].damage : nil
    }

    func removeAll() {
        bytes.removeAll()
        ends.removeAll()
        byteStarts.removeAll()
        endStarts.removeAll()
        lines.removeAll()
        damaged.removeAll(keepingCapacity: true)
        openByteStart = 0
        openEndStart = 0
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where report bytes go: one buffer, written out in large blocks, so that writers never
/// build a `String` per field and never call write(2) per row.
public final class OutputBuffer {
    private var bytes = GrowableBytes()
    private let descriptor: Int32?
    private let flushThreshold = 1 << 20
    private var writeback: EarlyWriteback?

    /// Collects everything in memory (`contents`).
    public init() {
        descriptor = nil
    }

    /// Writes to an open file descriptor as the buffer fills. `writesBackEarly` for a regular
    /// file that will be renamed over another: its disk write starts as it grows
    /// (`EarlyWriteback`).
    public init(descriptor: Int32, writesBackEarly: Bool = false) {
        self.descriptor = descriptor
        writeback = writesBackEarly ? EarlyWriteback(descriptor: descriptor) : nil
        bytes.reserve(flushThreshold + 4096)
    }

    /// Bytes written and bytes whose writeback has been started, when started early (for tests).
    var writebackProgress: (written: Int, started: Int)? { writeback.map { ($0.written, $0.started) } }

    /// What was written, when collecting in memory.
    public var contents: [UInt8] { Array(bytes.buffer) }

    /// The same without a copy; valid until the next append.
    var buffer: UnsafeBufferPointer<UInt8> { bytes.buffer }

    @inline(__always)
    public func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    public func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    @inline(__always)
    public func append(_ slice: ArraySlice<UInt8>) {
        slice.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    public func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    func append(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw.assumingMemoryBound(to: UInt8.self))
    }

    /// What another, in-memory buffer holds.
    func append(contentsOf other: OutputBuffer) {
        bytes.append(contentsOf: other.bytes.buffer)
    }

    /// What another, in-memory buffer holds, written straight to the file when there is one
    /// (after what this buffer holds) instead of being copied first.
    func write(contentsOf other: OutputBuffer) throws {
        guard let descriptor, other.bytes.count >= flushThreshold / 4 else {
            append(contentsOf: other)
            try flushIfNeeded()
            return
        }
        try flush()
        try writeAll(other.bytes.buffer, to: descriptor)
        writeback?.wrote(other.bytes.count)
    }

    /// Empties an in-memory buffer, keeping its memory.
    func removeAll() {
        bytes.removeAll()
    }

    @inline(__always)
    public func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A non-negative integer in decimal.
    public func append(integer: Int) {
        precondition(integer >= 0)
        appendDigits(UInt64(integer), minimumCount: 1)
    }

    /// An exact decimal in canonical form (`0.5`, `2.50`).
    public func append(decimal: ExactDecimal) {
        appendFixed(decimal.significand, scale: decimal.scale)
    }

    /// `digits × 10^-scale` with exactly `scale` fraction digits (`17.9800`).
    public func append(fixed value: WideInteger, scale: Int) {
        switch value {
        case .small(let small):
            appendFixed(small, scale: scale)
        case .big:
            var digits = Array(value.digits.utf8)
            if digits.count <= scale { digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: scale - digits.count + 1), at: 0) }
            append(digits[..<(digits.count - scale)])
            if scale > 0 {
                bytes.append(Byte.dot)
                append(digits[(digits.count - scale)...])
            }
        }
    }

    /// A unit price × 10^`ReportPrecision.unitPrice`, as CSV and JSON write it: trailing zeros
    /// dropped down to `ReportPrecision.unitPriceLeast` decimals.
    public func append(unitPrice value: WideInteger) {
        var value = value
        var scale = ReportPrecision.unitPrice
        while scale > ReportPrecision.unitPriceLeast, value.isMultipleOfTen {
            value = value.dividedByTen
            scale -= 1
        }
        append(fixed: value, scale: scale)
    }

    /// A unit price × 10^`ReportPrecision.unitPrice` for a reader (Markdown, HTML): rounded
    /// half up to `decimals` places.
    public func append(unitPrice value: WideInteger, decimals: Int) {
        append(fixed: value.rounded(droppingDigits: ReportPrecision.unitPrice - decimals), scale: decimals)
    }

    /// Writes the buffer out once it has grown past a threshold; call between rows.
    @inline(__always)
    public func flushIfNeeded() throws {
        if descriptor != nil && bytes.count >= flushThreshold { try flush() }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        guard let descriptor else { return }
        try writeAll(bytes.buffer, to: descriptor)
        writeback?.wrote(bytes.count)
        bytes.removeAll()
    }

    // MARK: - Digits

    @inline(__always)
    private func appendFixed(_ value: UInt128, scale: Int) {
        if value >> 64 == 0 {
            appendFixed(UInt64(truncatingIfNeeded: value), scale: scale)
            return
        }
        guard scale > 0 else {
            appendDigits(value, minimumCount: 1)
            return
        }
        let (whole, fraction) = value.quotientAndRemainder(dividingBy: Power10.uint128(scale))
        appendDigits(whole, minimumCount: 1)
        bytes.append(Byte.dot)
        appendDigits(fraction, minimumCount: scale)
    }

    /// `value × 10^-scale`: digits, with the point written while they are.
    @inline(__always)
    private func appendFixed(_ value: UInt64, scale: Int) {
        guard scale < 20 else {
            let (whole, fraction) = UInt128(value).quotientAndRemainder(dividingBy: Power10.uint128(scale))
            appendDigits(UInt64(whole), minimumCount: 1)
            bytes.append(Byte.dot)
            appendDigits(UInt128(fraction), minimumCount: scale)
            return
        }
        let start = space(DecimalText.maxFixedBytes)
        commit(DecimalText.write(value, scale: scale, at: start) - start)
    }

    private func appendDigits(_ value: UInt128, minimumCount: Int) {
        if value >> 64 == 0 {
            appendDigits(UInt64(truncatingIfNeeded: value), minimumCount: minimumCount)
            return
        }
        let (high, low) = value.quotientAndRemainder(dividingBy: UInt128(Power10.of(19)))
        appendDigits(high, minimumCount: max(minimumCount - 19, 1))
        appendDigits(UInt64(low), minimumCount: 19)
    }

    @inline(__always)
    private func appendDigits(_ value: UInt64, minimumCount: Int) {
        let start = space(max(minimumCount, 20))
        commit(DecimalText.write(value, minimumDigits: minimumCount, at: start) - start)
    }

    // MARK: - Writing in place

    /// Room for `count` more bytes: where to write them. Then `commit` what was written.
    @inline(__always)
    func space(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        bytes.reserve(bytes.count + count)
        return bytes.base! + bytes.count
    }

    /// Declares `count` bytes written at what `space` returned.
    @inline(__always)
    func commit(_ count: Int) {
        bytes.setCount(bytes.count + count)
    }
}

/// Writing the report failed.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(errno code: Int32) {
        self.code = code
    }

    /// The reader of standard output went away (`per report ... | head`).
    public var isClosedPipe: Bool { code == EPIPE }

    public var description: String { String(cString: strerror(code)) }
}

/// Writes all of `buffer` to a descriptor, however many write(2) calls it takes.
private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            throw OutputError(errno: errno)
        }
        offset += written
    }
}

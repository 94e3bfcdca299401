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

    /// Collects everything in memory (`contents`).
    public init() {
        descriptor = nil
    }

    deinit { bytes.deallocate() }

    /// Writes to an open file descriptor as the buffer fills.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        bytes.reserve(flushThreshold + 4096)
    }

    /// What was written, when collecting in memory.
    public var contents: [UInt8] { Array(bytes.buffer) }

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
        appendFixed(UInt128(decimal.significand), scale: decimal.scale)
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

    /// Writes the buffer out once it has grown past a threshold; call between rows.
    @inline(__always)
    public func flushIfNeeded() throws {
        if descriptor != nil && bytes.count >= flushThreshold { try flush() }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        guard let descriptor else { return }
        let buffer = bytes.buffer
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(errno: errno)
            }
            offset += written
        }
        bytes.removeAll()
    }

    // MARK: - Digits

    private func appendFixed(_ value: UInt128, scale: Int) {
        if scale == 0 {
            appendDigits(value, minimumCount: 1)
            return
        }
        if scale < 19, let small = UInt64(exactly: value) {
            let (whole, fraction) = small.quotientAndRemainder(dividingBy: Power10.uint64[scale])
            appendDigits(whole, minimumCount: 1)
            bytes.append(Byte.dot)
            appendDigits(fraction, minimumCount: scale)
            return
        }
        let divisor = Power10.uint128(scale)
        let (whole, fraction) = value.quotientAndRemainder(dividingBy: divisor)
        appendDigits(whole, minimumCount: 1)
        bytes.append(Byte.dot)
        appendDigits(fraction, minimumCount: scale)
    }

    private func appendDigits(_ value: UInt128, minimumCount: Int) {
        if let small = UInt64(exactly: value) {
            appendDigits(small, minimumCount: minimumCount)
            return
        }
        let (high, low) = value.quotientAndRemainder(dividingBy: UInt128(Power10.uint64[19]))
        appendDigits(high, minimumCount: max(minimumCount - 19, 1))
        appendDigits(UInt64(low), minimumCount: 19)
    }

    private func appendDigits(_ value: UInt64, minimumCount: Int) {
        var minimumCount = minimumCount
        while minimumCount > 20 {  // a UInt64 has at most 20 digits; pad the rest up front
            bytes.append(0x30)
            minimumCount -= 1
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { scratch in
            var position = scratch.count
            var rest = value
            repeat {
                position -= 1
                scratch[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
            } while rest > 0
            while scratch.count - position < minimumCount {
                position -= 1
                scratch[position] = 0x30
            }
            append(UnsafeRawBufferPointer(rebasing: scratch[position...]))
        }
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

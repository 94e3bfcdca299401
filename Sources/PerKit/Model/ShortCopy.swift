#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies `count` bytes, which may overlap, without a call into libc when there are at most 32:
/// the hot paths copy millions of short pieces (fields, names, digits) and a call to `memmove`
/// costs more than such a copy. Every byte is loaded before any is stored, with two
/// overlapping loads of the widest size that fits, so nothing outside either range is read or
/// written.
@inline(__always)
func copyBytes(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
    switch count {
    case 16...32:
        let head = source.loadUnaligned(as: SIMD16<UInt8>.self)
        let tail = source.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
        destination.storeBytes(of: head, as: SIMD16<UInt8>.self)
        destination.storeBytes(of: tail, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
    case 8..<16:
        let head = source.loadUnaligned(as: UInt64.self)
        let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        destination.storeBytes(of: head, as: UInt64.self)
        destination.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
        let head = source.loadUnaligned(as: UInt32.self)
        let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        destination.storeBytes(of: head, as: UInt32.self)
        destination.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
        let first = source.load(as: UInt8.self)
        let middle = source.load(fromByteOffset: count / 2, as: UInt8.self)
        let last = source.load(fromByteOffset: count - 1, as: UInt8.self)
        destination.storeBytes(of: first, as: UInt8.self)
        destination.storeBytes(of: middle, toByteOffset: count / 2, as: UInt8.self)
        destination.storeBytes(of: last, toByteOffset: count - 1, as: UInt8.self)
    case ...0:
        return
    default:
        memmove(destination, source, count)
    }
}

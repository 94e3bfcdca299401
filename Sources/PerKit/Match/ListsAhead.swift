#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BigInt
import Dispatch

/// The second half of a large report's lists, read on another thread while the reader reads
/// the first. It starts at a `,` followed by the blanks and key with which per begins a list
/// (`{` and `"name"` indented by 4 and 6 spaces), found from the middle of the report: a string
/// holds no line break, so that is no string's text. The reader takes what it read only on
/// reaching that `,` as the separator of the report's lists, and only if it read to the end of
/// the array without a problem and no list twice; else the reader reads on itself. So the
/// lists are what one reader gives, and every problem is found and named by the one reader.
final class ListsAhead: @unchecked Sendable {  // `read` is written by the worker, read after `wait`
    let comma: Int
    var read: (lists: [Snapshot.PricedList], products: ReportProducts, end: Int)?
    private let group = DispatchGroup()

    private init(comma: Int) {
        self.comma = comma
    }

    static let start = Array(",\n    {\n      \"name\": ".utf8)

    static func start(_ bytes: UnsafeBufferPointer<UInt8>) -> ListsAhead? {
        guard let base = bytes.baseAddress else { return nil }
        var at = bytes.count / 2
        while true {
            guard at + start.count <= bytes.count,
                  let comma = memchr(base + at, Int32(UInt8(ascii: ",")), bytes.count - at - start.count + 1) else { return nil }
            at = UnsafeRawPointer(comma) - UnsafeRawPointer(base)
            if memcmp(base + at, start, start.count) == 0 { break }
            at += 1
        }
        let ahead = ListsAhead(comma: at)
        nonisolated(unsafe) let bytes = bytes  // read only, and outlives the work: `read` waits for it
        DispatchQueue.global(qos: .userInitiated).async(group: ahead.group) {
            var reader = ReportJSONReader(bytes)
            reader.position = ahead.comma + 1
            if let rest = try? reader.restOfLists() { ahead.read = (rest.lists, reader.products, rest.end) }
        }
        return ahead
    }

    func wait() {
        group.wait()
    }
}

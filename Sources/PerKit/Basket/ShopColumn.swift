/// A shop or store column that splits price sheets into shops (`store`, `shop`, `trgovina`,
/// `chain`: the header words `HeaderVocabulary` names a shop), found in each file's header as
/// `per report` reads headers (`HeaderRole`); `per basket` reads it as the sheets' lists.
public enum ShopColumn {
    /// The shop column's header when every file has one and they are one header (case and
    /// diacritics aside), else nil. Standard input is not looked at (it can be read once): a
    /// run that reads a sheet from it needs `--shop-column`.
    public static func common(in files: [InputFile], options: SheetOptions) -> String? {
        var found: String?
        for file in files {
            guard !file.isStandardInput, let title = header(of: file, options: options) else { return nil }
            if let found, HeaderWords.fold(found.trimmingSpaces) != HeaderWords.fold(title.trimmingSpaces) { return nil }
            found = found ?? title
        }
        return found
    }

    /// The title of the first column of a file's header that names a shop, if any; nil too
    /// for a file that cannot be read (the run then says why, reading it).
    static func header(of file: InputFile, options: SheetOptions) -> String? {
        struct Enough: Error {}
        var head: [UInt8] = []
        do {
            try InputBytes.forEachChunk(of: file, chunkSize: 64 << 10, refusingDevices: true) { chunk in
                head.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
                throw Enough()
            }
        } catch is Enough {
        } catch {
            return nil
        }
        // The header is the first record that is not blank; a head cut inside a record is no
        // matter, that record is never the header's.
        var header: [String]?
        do {
            let parser = try FileParser(file: file, options: options) { record in
                if header == nil, case let fields = record.strings, !fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { header = fields }
            }
            try head.withUnsafeBytes { try parser.feed($0) }
            try? parser.finish()
        } catch {
            return header.flatMap(shopTitle)
        }
        return header.flatMap(shopTitle)
    }

    private static func shopTitle(_ header: [String]) -> String? {
        header.first { HeaderRole(HeaderWords($0, units: .standard))?.role == .shop }
    }
}

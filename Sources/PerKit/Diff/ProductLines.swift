/// A snapshot as one line per product, for git's textconv (`per textconv`): what git's own line
/// diff, `git log -p` and `git blame` compare when they cannot run `per diff`.
///
/// A report renumbers ranks and "N% more" across a list when its best value changes; these
/// lines carry neither, and come in an order that depends on the products alone (list by name,
/// then each product's identity as `ProductMatching` knows it: its key when it has one, else its
/// name and size), so a product whose price changed changes its one line and no other:
///
///     Coffee | Dark Roast Beans | 1 kg | 17.98 | 17.9800 per kg
///     Coffee | House Blend Beans (4011) | 500 g | 8.99 | 17.9800 per kg
///
/// A sheet and the JSON or CSV report written from it give the same lines: unit prices as
/// reports print them (`ReportPrecision.unitPrice`, trailing zeros dropped down to four).
public enum ProductLines {
    public static func write(_ snapshot: Snapshot, to out: OutputBuffer) throws {
        var items: [Snapshot.Item] = []
        for list in snapshot.lists {
            snapshot.items(of: list, into: &items)
            let printed = items.map { snapshot.printed($0, basis: list) }
            let order = items.indices.sorted { a, b in
                let order = identityOrder(items[a], items[b])
                if order != 0 { return order < 0 }
                // Repeats and products that only the rest tells apart: their lines' order.
                if printed[a] != printed[b] { return printed[a] < printed[b] }
                switch (items[a].price, items[b].price) {
                case let (x?, y?) where x.compareValue(y) != 0: return x.compareValue(y) < 0
                case (nil, _?): return true
                default: return items[a].rank < items[b].rank
                }
            }
            for index in order {
                line(items[index], unitPrice: printed[index], list: list, to: out)
                try out.flushIfNeeded()
            }
        }
    }

    /// Keyed products first, by key; then by name, then by size as `per diff` tells sizes apart
    /// (`SizeValue.compare`), then by the size as written.
    static func identityOrder(_ a: Snapshot.Item, _ b: Snapshot.Item) -> Int {
        switch (a.key, b.key) {
        case let (x?, y?):
            let order = ByteOrder.compare(x, y)
            if order != 0 { return order }
        case (_?, nil): return -1
        case (nil, _?): return 1
        case (nil, nil): break
        }
        let name = ByteOrder.compare(a.name, b.name)
        if name != 0 { return name }
        let size = SizeValue.compare(SizeValue(a), SizeValue(b))
        if size != 0 { return size }
        let unit = ByteOrder.compare(a.unit, b.unit)
        if unit != 0 { return unit }
        return a.quantity.text.utf8.lexicographicallyPrecedes(b.quantity.text.utf8) ? -1
            : (a.quantity.text == b.quantity.text ? 0 : 1)
    }

    /// `List | Name (key) | size | price | unit price per basis`, control characters shown
    /// (a line break in a name would start a line of its own).
    private static func line(_ item: Snapshot.Item, unitPrice: WideInteger, list: Snapshot.PricedList, to out: OutputBuffer) {
        text(list.name, to: out)
        out.append(" | ")
        ControlCharacters.append(item.name, keeping: .line, to: out)
        if let key = item.key {
            out.append(" (")
            ControlCharacters.append(key, keeping: .line, to: out)
            out.append(")")
        }
        out.append(" | ")
        out.append(item.quantity.text)
        out.append(byte: Byte.space)
        ControlCharacters.append(item.unit, keeping: .line, to: out)
        out.append(" | ")
        if let currency = list.currency {
            out.append(currency)
            out.append(byte: Byte.space)
        }
        if let price = item.price { out.append(decimal: price) } else { out.append("?") }
        out.append(" | ")
        out.append(unitPrice: unitPrice)
        out.append(" per ")
        text(list.per, to: out)
        out.append(byte: Byte.lf)
    }

    /// The line before a file per cannot read, which follows as it is.
    public static func unreadable(_ reason: String) -> String {
        "per cannot read this file as a report or sheet, so it follows as it is: \(ControlCharacters.shown(reason))\n"
    }

    private static func text(_ text: String, to out: OutputBuffer) {
        var text = text
        text.withUTF8 { ControlCharacters.append($0, keeping: .line, to: out) }
    }
}

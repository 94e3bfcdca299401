import BigInt

/// Writes a `HistoryReport` as CSV (a row per product, a column per date), JSON (each
/// product's points) or Markdown (a table per list). Unit prices are shown as reports show them
/// (`ReportPrecision`: up to 12 decimals in CSV and JSON, the list's Markdown rule in Markdown and
/// HTML), changes in percent one decimal (`DiffWriter.percent`).
public struct HistoryWriter {
    public var format: ReportFormat

    public init(format: ReportFormat) {
        self.format = format
    }

    public func write(_ history: HistoryReport, to out: OutputBuffer) throws {
        switch format {
        case .csv: try csv(history, out)
        case .json: try json(history, out)
        case .markdown: try markdown(history, out)
        case .html: try HTMLHistoryWriter().write(history, to: out)
        }
    }

    // MARK: - CSV

    private func csv(_ history: HistoryReport, _ out: OutputBuffer) throws {
        var fields = CSVFieldWriter()
        out.append(history.hasKeys ? "list,name,key," : "list,name,")
        out.append("size,first_size,per,first_seen,last_seen,seen,first_unit_price,unit_price,lowest,lowest_date,")
        out.append("highest,highest_date,pct_since_first,pct_since_previous,resized,ambiguous_dates")
        for date in history.dates {
            out.append(byte: Byte.comma)
            fields.append(date, to: out)
        }
        out.append(byte: Byte.lf)
        let dates = history.sources.count
        for list in history.lists {
            for product in list.products {
                fields.append(list.name, to: out)
                out.append(byte: Byte.comma)
                fields.append(product.name, to: out)
                out.append(byte: Byte.comma)
                if history.hasKeys {
                    if let key = product.key { fields.append(key, to: out) }
                    out.append(byte: Byte.comma)
                }
                fields.append(product.size, to: out)
                out.append(byte: Byte.comma)
                fields.append(product.firstSize, to: out)
                out.append(byte: Byte.comma)
                fields.append(list.per, to: out)
                out.append(",\(history.dates[product.firstSeen]),\(history.dates[product.lastSeen]),\(product.seen),")
                price(product.first, out)
                out.append(byte: Byte.comma)
                price(product.latest, out)
                out.append(byte: Byte.comma)
                extreme(product.lowest, history, out, separator: ",")
                out.append(byte: Byte.comma)
                extreme(product.highest, history, out, separator: ",")
                out.append(byte: Byte.comma)
                if let percent = product.percentSinceFirst { out.append(DiffWriter.percent(percent)) }
                out.append(byte: Byte.comma)
                if let percent = product.percentSincePrevious { out.append(DiffWriter.percent(percent)) }
                out.append(",\(product.resized),\(product.ambiguousDates)")
                for value in product.unitPrices(dates: dates) {
                    out.append(byte: Byte.comma)
                    price(value, out)
                }
                out.append(byte: Byte.lf)
                try out.flushIfNeeded()
            }
        }
    }

    // MARK: - JSON

    private func json(_ history: HistoryReport, _ out: OutputBuffer) throws {
        out.append("{\n  \"schema_version\": 2,\n  \"snapshots\": [")
        for (index, source) in history.sources.enumerated() {
            out.append(index == 0 ? "\n    {\"date\": " : ",\n    {\"date\": ")
            string(source.date, out)
            out.append(", \"file\": ")
            string(source.file, out)
            out.append(", \"products\": ")
            out.append(integer: source.products)
            out.append("}")
        }
        out.append(history.sources.isEmpty ? "],\n  \"lists\": [" : "\n  ],\n  \"lists\": [")
        for (listIndex, list) in history.lists.enumerated() {
            out.append(listIndex == 0 ? "\n    {\n      \"name\": " : ",\n    {\n      \"name\": ")
            string(list.name, out)
            out.append(",\n      \"per\": ")
            string(list.per, out)
            out.append(",\n      \"currency\": ")
            if let currency = list.currency { string(currency, out) } else { out.append("null") }
            out.append(",\n      \"products\": [")
            for (index, product) in list.products.enumerated() {
                out.append(index == 0 ? "\n        {\"name\": " : ",\n        {\"name\": ")
                string(product.name, out)
                if history.hasKeys {
                    out.append(", \"key\": ")
                    if let key = product.key { string(key, out) } else { out.append("null") }
                }
                out.append(", \"size\": ")
                string(product.size, out)
                out.append(", \"first_size\": ")
                string(product.firstSize, out)
                out.append(", \"first_seen\": ")
                string(history.dates[product.firstSeen], out)
                out.append(", \"last_seen\": ")
                string(history.dates[product.lastSeen], out)
                out.append(", \"seen\": ")
                out.append(integer: product.seen)
                out.append(",\n         \"first_unit_price\": ")
                jsonPrice(product.first, out)
                out.append(", \"unit_price\": ")
                jsonPrice(product.latest, out)
                for (label, extreme) in [("lowest", product.lowest), ("highest", product.highest)] {
                    out.append(", \"\(label)\": ")
                    if let extreme {
                        out.append("{\"unit_price\": ")
                        price(extreme.unitPrice, out)
                        out.append(", \"date\": ")
                        string(history.dates[extreme.date], out)
                        out.append("}")
                    } else {
                        out.append("null")
                    }
                }
                out.append(", \"pct_since_first\": ")
                out.append(product.percentSinceFirst.map(DiffWriter.percent) ?? "null")
                out.append(", \"pct_since_previous\": ")
                out.append(product.percentSincePrevious.map(DiffWriter.percent) ?? "null")
                out.append(", \"resized\": ")
                out.append(integer: product.resized)
                out.append(", \"ambiguous_dates\": ")
                out.append(integer: product.ambiguousDates)
                out.append(",\n         \"points\": [")
                for (pointIndex, point) in product.points.enumerated() {
                    out.append(pointIndex == 0 ? "{\"date\": " : ", {\"date\": ")
                    string(history.dates[point.date], out)
                    switch point.observation {
                    case .priced(let unitPrice, let price, let size):
                        out.append(", \"unit_price\": ")
                        self.price(unitPrice, out)
                        out.append(", \"price\": ")
                        if let price { out.append(decimal: price) } else { out.append("null") }
                        out.append(", \"size\": ")
                        string(size, out)
                    case .ambiguous(let products):
                        out.append(", \"ambiguous\": ")
                        out.append(integer: products)
                    case .gone:
                        out.append(", \"gone\": true")
                    }
                    out.append("}")
                }
                out.append("]}")
                try out.flushIfNeeded()
            }
            out.append(list.products.isEmpty ? "]\n    }" : "\n      ]\n    }")
        }
        let counts = history.counts
        out.append(history.lists.isEmpty ? "],\n  \"summary\": {\n" : "\n  ],\n  \"summary\": {\n")
        out.append("    \"snapshots\": \(history.sources.count),\n    \"products_read\": \(counts.productsRead),\n")
        out.append("    \"repeated_same_price\": \(counts.repeatedSamePrice),\n    \"ambiguous\": \(counts.ambiguous),\n")
        out.append("    \"products\": \(counts.products),\n    \"shown\": \(counts.shown),\n")
        out.append("    \"changed\": \(counts.changed),\n    \"resized\": \(counts.resized)\n  }\n}\n")
    }

    // MARK: - Markdown

    private func markdown(_ history: HistoryReport, _ out: OutputBuffer) throws {
        out.append("# Price history\n\n")
        out.append(Self.span(history))
        out.append(".\n")
        if history.lists.isEmpty { out.append("\nNo products to show.\n") }
        for list in history.lists {
            out.append("\n## ")
            MarkdownText.append(list.name, to: out)
            out.append("\n\n| Product | Size | Per ")
            MarkdownText.append(list.per, to: out)
            out.append(" | Lowest | Highest | Since first | Since previous | Seen | Notes |\n")
            out.append("|:---|---:|---:|:---|:---|---:|---:|---:|:---|\n")
            // The report's rule: two decimals, more for a list of cheap items.
            let decimals = ReportPrecision.markdownUnitPrice(printed: list.products.unitPrices)
            for product in list.products {
                out.append("| ")
                MarkdownText.append(product.name, to: out)
                if let key = product.key {
                    out.append(" (")
                    MarkdownText.append(key, to: out)
                    out.append(")")
                }
                out.append(" | ")
                MarkdownText.append(product.size, to: out)
                out.append(" | ")
                price(product.latest, out, decimals: decimals)
                out.append(" | ")
                extreme(product.lowest, history, out, separator: " on ", decimals: decimals)
                out.append(" | ")
                extreme(product.highest, history, out, separator: " on ", decimals: decimals)
                out.append(" | ")
                signedPercent(product.percentSinceFirst, out)
                out.append(" | ")
                signedPercent(product.percentSincePrevious, out)
                out.append(" | \(product.seen) of \(history.sources.count) | ")
                let notes = Self.notes(product, history)
                MarkdownText.append(notes.joined(separator: "; "), to: out)
                out.append(" |\n")
                try out.flushIfNeeded()
            }
        }
        out.append("\n## Summary\n\n")
        out.append(Self.sentence(history.counts, snapshots: history.sources.count))
        out.append(".\n")
    }

    /// What the Markdown and HTML histories say of a product beside its figures: size changes,
    /// ambiguous dates, gaps, and when it was new or last seen.
    static func notes(_ product: HistoryReport.ProductHistory, _ history: HistoryReport) -> [String] {
        var notes: [String] = []
        var away = false
        for point in product.points {
            if case .gone = point.observation {
                away = true
                continue
            }
            if away && point.date > product.firstSeen { notes.append("back on \(history.dates[point.date])") }
            away = false
        }
        for change in product.sizeChanges { notes.append("\(change.from) → \(change.to) on \(history.dates[change.date])") }
        let ambiguous = product.points.compactMap { point -> String? in
            if case .ambiguous = point.observation { return history.dates[point.date] } else { return nil }
        }
        if !ambiguous.isEmpty {
            notes.append(ambiguous.count <= 3 ? "ambiguous on \(ambiguous.joined(separator: ", "))" : "ambiguous on \(ambiguous.count) dates")
        }
        if product.lastSeen < history.sources.count - 1 { notes.append("not seen since \(history.dates[product.lastSeen])") }
        if product.firstSeen > 0 { notes.append("new on \(history.dates[product.firstSeen])") }
        return notes
    }

    /// `+12.5%`, `-3.0%`, `0.0%`.
    static func signedPercent(_ percent: BigInt) -> String {
        (percent.signum() > 0 ? "+" : "") + DiffWriter.percent(percent) + "%"
    }

    /// `52 snapshots from 2022-07-03 to 2023-06-25`
    static func span(_ history: HistoryReport) -> String {
        guard let first = history.dates.first, let last = history.dates.last else { return "No snapshots" }
        return history.sources.count == 1 ? "1 snapshot, \(first)" : "\(history.sources.count) snapshots from \(first) to \(last)"
    }

    /// `20 product rows in 3 snapshots followed as 7 products (1 row repeating a product at its
    /// price, 2 rows ambiguous); 5 changed price or size, 1 resized`: the summary line.
    public static func sentence(_ counts: HistoryReport.Tally, snapshots: Int) -> String {
        var text = "\(RunSummary.plural(counts.productsRead, "product row")) in \(RunSummary.plural(snapshots, "snapshot"))"
            + " followed as \(RunSummary.plural(counts.products, "product"))"
        var parts: [String] = []
        if counts.repeatedSamePrice > 0 { parts.append("\(RunSummary.plural(counts.repeatedSamePrice, "row")) repeating a product at its price") }
        if counts.ambiguous > 0 { parts.append("\(RunSummary.plural(counts.ambiguous, "row")) ambiguous") }
        if !parts.isEmpty { text += " (\(parts.joined(separator: ", ")))" }
        if counts.shown != counts.products { return text + "; \(counts.shown) shown: \(counts.changed) changed price or size, \(counts.resized) resized" }
        return text + "; \(counts.changed) changed price or size, \(counts.resized) resized"
    }

    // MARK: - Pieces

    /// A unit price as CSV and JSON write it (`ReportPrecision.unitPrice`), or for Markdown to
    /// the list's `decimals`.
    private func price(_ value: WideInteger?, _ out: OutputBuffer, decimals: Int? = nil) {
        guard let value else { return }
        if let decimals { out.append(unitPrice: value, decimals: decimals) } else { out.append(unitPrice: value) }
    }

    private func jsonPrice(_ value: WideInteger?, _ out: OutputBuffer) {
        if let value { out.append(unitPrice: value) } else { out.append("null") }
    }

    private func extreme(_ extreme: HistoryReport.Extreme?, _ history: HistoryReport, _ out: OutputBuffer, separator: String,
                         decimals: Int? = nil) {
        if let extreme {
            price(extreme.unitPrice, out, decimals: decimals)
            out.append(separator)
            out.append(history.dates[extreme.date])
        } else if separator == "," {
            out.append(",")
        }
    }

    private func signedPercent(_ percent: BigInt?, _ out: OutputBuffer) {
        guard let percent else { return }
        out.append(Self.signedPercent(percent))
    }

    private func string(_ text: String, _ out: OutputBuffer) {
        JSONText.append(text, to: out)
    }
}

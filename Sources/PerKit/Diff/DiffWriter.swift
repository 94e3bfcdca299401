import BigInt

/// Writes a `ReportDiff` as CSV, JSON, Markdown or HTML (`HTMLDiffWriter`). Unit prices are shown as reports
/// show them (`ReportPrecision`: up to 12 decimals in CSV and JSON, the list's Markdown rule in
/// Markdown and HTML), compared before any rounding; changes in percent one decimal.
public struct DiffWriter {
    public var format: ReportFormat
    /// A date for the header (`--as-of`), as in reports.
    public var asOf: String?

    public init(format: ReportFormat, asOf: String? = nil) {
        self.format = format
        self.asOf = asOf
    }

    public func write(_ diff: ReportDiff, to out: OutputBuffer) throws {
        switch format {
        case .csv: try csv(diff, out)
        case .json: try json(diff, out)
        case .markdown: try markdown(diff, out)
        case .html: try HTMLDiffWriter(asOf: asOf).write(diff, to: out)
        }
    }

    // MARK: - CSV

    private func csv(_ diff: ReportDiff, _ out: OutputBuffer) throws {
        var fields = CSVFieldWriter()
        out.append(diff.hasKeys ? "list,name,key,size,old_size,change,old_rank,new_rank,old_price,new_price,"
                   : "list,name,size,old_size,change,old_rank,new_rank,old_price,new_price,")
        out.append("old_unit_price,new_unit_price,per,pct_change,best\n")
        for list in diff.lists {
            for row in list.rows {
                fields.append(list.name, to: out)
                out.append(byte: Byte.comma)
                fields.append(row.name, to: out)
                out.append(byte: Byte.comma)
                if diff.hasKeys {
                    if let key = row.key { fields.append(key, to: out) }
                    out.append(byte: Byte.comma)
                }
                fields.append(row.size, to: out)
                out.append(byte: Byte.comma)
                if let size = row.oldSize { fields.append(size, to: out) }
                out.append(byte: Byte.comma)
                out.append(row.change.rawValue)
                out.append(byte: Byte.comma)
                if let rank = row.oldRank { out.append(integer: rank) }
                out.append(byte: Byte.comma)
                if let rank = row.newRank { out.append(integer: rank) }
                out.append(byte: Byte.comma)
                if let price = row.oldPrice { out.append(decimal: price) }
                out.append(byte: Byte.comma)
                if let price = row.newPrice { out.append(decimal: price) }
                out.append(byte: Byte.comma)
                price(row.oldUnitPrice, out)
                out.append(byte: Byte.comma)
                price(row.newUnitPrice, out)
                out.append(byte: Byte.comma)
                fields.append(list.per, to: out)
                out.append(byte: Byte.comma)
                if let percent = row.percentTimes10, row.change != .new && row.change != .gone { out.append(Self.percent(percent)) }
                out.append(byte: Byte.comma)
                out.append(Self.bestChange(row) ?? "")
                out.append(byte: Byte.lf)
                try out.flushIfNeeded()
            }
        }
    }

    // MARK: - JSON

    private func json(_ diff: ReportDiff, _ out: OutputBuffer) throws {
        out.append("{\n  \"schema_version\": 2,\n  \"as_of\": ")
        if let asOf { string(asOf, out) } else { out.append("null") }
        out.append(",\n  \"lists\": [")
        for (index, list) in diff.lists.enumerated() {
            out.append(index == 0 ? "\n    {\n      \"name\": " : ",\n    {\n      \"name\": ")
            string(list.name, out)
            out.append(",\n      \"per\": ")
            string(list.per, out)
            out.append(",\n      \"currency_change\": ")
            if let change = list.currencyChange {
                out.append("{\"old\": ")
                string(change.old, out)
                out.append(", \"new\": ")
                string(change.new, out)
                out.append("}")
            } else {
                out.append("null")
            }
            out.append(",\n      \"best_before\": ")
            names(list.oldBest, out)
            out.append(",\n      \"best_after\": ")
            names(list.newBest, out)
            out.append(",\n      \"changes\": [")
            for (rowIndex, row) in list.rows.enumerated() {
                out.append(rowIndex == 0 ? "\n        {\n          \"name\": " : ",\n        {\n          \"name\": ")
                string(row.name, out)
                if diff.hasKeys {
                    out.append(",\n          \"key\": ")
                    if let key = row.key { string(key, out) } else { out.append("null") }
                }
                out.append(",\n          \"size\": ")
                string(row.size, out)
                out.append(",\n          \"old_size\": ")
                if let size = row.oldSize { string(size, out) } else { out.append("null") }
                out.append(",\n          \"change\": ")
                string(row.change.rawValue, out)
                out.append(",\n          \"old_rank\": ")
                if let rank = row.oldRank { out.append(integer: rank) } else { out.append("null") }
                out.append(",\n          \"new_rank\": ")
                if let rank = row.newRank { out.append(integer: rank) } else { out.append("null") }
                out.append(",\n          \"old_price\": ")
                if let price = row.oldPrice { out.append(decimal: price) } else { out.append("null") }
                out.append(",\n          \"new_price\": ")
                if let price = row.newPrice { out.append(decimal: price) } else { out.append("null") }
                out.append(",\n          \"old_unit_price\": ")
                if row.oldUnitPrice != nil { price(row.oldUnitPrice, out) } else { out.append("null") }
                out.append(",\n          \"new_unit_price\": ")
                if row.newUnitPrice != nil { price(row.newUnitPrice, out) } else { out.append("null") }
                out.append(",\n          \"pct_change\": ")
                if let percent = row.percentTimes10, row.change != .new && row.change != .gone {
                    out.append(Self.percent(percent))
                } else {
                    out.append("null")
                }
                out.append(",\n          \"best\": ")
                if let best = Self.bestChange(row) { string(best, out) } else { out.append("null") }
                out.append(",\n          \"ambiguity\": ")
                if let ambiguity = row.ambiguity {
                    out.append("{\"old\": ")
                    out.append(integer: ambiguity.old)
                    out.append(", \"new\": ")
                    out.append(integer: ambiguity.new)
                    out.append("}")
                } else {
                    out.append("null")
                }
                out.append("\n        }")
                try out.flushIfNeeded()
            }
            out.append(list.rows.isEmpty ? "]\n    }" : "\n      ]\n    }")
        }
        out.append(diff.lists.isEmpty ? "],\n" : "\n  ],\n")
        let counts = diff.counts
        out.append("  \"summary\": {\n    \"rose\": ")
        out.append(integer: counts.rose)
        out.append(",\n    \"fell\": ")
        out.append(integer: counts.fell)
        out.append(",\n    \"new\": ")
        out.append(integer: counts.new)
        out.append(",\n    \"gone\": ")
        out.append(integer: counts.gone)
        out.append(",\n    \"moved\": ")
        out.append(integer: counts.moved)
        out.append(",\n    \"currency\": ")
        out.append(integer: counts.currency)
        out.append(",\n    \"resized\": ")
        out.append(integer: counts.resized)
        out.append(",\n    \"ambiguous\": ")
        out.append(integer: counts.ambiguous)
        out.append(",\n    \"lists\": ")
        out.append(integer: diff.lists.count)
        out.append("\n  }\n}\n")
    }

    // MARK: - Markdown

    private func markdown(_ diff: ReportDiff, _ out: OutputBuffer) throws {
        out.append("# Price changes")
        if let asOf {
            out.append(" as of ")
            MarkdownText.append(asOf, to: out)
        }
        out.append(byte: Byte.lf)
        if diff.lists.isEmpty { out.append("\nNo changes.\n") }
        for list in diff.lists {
            out.append("\n## ")
            MarkdownText.append(list.name, to: out)
            out.append("\n\n")
            if let change = list.currencyChange {
                MarkdownText.append(Self.currencySentence(change), to: out)
                out.append("\n\n")
            }
            if list.bestChangedHands {
                out.append("Best value: ")
                MarkdownText.append(Self.bestNames(list.oldBest), to: out)
                out.append(" → ")
                MarkdownText.append(Self.bestNames(list.newBest), to: out)
                out.append(".\n\n")
            }
            guard !list.rows.isEmpty else { continue }
            // The report's rule: two decimals, more for a list of cheap items.
            let decimals = ReportPrecision.markdownUnitPrice(printed: list.rows.flatMap { [$0.oldUnitPrice, $0.newUnitPrice].compactMap { $0 } })
            out.append("| Product | Size | Status | Old per ")
            MarkdownText.append(list.per, to: out)
            out.append(" | New per ")
            MarkdownText.append(list.per, to: out)
            out.append(" | Change | Rank |\n|:---|---:|:---|---:|---:|---:|:---|\n")
            for row in list.rows {
                out.append("| ")
                MarkdownText.append(row.name, to: out)
                if diff.hasKeys, let key = row.key {
                    // Matched by key: the key tells products of one name apart, as in the CSV and JSON.
                    out.append(" (")
                    MarkdownText.append(key, to: out)
                    out.append(")")
                }
                out.append(" | ")
                MarkdownText.append(row.size, to: out)
                out.append(" | ")
                MarkdownText.append(Self.status(row), to: out)
                out.append(" | ")
                price(row.oldUnitPrice, out, decimals: decimals)
                out.append(" | ")
                price(row.newUnitPrice, out, decimals: decimals)
                out.append(" | ")
                if let change = Self.change(row) { out.append(change) }
                out.append(" | ")
                out.append(Self.rankMove(row))
                out.append(" |\n")
                try out.flushIfNeeded()
            }
        }
        let counts = diff.counts
        out.append("\n## Summary\n\n")
        out.append(Self.sentence(counts, lists: diff.lists.count))
        out.append(".\n")
    }

    /// `3 rose, 1 fell, 2 new, 0 gone, 1 moved in 2 lists`
    public static func sentence(_ counts: ReportDiff.Counts, lists: Int) -> String {
        "\(counts.rose) rose, \(counts.fell) fell, \(counts.new) new, \(counts.gone) gone, \(counts.moved) moved"
            + (counts.resized > 0 ? ", \(counts.resized) resized" : "")
            + (counts.ambiguous > 0 ? ", \(counts.ambiguous) ambiguous" : "")
            + (counts.currency > 0 ? ", \(counts.currency) in another currency" : "") + " in \(RunSummary.plural(lists, "list"))"
    }

    // MARK: - Text people read (Markdown and HTML)

    /// `Prices were in EUR and are in USD: unit prices in two currencies are not compared.`
    static func currencySentence(_ change: (old: String, new: String)) -> String {
        "Prices were in \(change.old) and are in \(change.new): unit prices in two currencies are not compared."
    }

    /// The best values' names, `, ` between them, or `none`.
    static func bestNames(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// What happened to a product: `rose`, `fell, now best value`, `quantity went from 200 g to
    /// 180 g; unit price +11.1%`, `ambiguous: 2 before and 1 now of this name and size`.
    static func status(_ row: ReportDiff.ProductChange) -> String {
        var text: String
        switch row.change {
        case .currency: text = "other currency"
        case .resized:
            // As France's 2024 order on shrinkflation has shops say it.
            text = "quantity went from \(row.oldSize ?? "") to \(row.size)"
            if let change = change(row) { text += "; unit price \(change)" }
        case .ambiguous:
            let (old, new) = row.ambiguity ?? (0, 0)
            text = "ambiguous: \(old) before and \(new) now of this name and size"
        default: text = row.change.rawValue
        }
        if let best = bestChange(row) {
            text += best == "gained" ? ", now best value" : ", no longer best value"
        }
        return text
    }

    /// The unit price's change for a rise, fall or resize: `+8.4%`, `-5.3%`.
    static func change(_ row: ReportDiff.ProductChange) -> String? {
        guard let percent = row.percentTimes10, row.change == .rose || row.change == .fell || row.change == .resized else { return nil }
        return "\(percent.signum() > 0 ? "+" : "")\(Self.percent(percent))%"
    }

    /// The rank: `3 → 4` when it moved, `2`, or `was 2` for a product gone.
    static func rankMove(_ row: ReportDiff.ProductChange) -> String {
        switch (row.oldRank, row.newRank) {
        case let (old?, new?) where old != new: "\(old) → \(new)"
        case let (_, new?): "\(new)"
        case let (old?, nil): "was \(old)"
        default: ""
        }
    }

    // MARK: - Pieces

    /// A unit price as CSV and JSON write it (`ReportPrecision.unitPrice`), or for Markdown to
    /// the list's `decimals`.
    private func price(_ value: WideInteger?, _ out: OutputBuffer, decimals: Int? = nil) {
        guard let value else { return }
        if let decimals { out.append(unitPrice: value, decimals: decimals) } else { out.append(unitPrice: value) }
    }

    /// A change × 10 as a decimal with one digit: `12.5`, `-3.0`.
    public static func percent(_ value: BigInt) -> String {
        let magnitude = value.magnitude
        return "\(value.sign == .minus && !magnitude.isZero ? "-" : "")\(magnitude / 10).\(magnitude % 10)"
    }

    static func bestChange(_ row: ReportDiff.ProductChange) -> String? {
        switch (row.wasBest, row.isBest) {
        case (false, true): "gained"
        case (true, false): "lost"
        default: nil
        }
    }

    private func names(_ names: [String], _ out: OutputBuffer) {
        out.append("[")
        for (index, name) in names.enumerated() {
            if index > 0 { out.append(", ") }
            string(name, out)
        }
        out.append("]")
    }

    private func string(_ text: String, _ out: OutputBuffer) {
        JSONText.append(text, to: out)
    }
}

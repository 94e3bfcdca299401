/// Writes a `SalesReport`: the questionable claims, a row each (CSV), a `claims` array (JSON),
/// or a table (Markdown), and how many products on sale were of each kind. Prices are the
/// shop's decimals as read, exactly; dates `YYYY-MM-DD`.
public struct SalesWriter {
    public var format: ReportFormat

    public init(format: ReportFormat) {
        self.format = format
    }

    public func write(_ report: SalesReport, to out: OutputBuffer) throws {
        switch format {
        case .csv: try csv(report, out)
        case .json: try json(report, out)
        case .markdown, .html: try markdown(report, out)
        }
    }

    /// The evidence's columns, in order, as CSV and JSON name them.
    static let evidenceFields = ["published_low", "regular_price", "sale_began", "window_from", "window_to",
                                 "seen_low", "seen_low_date", "seen_high", "seen_high_date"]

    /// A piece of evidence as written: a price (a JSON number) or a day (a JSON string).
    enum EvidenceValue {
        case price(ExactDecimal)
        case day(CalendarDay)

        var text: String {
            switch self {
            case .price(let price): price.text
            case .day(let day): day.text
            }
        }

        var json: String {
            switch self {
            case .price(let price): price.text
            case .day(let day): "\"\(day.text)\""
            }
        }
    }

    /// Each of `evidenceFields`' values, nil where the verdict does not rest on it.
    static func evidenceValues(_ evidence: SaleClaim.Evidence) -> [EvidenceValue?] {
        [evidence.publishedLow.map(EvidenceValue.price), evidence.regularPrice.map(EvidenceValue.price),
         evidence.saleBegan.map(EvidenceValue.day), evidence.window.map { .day($0.first) }, evidence.window.map { .day($0.last) },
         evidence.seenLow.map { .price($0.price) }, evidence.seenLow.map { .day($0.day) },
         evidence.seenHigh.map { .price($0.price) }, evidence.seenHigh.map { .day($0.day) }]
    }

    // MARK: - CSV

    private func csv(_ report: SalesReport, _ out: OutputBuffer) throws {
        var fields = CSVFieldWriter()
        out.append("list,name,key,size,shop,sale_price,verdict,")
        out.append(Self.evidenceFields.joined(separator: ","))
        out.append(",evidence\n")
        for (product, claim) in report.claims {
            for text in [product.list, product.name, product.key ?? "", product.size, report.shop] {
                fields.append(text, to: out)
                out.append(byte: Byte.comma)
            }
            out.append("\(product.salePrice.text),\(claim.verdict.rawValue)")
            for value in Self.evidenceValues(claim.evidence) {
                out.append(byte: Byte.comma)
                if let value { out.append(value.text) }
            }
            out.append(byte: Byte.comma)
            fields.append(claim.evidenceText, to: out)
            out.append(byte: Byte.lf)
            try out.flushIfNeeded()
        }
    }

    // MARK: - JSON

    private func json(_ report: SalesReport, _ out: OutputBuffer) throws {
        out.append("{\n  \"schema_version\": 1,\n  \"shop\": ")
        JSONText.append(report.shop, to: out)
        out.append(",\n  \"date\": \"\(report.day.text)\",\n  \"snapshots\": \(report.snapshots),\n  \"first_date\": \"\(report.firstDay.text)\",")
        out.append("\n  \"claims\": [")
        for (index, (product, claim)) in report.claims.enumerated() {
            out.append(index == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ")
            JSONText.append(product.name, to: out)
            out.append(", \"key\": ")
            if let key = product.key { JSONText.append(key, to: out) } else { out.append("null") }
            out.append(", \"shop\": ")
            JSONText.append(report.shop, to: out)
            out.append(", \"list\": ")
            JSONText.append(product.list, to: out)
            out.append(", \"size\": ")
            JSONText.append(product.size, to: out)
            out.append(", \"sale_price\": \(product.salePrice.text), \"verdict\": \"\(claim.verdict.rawValue)\",\n     \"evidence\": {")
            var first = true
            for (name, value) in zip(Self.evidenceFields, Self.evidenceValues(claim.evidence)) {
                guard let value else { continue }
                out.append(first ? "\"\(name)\": " : ", \"\(name)\": ")
                first = false
                out.append(value.json)
            }
            out.append("}, \"text\": ")
            JSONText.append(claim.evidenceText, to: out)
            out.append("}")
            try out.flushIfNeeded()
        }
        let counts = report.counts
        out.append(report.claims.isEmpty ? "],\n" : "\n  ],\n")
        out.append("  \"counts\": {\"on_sale\": \(counts.onSale), \"questionable\": \(counts.questionable), \"claims\": \(counts.claims), ")
        out.append("\"passed\": \(counts.passed), \"not_enough_history\": \(counts.notEnoughHistory)")
        for why in SaleProduct.Unjudged.allCases {
            out.append(", \"\(why.rawValue)\": \(counts.unjudged[why] ?? 0)")
        }
        out.append(", \"repeated_rows\": \(report.repeatedRows)}")
        if let shop = report.anchor.shop {
            out.append(",\n  \"since_anchor\": {\"products\": \(shop.products), \"median_pct\": \(DiffWriter.percent(shop.percent)), ")
            out.append("\"without_regular_price\": \(report.anchor.withoutRegularPrice), \"lists\": [")
            for (index, list) in report.anchor.lists.enumerated() {
                out.append(index == 0 ? "\n    {\"list\": " : ",\n    {\"list\": ")
                JSONText.append(list.list ?? "", to: out)
                out.append(", \"products\": \(list.products), \"median_pct\": \(DiffWriter.percent(list.percent))}")
            }
            out.append("\n  ]}")
        }
        out.append("\n}\n")
    }

    // MARK: - Markdown

    private func markdown(_ report: SalesReport, _ out: OutputBuffer) throws {
        out.append("# Sale claims\n\n")
        MarkdownText.append(Self.span(report), to: out)
        out.append(".\n")
        let claims = report.claims
        if !claims.isEmpty {
            out.append("\n| List | Product | Key | Size | Sale price | Verdict | Evidence |\n|:---|:---|:---|---:|---:|:---|:---|\n")
            for (product, claim) in claims {
                out.append("| ")
                for text in [product.list, product.name, product.key ?? "", product.size] {
                    MarkdownText.append(text, to: out)
                    out.append(" | ")
                }
                out.append("\(product.salePrice.text) | ")
                MarkdownText.append(claim.verdict.sentence, to: out)
                out.append(" | ")
                MarkdownText.append(claim.evidenceText, to: out)
                out.append(" |\n")
                try out.flushIfNeeded()
            }
        }
        if let shop = report.anchor.shop {
            out.append("\n## Prices since the anchor\n\n")
            out.append("The median change of each list's regular prices since the shop's anchor prices (2 May 2025 in Croatia)")
            if report.anchor.withoutRegularPrice > 0 {
                out.append(", leaving out \(RunSummary.plural(report.anchor.withoutRegularPrice, "product")) on sale with no regular price beside it")
            }
            out.append(".\n\n| List | Products | Median change |\n|:---|---:|---:|\n")
            for list in report.anchor.lists {
                out.append("| ")
                MarkdownText.append(list.list ?? "", to: out)
                out.append(" | \(list.products) | \(HistoryWriter.signedPercent(list.percent)) |\n")
            }
            out.append("| All lists | \(shop.products) | \(HistoryWriter.signedPercent(shop.percent)) |\n")
        }
        out.append("\n## Summary\n\n")
        MarkdownText.append(Self.sentence(report), to: out)
        out.append(".\n")
    }

    /// `Sales at konzum on 2026-03-10, judged against 40 snapshots from 2026-01-30`.
    static func span(_ report: SalesReport) -> String {
        "Sales at \(report.shop) on \(report.day.text), judged against "
            + (report.snapshots == 1 ? "its own columns alone (1 snapshot)" : "\(report.snapshots) snapshots from \(report.firstDay.text)")
    }

    /// `12 products on sale: 3 with questionable claims (4 claims), 5 passed, 2 not enough
    /// history, 2 with no published 30-day low`: every product on sale in one kind.
    public static func sentence(_ report: SalesReport) -> String {
        let counts = report.counts
        var parts = ["\(counts.questionable) with questionable claims (\(RunSummary.plural(counts.claims, "claim")))",
                     "\(counts.passed) passed", "\(counts.notEnoughHistory) not enough history"]
        for why in SaleProduct.Unjudged.allCases where (counts.unjudged[why] ?? 0) > 0 {
            parts.append("\(counts.unjudged[why]!) \(why.sentence)")
        }
        var text = "\(RunSummary.plural(counts.onSale, "product")) on sale: " + parts.joined(separator: ", ")
        if report.repeatedRows > 0 { text += " (\(RunSummary.plural(report.repeatedRows, "row")) repeating a product on sale)" }
        return text
    }
}

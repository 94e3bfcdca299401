/// Writes a `BasketAnswer` as CSV, JSON (`JSONBasketWriter`), Markdown or HTML (`HTMLBasketWriter`). Money is
/// printed exactly at the basket's price scale; "N% more" than the cheapest complete shop is
/// `per report`'s percent more (`BasketAnswer.percentMore`), one decimal in CSV and JSON,
/// whole in Markdown and HTML.
public struct BasketWriter {
    public var format: ReportFormat
    public var asOf: String?

    public init(format: ReportFormat, asOf: String? = nil) {
        self.format = format
        self.asOf = asOf
    }

    public func write(_ answer: BasketAnswer, to out: OutputBuffer) throws {
        switch format {
        case .csv: csv(answer, out)
        case .json: JSONBasketWriter(asOf: asOf).write(answer, to: out)
        case .markdown: markdown(answer, out)
        case .html: HTMLBasketWriter(asOf: asOf).write(answer, to: out)
        }
        try out.flushIfNeeded()
    }

    // MARK: - Words shared by the formats

    /// `2 × Kruh (500 g) at 1.99`, `1 × 2 for 7.00 of Kruh (500 g)`, joined by `; `.
    static func packsText(_ choice: LineChoice, _ answer: BasketAnswer) -> String {
        choice.packs.map { packs in
            let product = packs.product
            let flag = product.flagged ? " (flagged)" : ""
            var parts: [String] = []
            if packs.singles > 0, let single = product.single {
                parts.append("\(packs.singles) × \(product.name) (\(product.size)) at \(single.text)\(flag)")
            }
            if packs.bundles > 0, let bundle = product.bundle {
                parts.append("\(packs.bundles) × \(bundle.text) of \(product.name) (\(product.size))\(flag)")
            }
            return parts.joined(separator: "; ")
        }.joined(separator: "; ")
    }

    /// `6.5% more` (by decimals), `<1% more` for a dearer shop that would round to 0% (as
    /// `per report` writes a product's), or nil for the cheapest and for incomplete shops.
    static func moreText(_ answer: BasketAnswer, shop: Int, decimals: Int) -> String? {
        guard !answer.cheapest.contains(shop), let percent = answer.percentMore(shop: shop, decimals: decimals) else { return nil }
        if percent.isZero { return decimals == 0 ? "<1% more" : "<0.\(String(repeating: "0", count: decimals - 1))1% more" }
        let buffer = OutputBuffer()
        buffer.append(fixed: percent, scale: decimals)
        return String(decoding: buffer.contents, as: UTF8.self) + "% more"
    }

    /// The answer in one sentence: the cheapest shop, or that none has everything, and the split.
    public static func sentence(_ answer: BasketAnswer) -> String {
        let lines = answer.list.lines.count
        let answerable = (0..<lines).filter { line in answer.outcomes[line].contains { $0.choice != nil } }.count
        let items = answerable == lines ? (lines == 1 ? "the 1 item" : "all \(lines) items") : "the \(answerable) of \(lines) items some shop has"
        var text: String
        if let first = answer.cheapest.first {
            let names = answer.cheapest.map { answer.shops[$0] }
            text = "\(joined(names)) \(names.count == 1 ? "is" : "tie as") cheapest for \(items): \(answer.money(answer.totals[first].total))"
        } else {
            text = answerable == 0 ? "no shop has any of the \(lines) item\(lines == 1 ? "" : "s")"
                : "no shop has \(answerable == lines ? (lines == 1 ? "the 1 item" : "all \(lines) items") : "all \(answerable) of \(lines) items some shop has")"
        }
        let split = answer.split
        let covered = split.assignments.compactMap { $0 }.count
        if !split.shops.isEmpty {
            text += "; split over \(joined(split.shops.map { answer.shops[$0] })): \(answer.money(split.total))"
                + (covered < lines ? " for \(covered) of \(lines) items" : "")
        }
        return text
    }

    /// `a`, `a and b`, `a, b and c`.
    static func joined(_ names: [String]) -> String {
        names.count <= 2 ? names.joined(separator: " and ") : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func shopsText(_ shops: [Int], _ answer: BasketAnswer) -> String {
        shops.map { answer.shops[$0] }.joined(separator: " + ")
    }

    // MARK: - CSV

    /// One row per line and shop (`line`), per shop (`shop`), per line of the split (`split`)
    /// and the split's total (`split_total`).
    private func csv(_ answer: BasketAnswer, _ out: OutputBuffer) {
        var fields = CSVFieldWriter()
        out.append("kind,shop,item,amount,packs,cost,missing,pct_more,note\n")
        func row(_ kind: StaticString, shop: String, item: String, amount: String, packs: String, cost: String, missing: String, more: String, note: String) {
            out.append(kind)
            for (index, value) in [shop, item, amount, packs, cost, missing, more, note].enumerated() {
                out.append(byte: Byte.comma)
                if index == 4 || index == 6 { out.append(value) } else { fields.append(value, to: out) }
            }
            out.append(byte: Byte.lf)
        }
        for (lineIndex, line) in answer.list.lines.enumerated() {
            for (shop, name) in answer.shops.enumerated() {
                let outcome = answer.outcomes[lineIndex][shop]
                row("line", shop: name, item: line.item, amount: line.amount?.text ?? "1 pack",
                    packs: outcome.choice.map { Self.packsText($0, answer) } ?? "", cost: outcome.choice.map { answer.money($0.price) } ?? "",
                    missing: outcome.choice == nil ? "yes" : "", more: "", note: Self.note(outcome))
            }
        }
        for total in answer.totals {
            let more = answer.percentMore(shop: total.shop, decimals: ReportPrecision.percent).map { value -> String in
                let buffer = OutputBuffer()
                buffer.append(fixed: value, scale: ReportPrecision.percent)
                return String(decoding: buffer.contents, as: UTF8.self)
            } ?? ""
            row("shop", shop: answer.shops[total.shop], item: "", amount: "", packs: "", cost: answer.money(total.total),
                missing: "\(total.missing.count)", more: more, note: answer.cheapest.contains(total.shop) ? "cheapest" : "")
        }
        for (lineIndex, line) in answer.list.lines.enumerated() {
            guard let shop = answer.split.assignments[lineIndex], let choice = answer.outcomes[lineIndex][shop].choice else {
                row("split", shop: "", item: line.item, amount: line.amount?.text ?? "1 pack", packs: "", cost: "", missing: "yes", more: "", note: "")
                continue
            }
            let also = answer.split.alsoAt[lineIndex]
            row("split", shop: answer.shops[shop], item: line.item, amount: line.amount?.text ?? "1 pack", packs: Self.packsText(choice, answer),
                cost: answer.money(choice.price), missing: "", more: "", note: also.isEmpty ? "" : "same price at \(Self.shopsText(also, answer))")
        }
        row("split_total", shop: Self.shopsText(answer.split.shops, answer), item: "", amount: "", packs: "", cost: answer.money(answer.split.total),
            missing: "\(answer.split.assignments.filter { $0 == nil }.count)", more: "",
            note: answer.split.ties.isEmpty ? "" : "tied with " + answer.split.ties.map { Self.shopsText($0, answer) }.joined(separator: "; "))
    }

    static func note(_ outcome: LineOutcome) -> String {
        switch outcome {
        case .beyondBound(let states): states.map { "beyond the solver's bound (\($0) steps)" } ?? "beyond the solver's bound (too many digits)"
        case .otherDimension(let dimensions): "sold here by \(dimensions.map(\.rawValue).joined(separator: " or "))"
        case .bought, .missing: ""
        }
    }

    // MARK: - Markdown

    private func markdown(_ answer: BasketAnswer, _ out: OutputBuffer) {
        func text(_ value: String) {
            var value = value
            value.withUTF8 { MarkdownText.append($0, to: out) }
        }
        out.append("# Basket")
        if let asOf {
            out.append(" as of ")
            text(asOf)
        }
        out.append("\n\n")
        text(Self.sentence(answer))
        out.append(".\n\n## Shops\n\n| Shop | Total | Items | Missing | You pay |\n|---|---:|---:|---|---:|\n")
        let lines = answer.list.lines.count
        for total in answer.totals {
            out.append("| ")
            text(answer.shops[total.shop])
            out.append(" | ")
            out.append(answer.money(total.total))
            out.append(" | \(lines - total.missing.count) of \(lines) | ")
            text(total.missing.map { answer.list.lines[$0].item }.joined(separator: ", "))
            out.append(" | ")
            if answer.cheapest.contains(total.shop) {
                out.append(answer.cheapest.count > 1 ? "cheapest (tie)" : "cheapest")
            } else if let more = Self.moreText(answer, shop: total.shop, decimals: ReportPrecision.markdownPercent) {
                text(more)
            }
            out.append(" |\n")
        }
        out.append("\n## Split over at most \(answer.maxShops) shop\(answer.maxShops == 1 ? "" : "s")\n\n")
        if answer.split.shops.isEmpty {
            out.append("No shop has any item.\n")
        } else {
            text("\(Self.shopsText(answer.split.shops, answer)): \(answer.money(answer.split.total))")
            if !answer.split.ties.isEmpty {
                text("; as cheap: \(answer.split.ties.map { Self.shopsText($0, answer) }.joined(separator: "; "))")
            }
            out.append(".\n\n| Item | Shop | Packs | Cost |\n|---|---|---|---:|\n")
            for (lineIndex, line) in answer.list.lines.enumerated() {
                out.append("| ")
                text(line.item)
                out.append(" | ")
                if let shop = answer.split.assignments[lineIndex], let choice = answer.outcomes[lineIndex][shop].choice {
                    let also = answer.split.alsoAt[lineIndex]
                    text(answer.shops[shop] + (also.isEmpty ? "" : " (same at \(Self.shopsText(also, answer)))"))
                    out.append(" | ")
                    text(Self.packsText(choice, answer))
                    out.append(" | ")
                    out.append(answer.money(choice.price))
                } else {
                    out.append("missing |  | ")
                }
                out.append(" |\n")
            }
        }
        out.append("\n## Items\n")
        for (lineIndex, line) in answer.list.lines.enumerated() {
            out.append("\n### ")
            text(line.item)
            out.append(" (")
            text(line.amount?.text ?? "1 pack")
            out.append(")\n\n| Shop | Packs | Cost |\n|---|---|---:|\n")
            for (shop, name) in answer.shops.enumerated() {
                out.append("| ")
                text(name)
                out.append(" | ")
                let outcome = answer.outcomes[lineIndex][shop]
                if let choice = outcome.choice {
                    text(Self.packsText(choice, answer))
                    out.append(" | ")
                    out.append(answer.money(choice.price))
                } else {
                    text(outcome == .missing ? "missing" : "missing: \(Self.note(outcome))")
                    out.append(" | ")
                }
                out.append(" |\n")
            }
        }
        if !answer.findings.isEmpty {
            out.append("\n## Findings\n\n")
            for finding in answer.findings {
                out.append("- ")
                text(finding.description)
                out.append("\n")
            }
        }
    }
}

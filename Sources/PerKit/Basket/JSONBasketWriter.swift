/// A basket as one JSON object, keys in a fixed order: `items` (the list's lines as read),
/// `shops` (each with `name`, `total`, `complete`, `pct_more`, `missing`: the items' names, and
/// `lines` with their `packs`), `cheapest` (a shop's name, or null when no shop is complete) and
/// `cheapest_tied_with`, `split` (`max_shops`, `total`, `shops`, `tied_with`, `missing`, `lines`)
/// and `findings`. Money is written at the basket's price scale, exactly.
struct JSONBasketWriter {
    var asOf: String?

    func write(_ answer: BasketAnswer, to out: OutputBuffer) {
        func string(_ text: String) { JSONText.append(text, to: out) }
        func money(_ value: UInt128) { out.append(answer.money(value)) }
        out.append("{\n  \"as_of\": ")
        if let asOf { string(asOf) } else { out.append("null") }
        out.append(",\n  \"list\": ")
        string(answer.list.file)
        out.append(",\n  \"items\": [")
        for (index, line) in answer.list.lines.enumerated() {
            out.append(index == 0 ? "\n    {\"item\": " : ",\n    {\"item\": ")
            string(line.item)
            out.append(", \"line\": ")
            out.append(integer: line.line)
            switch line.match {
            case .key(let key):
                out.append(", \"key\": ")
                string(key)
            case .words(let words):
                out.append(", \"match\": [")
                for (index, word) in words.enumerated() {
                    if index > 0 { out.append(", ") }
                    string(word)
                }
                out.append("]")
            }
            out.append(", \"amount\": ")
            if let amount = line.amount {
                out.append("{\"text\": ")
                string(amount.text)
                out.append(", \"dimension\": ")
                string(amount.dimension.rawValue)
                out.append(", \"base\": ")
                out.append(decimal: amount.base)
                out.append(", \"base_unit\": ")
                string(amount.dimension.baseSymbol)
                out.append("}")
            } else {
                out.append("null")
            }
            out.append("}")
        }
        out.append(answer.list.lines.isEmpty ? "],\n" : "\n  ],\n")
        out.append("  \"shops\": [")
        for total in answer.totals {
            out.append(total.shop == 0 ? "\n    {\n      \"name\": " : ",\n    {\n      \"name\": ")
            string(answer.shops[total.shop])
            out.append(",\n      \"total\": ")
            money(total.total)
            out.append(",\n      \"complete\": ")
            out.append(total.isComplete ? "true" : "false")
            out.append(",\n      \"pct_more\": ")
            if let percent = answer.percentMore(shop: total.shop, decimals: ReportPrecision.percent) {
                out.append(fixed: percent, scale: ReportPrecision.percent)
            } else {
                out.append("null")
            }
            out.append(",\n      \"missing\": [")
            for (index, line) in total.missing.enumerated() {
                if index > 0 { out.append(", ") }
                string(answer.list.lines[line].item)
            }
            out.append("],\n      \"lines\": [")
            var first = true
            for (lineIndex, line) in answer.list.lines.enumerated() {
                guard let choice = answer.outcomes[lineIndex][total.shop].choice else { continue }
                out.append(first ? "\n" : ",\n")
                first = false
                lineJSON(line, choice, indent: "        ", answer, out)
            }
            out.append(first ? "]\n    }" : "\n      ]\n    }")
        }
        out.append(answer.shops.isEmpty ? "],\n" : "\n  ],\n")
        out.append("  \"cheapest\": ")
        if let first = answer.cheapest.first { string(answer.shops[first]) } else { out.append("null") }
        out.append(",\n  \"cheapest_tied_with\": [")
        for (index, shop) in answer.cheapest.dropFirst().enumerated() {
            if index > 0 { out.append(", ") }
            string(answer.shops[shop])
        }
        out.append("],\n  \"split\": {\n    \"max_shops\": ")
        out.append(integer: answer.maxShops)
        out.append(",\n    \"total\": ")
        money(answer.split.total)
        out.append(",\n    \"shops\": [")
        for (index, shop) in answer.split.shops.enumerated() {
            if index > 0 { out.append(", ") }
            string(answer.shops[shop])
        }
        out.append("],\n    \"tied_with\": [")
        for (index, set) in answer.split.ties.enumerated() {
            out.append(index > 0 ? ", [" : "[")
            for (index, shop) in set.enumerated() {
                if index > 0 { out.append(", ") }
                string(answer.shops[shop])
            }
            out.append("]")
        }
        out.append("],\n    \"missing\": [")
        var firstMissing = true
        for (lineIndex, line) in answer.list.lines.enumerated() where answer.split.assignments[lineIndex] == nil {
            if !firstMissing { out.append(", ") }
            firstMissing = false
            string(line.item)
        }
        out.append("],\n    \"lines\": [")
        var first = true
        for (lineIndex, line) in answer.list.lines.enumerated() {
            guard let shop = answer.split.assignments[lineIndex], let choice = answer.outcomes[lineIndex][shop].choice else { continue }
            out.append(first ? "\n" : ",\n")
            first = false
            lineJSON(line, choice, indent: "      ", shop: answer.shops[shop], also: answer.split.alsoAt[lineIndex].map { answer.shops[$0] }, answer, out)
        }
        out.append(first ? "]\n  },\n" : "\n    ]\n  },\n")
        out.append("  \"findings\": [")
        for (index, finding) in answer.findings.enumerated() {
            out.append(index == 0 ? "\n    " : ",\n    ")
            string(finding.description)
        }
        out.append(answer.findings.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    private func lineJSON(_ line: ShoppingLine, _ choice: LineChoice, indent: String, shop: String? = nil, also: [String] = [],
                          _ answer: BasketAnswer, _ out: OutputBuffer) {
        func string(_ text: String) { JSONText.append(text, to: out) }
        out.append(indent)
        out.append("{\"item\": ")
        string(line.item)
        if let shop {
            out.append(", \"shop\": ")
            string(shop)
            out.append(", \"same_price_at\": [")
            for (index, name) in also.enumerated() {
                if index > 0 { out.append(", ") }
                string(name)
            }
            out.append("]")
        }
        out.append(", \"cost\": ")
        out.append(answer.money(choice.price))
        out.append(", \"packs\": [")
        for (index, packs) in choice.packs.enumerated() {
            let product = packs.product
            out.append(index == 0 ? "\n" : ",\n")
            out.append(indent)
            out.append("  {\"name\": ")
            string(product.name)
            if let key = product.key {
                out.append(", \"key\": ")
                string(key)
            }
            out.append(", \"size\": ")
            string(product.size)
            out.append(", \"price\": ")
            if let single = product.single { out.append(decimal: single) } else { out.append("null") }
            out.append(", \"deal\": ")
            if let bundle = product.bundle { string(bundle.text) } else { out.append("null") }
            out.append(", \"singles\": ")
            out.append(integer: packs.singles)
            out.append(", \"deals\": ")
            out.append(integer: packs.bundles)
            out.append(", \"count\": ")
            out.append(integer: packs.count)
            out.append(", \"cost\": ")
            out.append(answer.money(packs.price))
            out.append(", \"flagged\": ")
            out.append(product.flagged ? "true" : "false")
            out.append(", \"line\": ")
            out.append(integer: product.source.line)
            out.append("}")
        }
        out.append("]}")
    }
}

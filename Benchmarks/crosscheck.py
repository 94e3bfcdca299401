#!/usr/bin/env python3
"""Compare per's CSV report with an anchor's (../shared/bench/anchors), row by row.

usage: crosscheck.py PER.csv ANCHOR.csv

Rows are matched by (list, name, quantity, unit, price); a row that occurs several times is
matched as many times. The unit price must agree to the anchor's six decimals per base unit,
the percentages to 0.1 (the anchors use binary floating point). The anchors number rows 1, 2,
3, ... where per gives tied rows one competition rank r; so the anchor's rank must lie in
r ... r + (rows tied at r) - 1. Prints the counts and every disagreement; exits 1 if any."""
import csv
import sys
from collections import Counter, defaultdict
from decimal import Decimal


def key(row):
    return (row["list"], row["name"], Decimal(row["quantity"]), row["unit"].lower(), Decimal(row["price"]))


def grouped(path):
    rows = defaultdict(list)
    for row in csv.DictReader(open(path, newline="", encoding="utf-8")):
        rows[key(row)].append(row)
    return rows


def main():
    per, anchor = grouped(sys.argv[1]), grouped(sys.argv[2])
    tied = Counter()
    for rows in per.values():
        for row in rows:
            tied[(row["list"], row["rank"])] += 1
    factor = {"kg": Decimal(1000), "l": Decimal(1000), "each": Decimal(1)}
    problems, matched, ranks_within_ties = [], 0, 0
    for k in sorted(set(per) | set(anchor), key=str):
        ours, theirs = per.get(k, []), anchor.get(k, [])
        if len(ours) != len(theirs):
            problems.append(f"{k}: {len(ours)} rows in per, {len(theirs)} in the anchor")
            continue
        for p in ours:
            matched += 1
            ppu = Decimal(p["unit_price"]) / factor[p["per"]]
            if not any(abs(ppu - Decimal(a["ppu"])) <= Decimal("0.0000006") + Decimal("0.00005") / factor[p["per"]] for a in theirs):
                problems.append(f"unit price {k}: per {p['unit_price']}/{p['per']}, anchor {[a['ppu'] for a in theirs]}")
            if not any(abs(Decimal(p["pct_more"]) - Decimal(a["pct_more"])) <= Decimal("0.1") for a in theirs):
                problems.append(f"pct_more {k}: per {p['pct_more']}, anchor {[a['pct_more'] for a in theirs]}")
            low = int(p["rank"])
            high = low + tied[(p["list"], p["rank"])] - 1
            if not any(low <= int(a["rank"]) <= high for a in theirs):
                problems.append(f"rank {k}: per {low} (tied up to {high}), anchor {[a['rank'] for a in theirs]}")
            elif all(int(a["rank"]) != low for a in theirs):
                ranks_within_ties += 1
    print(f"rows matched: {matched} (per {sum(map(len, per.values()))}, anchor {sum(map(len, anchor.values()))})")
    print(f"ranks that differ only within a tie: {ranks_within_ties}")
    print(f"disagreements: {len(problems)}")
    for line in problems[:50]:
        print("  " + line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

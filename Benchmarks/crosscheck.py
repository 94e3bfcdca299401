#!/usr/bin/env python3
"""Compare per's CSV report with an anchor's (../shared/bench/anchors), row by row.

usage: crosscheck.py PER.csv ANCHOR.csv

Rows are matched by (list, name, quantity, unit, price). The unit price must agree to the
anchor's six decimals per base unit, and the percentages to 0.1 (the anchors use binary
floating point). Ranks must agree except where per reports a tie that float arithmetic splits.
Prints the counts and every disagreement; exits 1 if there is one."""
import csv
import sys
from decimal import Decimal


def key(row):
    return (row["list"], row["name"], Decimal(row["quantity"]), row["unit"].lower(), Decimal(row["price"]))


def main():
    per_path, anchor_path = sys.argv[1], sys.argv[2]
    per = {key(r): r for r in csv.DictReader(open(per_path, newline="", encoding="utf-8"))}
    anchor = {key(r): r for r in csv.DictReader(open(anchor_path, newline="", encoding="utf-8"))}
    problems = []
    only_per = per.keys() - anchor.keys()
    only_anchor = anchor.keys() - per.keys()
    for k in sorted(only_per)[:10]:
        problems.append(f"only in per: {k}")
    for k in sorted(only_anchor)[:10]:
        problems.append(f"only in anchor: {k}")
    rank_differences = 0
    shared_ranks = {}
    for r in per.values():
        shared_ranks[(r["list"], r["rank"])] = shared_ranks.get((r["list"], r["rank"]), 0) + 1
    factor = {"kg": Decimal(1000), "l": Decimal(1000), "each": Decimal(1)}
    for k in per.keys() & anchor.keys():
        p, a = per[k], anchor[k]
        ppu = Decimal(p["unit_price"]) / factor[p["per"]]
        if abs(ppu - Decimal(a["ppu"])) > Decimal("0.0000006") + Decimal("0.00005") / factor[p["per"]]:
            problems.append(f"unit price {k}: per {p['unit_price']}/{p['per']} anchor {a['ppu']}/base")
        if abs(Decimal(p["pct_more"]) - Decimal(a["pct_more"])) > Decimal("0.1"):
            problems.append(f"pct_more {k}: per {p['pct_more']} anchor {a['pct_more']}")
        if p["rank"] != a["rank"]:
            rank_differences += 1
            # Explained only when per ranks a tie here (or just after one: 1, 1, 3).
            tie_here = shared_ranks[(p["list"], p["rank"])] > 1
            tie_before = any(shared_ranks.get((p["list"], str(n)), 0) > 1 for n in range(1, int(p["rank"])))
            if not (tie_here or tie_before):
                problems.append(f"rank {k}: per {p['rank']} anchor {a['rank']} with no tie in per")
    print(f"rows: per {len(per)}, anchor {len(anchor)}, both {len(per.keys() & anchor.keys())}")
    print(f"rank differences, all at ties (per ranks 1, 1, 3; the anchors number rows): {rank_differences}")
    print(f"disagreements: {len(problems)}")
    for line in problems[:50]:
        print("  " + line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

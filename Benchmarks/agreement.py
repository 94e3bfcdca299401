#!/usr/bin/env python3
"""How often per's exact unit price agrees with the shop's own, on the real sheets in
Fixtures/real that state one, as per itself checks it (`--stated-unit-price`): before sizes in
names refine rounded quantities (`--no-refine-sizes`) and after (the default), with the
products per flags and why. Usage: agreement.py PATH-TO-PER (make agreement).

The share counts ranked products whose stated cell reads as a figure; per's rule (README,
"The shop's stated unit price") is half the figure's last digit plus 0.5% of it.
"""
import collections, json, os, subprocess, sys

PER = os.path.abspath(sys.argv[1])
ROOT = "Fixtures"
# name, file, per's options (each with the stated column)
SHEETS = [
    ("Konzum (HR)", "real/hr-cjenici/konzum_valkanela.csv",
     ["--split-dimensions", "--stated-unit-price", "CIJENA ZA JEDINICU MJERE"]),
    ("Interspar (HR)", "real/hr-cjenici/interspar_zadar.csv",
     ["--encoding", "windows-1250", "--column", "price=MPC (EUR)", "--split-dimensions",
      "--stated-unit-price", "cijena za jedinicu mjere (EUR)"]),
    ("Metro (HR)", "real/hr-cjenici/metro_zagreb_jankomir.csv", ["--split-dimensions", "--stated-unit-price", "CIJENA_PO_MJERI"]),
    ("Plodine (HR)", "real/hr-cjenici/plodine_pleternica.csv", ["--split-dimensions", "--stated-unit-price", "Cijena po JM"]),
    ("Kaufland (HR)", "real/hr-cjenici/kaufland_split.csv",
     ["--column", "quantity=neto količina(KG)", "--column", "unit=jed.mj. (1 KOM/L/KG)", "--column", "price=maloprod.cijena(EUR)",
      "--unit-alias", "KOM=kg", "--split-dimensions", "--stated-unit-price", "cijena jed.mj.(EUR)"]),
    ("Hammer milk (CA)", "real/ca-hammer-milk-bread/cleaned_data_milk.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions", "--stated-unit-price", "price_per_unit"]),
    ("Hammer bread (CA)", "real/ca-hammer-milk-bread/cleaned_data_bread.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions", "--stated-unit-price", "price_per_unit"]),
    ("Woolworths and Coles (AU)", "real-au-woolworths-coles/woolworths-coles-2026-10-11.csv",
     ["--column", "quantity=size_raw", "--column", "list=search_term", "--unit-alias", "Bunch=each", "--split-dimensions",
      "--stated-unit-price", "unit_price", "--stated-per-column", "unit_measure"]),
]


def report(path, options):
    result = subprocess.run([PER, "report", "--format", "json", *options, path], cwd=ROOT, capture_output=True, check=True)
    return json.loads(result.stdout)


def share(file):
    stated, agree = file["stated_unit_prices"], file["stated_agree"]
    return f"{agree} of {stated} ({agree / stated:.1%})" if stated else "none"


def main():
    examples = []
    print("| shop | ranked, stating a unit price | agree before refining | agree after | sizes refined | flagged: why |")
    print("|---|---:|---:|---:|---:|:---|")
    for name, path, options in SHEETS:
        after = report(path, options)
        before = report(path, options + ["--no-refine-sizes"])
        file_after, file_before = after["summary"]["files"][0], before["summary"]["files"][0]
        refined = sum(1 for plist in after["lists"] for product in plist["products"] if product.get("refined_from"))
        flags = collections.Counter(entry["flag"] for entry in after["flagged"])
        causes = collections.Counter(entry["cause"] or "no clear cause" for entry in after["flagged"]
                                     if entry["flag"] == "stated_unit_price_disagrees")
        why = ", ".join(f"{count} {flag}" for flag, count in sorted(flags.items()))
        if causes:
            why += " (causes: " + ", ".join(f"{count} {cause}" for cause, count in sorted(causes.items())) + ")"
        print(f"| {name} | {file_after['stated_unit_prices']} | {share(file_before)} | {share(file_after)} | {refined} | "
              f"{after['summary']['flagged']} products: {why} |")
        seen = set()
        for entry in after["flagged"]:
            key = (entry["flag"], entry["cause"])
            if key in seen or len(seen) >= 3:
                continue
            seen.add(key)
            examples.append(f"- {name}, line {entry['source']['line']}, {entry['name']}: {entry['flag']}: {entry['reason']}")
    print()
    print("\n".join(examples))


main()

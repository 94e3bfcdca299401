#!/usr/bin/env python3
"""How often per's exact unit price agrees with the shop's own, on the real sheets in
Fixtures/real that state one: with no options (as people run per: columns, encoding, the stated
column and its basis all found by per), and with the best options a reader of docs/real-sheets.md would
give. Usage: agreement.py PATH-TO-PER (make agreement).

For each sheet and mode: the data rows, the rows ranked, the ranked products whose stated cell
reads as a figure, how many of those agree (per's rule, docs/checking.md "The shop's stated unit price":
half the figure's last digit plus 0.5% of it), and that count as a share of every data row that
states a figure (rows per did not rank count as not agreeing). Then the products per flags, and why,
and the false flags (issue 30): flagged products whose stated figure agrees with per's unit price,
by flag. A `name_size_disagrees` among them is a name and a column that disagree while the shop's
figure was worked out from the column (Interspar's `MILKA 85 g` listed 0.85 kg): the flag stands.
"""
import collections, json, os, subprocess, sys

PER = os.path.abspath(sys.argv[1])
ROOT = "Fixtures"
# name, file, the best options (the stated column named, the columns the recipes of docs/real-sheets.md name)
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
    ("KTC (HR)", "real/hr-ktc/ktc_ivanec.csv",
     ["--encoding", "windows-1250", "--split-dimensions", "--stated-unit-price", "Cijena za jedinicu mjere"]),
    ("Eurospin (HR)", "real/hr-eurospin/eurospin_zagreb.csv",
     ["--encoding", "windows-1250", "--split-dimensions", "--stated-unit-price", "CIJENA_ZA_JEDINICU_MJERE"]),
    ("Lidl (HR)", "real/hr-lidl/lidl_split_put_lore.csv",
     ["--encoding", "windows-1250", "--column", "quantity=JEDINICA_MJERE", "--column", "unit=", "--split-dimensions",
      "--stated-unit-price", "CIJENA_ZA_JEDINICU_MJERE"]),
    ("Hammer milk (CA)", "real/ca-hammer-milk-bread/cleaned_data_milk.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions", "--stated-unit-price", "price_per_unit"]),
    ("Hammer bread (CA)", "real/ca-hammer-milk-bread/cleaned_data_bread.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions", "--stated-unit-price", "price_per_unit"]),
    ("Woolworths and Coles (AU)", "real-au-woolworths-coles/woolworths-coles-2026-10-11.csv",
     ["--column", "quantity=size_raw", "--column", "list=search_term", "--unit-alias", "Bunch=each", "--split-dimensions",
      "--stated-unit-price", "unit_price", "--stated-per-column", "unit_measure"]),
]


def report(path, options):
    result = subprocess.run([PER, "report", "--format", "json", *options, path], cwd=ROOT, capture_output=True)
    if result.returncode not in (0, 1):
        return None, result.stderr.decode(errors="replace").strip().splitlines()[0]
    return json.loads(result.stdout), None


def stating_rows(report_json):
    """Data rows whose stated cell holds a figure: ranked ones that state one or whose cell did
    not read, and rows not ranked (counted as stating one: a row per cannot rank cannot agree)."""
    file = report_json["summary"]["files"][0]
    return file["stated_unit_prices"] + file.get("stated_unreadable", 0) + file["mismatched"] + file["rejected"]


def cells(report_json):
    if report_json is None:
        return ["refused", "", "", "", ""]
    file = report_json["summary"]["files"][0]
    stated, agree = file["stated_unit_prices"], file["stated_agree"]
    rows = stating_rows(report_json)
    of_stated = f"{agree} of {stated} ({agree / stated:.1%})" if stated else "none"
    of_rows = f"{agree / rows:.1%}" if rows else "–"
    return [str(file["rows"]), str(file["ranked"]), of_stated, of_rows]


def false_flags(report_json):
    """Flagged products whose stated figure agrees with per's unit price, by flag."""
    if report_json is None:
        return ""
    flags = collections.Counter()
    for listed in report_json["lists"]:
        for product in listed["products"]:
            if product.get("stated_agrees") is True:
                for flag in product["flags"]:
                    flags[flag] += 1
    total = sum(flags.values())
    return f"{total}" + (": " + ", ".join(f"{count} {flag}" for flag, count in sorted(flags.items())) if total else "")


def main():
    examples = []
    means = {"none": [], "best": []}
    print("| shop | rows | no options: ranked | agree | of rows | best options: ranked | agree | of rows | flagged (no options): why | false flags |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|:---|:---|")
    for name, path, options in SHEETS:
        plain, error = report(path, [])
        best, _ = report(path, options)
        for mode, found in (("none", plain), ("best", best)):
            if found is not None and stating_rows(found):
                means[mode].append(found["summary"]["files"][0]["stated_agree"] / stating_rows(found))
            elif found is None:
                means[mode].append(0.0)
        why = "refused: " + error if plain is None else ""
        if plain is not None:
            flags = collections.Counter(entry["flag"] for entry in plain["flagged"])
            causes = collections.Counter(entry["cause"] or "no clear cause" for entry in plain["flagged"]
                                         if entry["flag"] == "stated_unit_price_disagrees")
            why = f"{plain['summary']['flagged']} products: " + ", ".join(f"{count} {flag}" for flag, count in sorted(flags.items()))
            if causes:
                why += " (causes: " + ", ".join(f"{count} {cause}" for cause, count in sorted(causes.items())) + ")"
            seen = set()
            for entry in plain["flagged"]:
                key = (entry["flag"], entry["cause"])
                if key in seen or len(seen) >= 2:
                    continue
                seen.add(key)
                examples.append(f"- {name}, line {entry['source']['line']}, {entry['name']}: {entry['flag']}: {entry['reason']}")
        no, bo = cells(plain), cells(best)
        print(f"| {name} | {no[0]} | {no[1]} | {no[2]} | {no[3]} | {bo[1]} | {bo[2]} | {bo[3]} | {why} | {false_flags(plain)} |")
    print()
    for mode, label in (("none", "no options"), ("best", "best options")):
        values = means[mode]
        print(f"Mean share of stating rows that agree, {label}: {sum(values) / len(values):.1%} over {len(values)} sheets")
    print()
    print("\n".join(examples))


main()

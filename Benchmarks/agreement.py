#!/usr/bin/env python3
"""How often per's unit price agrees with the shop's own, on the real sheets in Fixtures/real
that state one. Usage: agreement.py PATH-TO-PER (make agreement).

A row agrees when per's unit price per kg, l or each lies within half of the last digit of the
shop's figure (on the shop's basis: a figure per 100 g to the cent is half a cent per 100 g, so
five cents per kg), or within 0.5% of it. Rows that state no unit price are not counted;
a stating row that per does not rank (rejected, mismatched) counts as not agreeing.
"""
import csv, io, json, os, re, subprocess, sys
from decimal import Decimal, InvalidOperation

PER = os.path.abspath(sys.argv[1])
ROOT = "Fixtures/real"
# name, file, per's options, the stated column's title (None: the seventh column), file encoding, and
# 1 for a figure per kg, l or each, None for the shop's text (`$0.27/100ml`), or the title of the
# column that says per how much the figure is (`100G`, `1KG`, `1EA`)
SHEETS = [
    ("Konzum (HR)", "hr-cjenici/konzum_valkanela.csv", ["--split-dimensions"], "CIJENA ZA JEDINICU MJERE", "utf-8", 1),
    ("Interspar (HR)", "hr-cjenici/interspar_zadar.csv",
     ["--encoding", "windows-1250", "--column", "price=MPC (EUR)", "--split-dimensions"], None, "cp1250", 1),
    ("Metro (HR)", "hr-cjenici/metro_zagreb_jankomir.csv", ["--split-dimensions"], "CIJENA_PO_MJERI", "utf-8", 1),
    ("Plodine (HR)", "hr-cjenici/plodine_pleternica.csv", ["--split-dimensions"], None, "utf-8", 1),
    ("Kaufland (HR)", "hr-cjenici/kaufland_split.csv",
     ["--column", "quantity=neto količina(KG)", "--column", "unit=jed.mj. (1 KOM/L/KG)", "--column", "price=maloprod.cijena(EUR)",
      "--unit-alias", "KOM=kg", "--split-dimensions"], "cijena jed.mj.(EUR)", "utf-8", 1),
    ("Hammer milk (CA)", "ca-hammer-milk-bread/cleaned_data_milk.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions"], "price_per_unit", "utf-8", None),
    ("Hammer bread (CA)", "ca-hammer-milk-bread/cleaned_data_bread.csv",
     ["--column", "quantity=units", "--column", "list=vendor", "--split-dimensions"], "price_per_unit", "utf-8", None),
    ("Woolworths and Coles (AU)", "../real-au-woolworths-coles/woolworths-coles-2026-10-11.csv",
     ["--column", "quantity=size_raw", "--column", "list=search_term", "--unit-alias", "Bunch=each", "--split-dimensions"],
     "unit_price", "utf-8", "unit_measure"),
]
# Hammer's shop text: `$0.27/100ml`, `25¢/100ml`, `$2.75 /100g`, `$4.99 ea$1.25 /100g` (the last one counts).
SHOP_TEXT = re.compile(r"(\$?)\s*([0-9]+(?:\.[0-9]+)?)\s*(¢?)\s*/\s*([0-9]*(?:\.[0-9]+)?)\s*(kg|g|ml|l)\b", re.I)
# Columns found by position when their titles vary by chain (the seventh: price per unit of measure).
STATED_INDEX = 6


def decimal(text):
    text = text.strip().replace("\u00a0", "").replace("€", "").replace("$", "").strip()
    if not text:
        return None
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value > 0 else None


def shop_text(text):
    """A stated figure written as text, per kg or l, with half its last digit on that basis."""
    matches = SHOP_TEXT.findall(text.replace("\u00a0", " "))
    if not matches:
        return None
    _, amount, cents, count, unit = matches[-1]
    value = Decimal(amount) / (100 if cents else 1)
    half = Decimal(1).scaleb(Decimal(amount).as_tuple().exponent) / 2 / (100 if cents else 1)
    per = Decimal(count or 1) / (1000 if unit.lower() in ("g", "ml") else 1)
    return value / per, half / per


def agrees(ours, stated, half):
    return abs(ours - stated) <= half or abs(ours - stated) <= stated * Decimal("0.005")


def main():
    total = agreeing = 0
    print("| shop | rows stating a unit price | ranked | agree | share |")
    print("|---|---:|---:|---:|---:|")
    for name, path, options, title, encoding, per in SHEETS:
        result = subprocess.run([PER, "report", "--format", "json", "--with-source", *options, path], cwd=ROOT,
                                capture_output=True, check=True)
        report = json.loads(result.stdout)
        text = open(f"{ROOT}/{path}", encoding=encoding, newline="").read()
        header_line = text.split("\n", 1)[0]
        delimiter = max([",", ";", "\t"], key=header_line.count)
        # Each record by the physical line it starts on, as per reports it.
        reader = csv.reader(io.StringIO(text), delimiter=delimiter)
        rows, end = [], 0
        for row in reader:
            rows.append((end + 1, row))
            end = reader.line_num
        column = rows[0][1].index(title) if title else STATED_INDEX
        stated = {}
        for index, row in rows[1:]:
            if column >= len(row):
                continue
            if isinstance(per, str):
                basis = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(g|kg|ml|l|ea)", row[rows[0][1].index(per)].strip(), re.I)
                if basis and (value := decimal(row[column])) is not None:
                    size = Decimal(basis[1]) / (1000 if basis[2].lower() in ("g", "ml") else 1)
                    stated[index] = (value / size, Decimal(1).scaleb(value.as_tuple().exponent) / 2 / size)
            elif per is None:
                if (figure := shop_text(row[column])) is not None:
                    stated[index] = figure
            elif (value := decimal(row[column])) is not None:
                stated[index] = (value, Decimal(1).scaleb(value.as_tuple().exponent) / 2)
        ranked = agree = 0
        for plist in report["lists"]:
            for product in plist["products"]:
                figure = stated.get(product["source"]["line"])
                if figure is None:
                    continue
                ranked += 1
                if agrees(Decimal(str(product["unit_price"])), *figure):
                    agree += 1
        total += len(stated)
        agreeing += agree
        print(f"| {name} | {len(stated)} | {ranked} | {agree} | {agree / len(stated):.1%} |")
    print(f"| all | {total} | | {agreeing} | {agreeing / total:.1%} |")


main()

#!/usr/bin/env python3
"""Cut small samples of the real price sheets for the golden tests in Fixtures/real-*/.

Each cut keeps the header and a handful of records chosen to show the file's quirks, with
their original bytes (encoding, delimiter, quoting, line ends). Run from Fixtures/real:
    python3 cut.py
"""
import csv
import io
import os


def records(path, encoding, delimiter):
    """(raw bytes, fields) per record, the header first."""
    data = open(path, "rb").read()
    text = data.decode(encoding)
    out, start = [], 0
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    lines = text.splitlines(keepends=True)
    line_index = 0
    for fields in reader:
        # csv.reader consumed reader.line_num lines so far; take the raw lines up to it.
        raw = "".join(lines[line_index:reader.line_num])
        line_index = reader.line_num
        out.append((raw.encode(encoding), fields))
    return out


def cut(source, target, encoding, delimiter, pick, limit=16):
    recs = records(source, encoding, delimiter)
    header, body = recs[0], recs[1:]
    chosen, seen = [], set()
    for index, (raw, fields) in enumerate(body):
        key = pick(index, fields)
        if key is not None and key not in seen:
            seen.add(key)
            chosen.append(raw)
        if len(chosen) >= limit:
            break
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(header[0] + b"".join(chosen))


def first_of(column, extra=()):
    def pick(index, fields):
        if index < 3:
            return ("first", index)
        value = fields[column] if column < len(fields) else ""
        for marker in extra:
            if marker in ",".join(fields):
                return ("marker", marker)
        return ("value", value)
    return pick


hr = "hr-cjenici/"
cut(hr + "konzum_valkanela.csv", "../real-hr-konzum/konzum.csv", "utf-8", ",", first_of(4, ["625G", " l,", " m,"]))
cut(hr + "interspar_zadar.csv", "../real-hr-interspar/interspar.csv", "cp1250", ";", first_of(4, ["š", "ž", ";;;"]))
cut(hr + "kaufland_split.csv", "../real-hr-kaufland/kaufland.csv", "utf-8", "\t", first_of(8, ['"', "10kom"]))
cut(hr + "metro_zagreb_jankomir.csv", "../real-hr-metro/metro.csv", "utf-8", ",", first_of(4, ['".5 L"', "1152 G"]))
cut(hr + "plodine_pleternica.csv", "../real-hr-plodine/plodine.csv", "utf-8", ";", first_of(4, [";,", ";;", "KOM;"]))
cut("at-heissepreise/budget-cart.csv", "../real-at-heissepreise/budget-cart.csv", "utf-8", ";", first_of(7, ["stück", "isWeighted"]))
cut("us-traderjoes/traderjoes_ALL_STORES_20251010_205649.csv", "../real-us-traderjoes/traderjoes.csv", "utf-8", ",",
    first_of(7, ['"']), limit=18)
cut("ca-hammer-milk-bread/cleaned_data_milk.csv", "../real-ca-hammer/milk.csv", "utf-8", ",",
    lambda i, f: ("first", i) if i < 3 else (("units", f[3][:4]) if any(m in f[3] for m in ["x", "\u00a0", "Litre", "Milli", "$"]) or "/" in f[5] or "\n" in ",".join(f) else None),
    limit=18)
cut("es-supermercados/productos_sample.csv", "../real-es-supermercados/productos.csv", "utf-8", ",",
    lambda i, f: (f[3], i // 300) if i % 150 == 0 or "disponible" in f[0] or "\n" in ",".join(f) else None, limit=20)

#!/usr/bin/env python3
"""The batch benchmarks of iapcat, each measured against a reference in the same run.

Called by Benchmarks/run.sh, which builds what it needs; see that script for the options.

Method, for every row of the target table:
  * wall-clock: iapcat and its reference run alternately RUNS times (the machine's neighbours come
    and go: alternating exposes both to the same noise); the table gives the median and the
    spread (min-max) of each, and the ratio of the medians;
  * instructions: both run once under `valgrind --tool=callgrind` (the count is the same from
    run to run, whatever else the machine does); the ratio of the counts is the figure that holds
    still. Whole processes are counted on both sides, start-up included;
  * peak memory: the maximum resident set of the process, from GNU time (%M).
The growth table runs iapcat alone at several sizes, one entry per line and minified, and gives the
cost per entry: a row whose cost per entry grows with the size is a superlinear step, i.e. a bug.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import yaml  # PyYAML with libyaml (run.sh installs it): turns a catalog into flow style


class Bench:
    def __init__(self, args):
        self.args = args
        self.work = args.work
        self.iapcat = args.iapcat
        # valgrind 3.19 cannot read the DWARF 5 debug info Swift writes: count a copy without it.
        self.iapcat_counted = os.path.join(self.work, "iapcat-nodebug")
        subprocess.run(["objcopy", "--strip-debug", self.iapcat, self.iapcat_counted], check=True)

    # MARK: running

    def run_once(self, commands, prepare=None):
        """Runs `commands` (a list of argv lists) one after the other: (seconds, peak KiB).

        Each runs under GNU time, whose %M is the child's own peak: a child forked from this
        Python process would inherit its resident set into ru_maxrss (the big inputs it wrote).
        """
        if prepare:
            prepare()
        seconds = 0.0
        peak = 0
        report = os.path.join(self.work, "time.txt")
        for argv in commands:
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report, *argv],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            seconds += time.perf_counter() - start
            # lint exits 1 when it finds errors (a catalog over 10,000 products has product_limit)
            if result.returncode not in (0, 1):
                sys.exit(f"benchmark command failed ({result.returncode}): {' '.join(argv)}")
            with open(report, encoding="utf-8") as file:
                peak = max(peak, int(file.read().split()[-1]))
        return seconds, peak

    def instructions(self, commands, prepare=None):
        """Instructions of `commands` under callgrind (summed), or None when counting is off."""
        if not self.args.instructions:
            return None
        if prepare:
            prepare()
        total = 0
        for argv in commands:
            if argv[0] == self.iapcat:
                argv = [self.iapcat_counted] + argv[1:]
            result = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            found = re.findall(r"Collected : (\d+)", result.stderr)
            if not found:
                sys.exit(f"callgrind counted nothing for: {' '.join(argv)}\n{result.stderr[-2000:]}")
            total += sum(int(n) for n in found)
        return total

    def compare(self, reference, iapcat, prepare=None):
        """Alternates reference and iapcat; returns the measurements of both."""
        sides = {"ref": {"s": [], "kib": []}, "iapcat": {"s": [], "kib": []}}
        for _ in range(self.args.runs):
            for name, commands in (("ref", reference), ("iapcat", iapcat)):
                seconds, kib = self.run_once(commands, prepare if name == "iapcat" else None)
                sides[name]["s"].append(seconds)
                sides[name]["kib"].append(kib)
        sides["ref"]["ir"] = self.instructions(reference)
        sides["iapcat"]["ir"] = self.instructions(iapcat, prepare)
        return sides

    def alone(self, commands, runs):
        times, peaks = [], []
        for _ in range(runs):
            seconds, kib = self.run_once(commands)
            times.append(seconds)
            peaks.append(kib)
        return statistics.median(times), max(peaks)


# MARK: inputs

def plist_text(ids, minified):
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n')
    if minified:
        return head + '<plist version="1.0"><array>' + "".join(f"<string>{i}</string>" for i in ids) + "</array></plist>"
    return head + '<plist version="1.0">\n<array>\n' + "".join(f"\t<string>{i}</string>\n" for i in ids) + "</array>\n</plist>\n"


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def dump_json(value, minified):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) if minified else json.dumps(
        value, ensure_ascii=False, indent=2) + "\n"


def flow_yaml(block_path, flow_path):
    """The catalog in YAML flow style on one line (JSON is flow YAML): read by libyaml like any catalog."""
    with open(block_path, encoding="utf-8") as file:
        value = yaml.load(file, Loader=yaml.CSafeLoader)
    write(flow_path, json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str) + "\n")


def minify_xml(source, target):
    with open(source, encoding="utf-8") as file:
        write(target, re.sub(r">\s+<", "><", file.read()))


def replicate_storekit(source, target, factor, minified):
    """A .storekit file with every product `factor` times under new identifiers."""
    with open(source, encoding="utf-8") as file:
        document = json.load(file)

    def copies(product):
        for n in range(factor):
            clone = json.loads(json.dumps(product))
            clone["productID"] = f"{product['productID']}.r{n}"
            clone["internalID"] = f"{n:02d}{product['internalID'][2:]}"
            yield clone

    document["products"] = [c for p in document.get("products", []) for c in copies(p)]
    for group in document.get("subscriptionGroups", []):
        group["subscriptions"] = [c for p in group.get("subscriptions", []) for c in copies(p)]
    write(target, dump_json(document, minified))


def merged_metadata(packages, target, factor, minified):
    """One metadata.xml holding the in-app purchases of every package, `factor` times (new ids)."""
    bodies = []
    head = tail = None
    for package in sorted(packages):
        with open(os.path.join(package, "metadata.xml"), encoding="utf-8") as file:
            text = file.read()
        start = text.index("<in_app_purchases>") + len("<in_app_purchases>")
        end = text.index("</in_app_purchases>")
        if head is None:
            head, tail = text[:start], text[end:]
        bodies.append(text[start:end])
    body = "".join(bodies)
    text = head + "".join(re.sub(r"<product_id>([^<]*)</product_id>", rf"<product_id>\1.r{n}</product_id>", body)
                          for n in range(factor)) + tail
    write(target, re.sub(r">\s+<", "><", text) if minified else text)


# MARK: reporting

def fmt_s(values):
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def ratio(a, b):
    return a / b if b else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iapcat", required=True)
    parser.add_argument("--yaml-events", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--products", type=int, default=50000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--instructions", type=int, default=1)
    parser.add_argument("--sizes", type=int, default=1)
    parser.add_argument("--asc", default="")
    parser.add_argument("--command", default="Benchmarks/run.sh")
    parser.add_argument("--machine", default="")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    bench = Bench(args)
    work, iapcat, events = args.work, args.iapcat, args.yaml_events

    def generate(products, folder, extra=()):
        subprocess.run([iapcat, "generate", "--products", str(products), "--seed", "1", "--out", folder, *extra],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    big = os.path.join(work, "big")
    generate(args.products, big)
    ten = os.path.join(work, "10k")
    generate(10000, ten)
    with open(os.path.join(big, "catalog.yaml"), encoding="utf-8") as file:
        text = file.read()
    write(os.path.join(big, "catalog-only.yaml"), text[: text.index("\nlists:") + 1])
    tiny = os.path.join(work, "tiny.yaml")
    write(tiny, "format_version: 1\napp: { bundle_id: com.example.bench }\nproducts: []\n")
    ids100k = os.path.join(work, "ids-100k.plist")
    write(ids100k, plist_text([f"com.example.bench.item{n}" for n in range(100_000)], minified=False))
    v2big = os.path.join(big, "products_v2.json")
    subprocess.run([iapcat, "export", "--catalog", os.path.join(ten, "catalog.yaml"), "--format", "v2", "--environment",
                    "sandbox", "-o", os.path.join(ten, "v2.json")], check=True, stderr=subprocess.DEVNULL)
    storekit10k = os.path.join(ten, "Products.storekit")
    subprocess.run([iapcat, "export", "--catalog", os.path.join(ten, "catalog.yaml"), "--format", "storekit", "-o",
                    storekit10k], check=True, stderr=subprocess.DEVNULL)
    packages = os.path.join(work, "pkg")

    def fresh_packages():
        shutil.rmtree(packages, ignore_errors=True)
        os.makedirs(packages)

    bulk = [iapcat, "bulk-xml", "--catalog", os.path.join(ten, "catalog.yaml"), "-o", os.path.join(packages, "GEN.itmsp"),
            "--provider", "Bench"]
    fresh_packages()
    subprocess.run(bulk, check=True, stderr=subprocess.DEVNULL)
    metadata = sorted(os.path.join(packages, name, "metadata.xml") for name in os.listdir(packages))
    subprocess.run(["sync"])  # let write-back finish before timing: it competes for the CPU
    python_load = lambda *paths: [sys.executable, "-c", "import json, sys\nfor p in sys.argv[1:]: json.load(open(p))",
                                  *paths]
    read_list = [iapcat, "lint", "--catalog", tiny, "--environment", "sandbox", "--disable", "unknown_product_id"]
    catalog_mb = os.path.getsize(os.path.join(big, "catalog.yaml")) / 1e6
    v2_mb = os.path.getsize(v2big) / 1e6

    rows = []  # (label, reference label, sides, target ratio, memory target)

    def row(label, reference_label, reference, command, target, prepare=None):
        print(f"measuring: {label}", file=sys.stderr, flush=True)
        rows.append((label, reference_label, bench.compare(reference, command, prepare), target))

    row(f"1. load + validate, {args.products:,} products ({os.path.getsize(os.path.join(big, 'catalog-only.yaml')) / 1e6:.1f} MB)",
        "libyaml events", [[events, os.path.join(big, "catalog-only.yaml")]],
        [[iapcat, "lint", "--catalog", os.path.join(big, "catalog-only.yaml")]], 1.3)
    row("2. plist parse + check, 100,000 ids", "xmllint --noout", [["xmllint", "--noout", ids100k]],
        [read_list + [ids100k]], 1.5)
    row(f"3. lint: catalog + plist + v1 + v2 ({catalog_mb:.0f} + {v2_mb:.0f} MB)",
        "libyaml events + xmllint + json.load of v1, v2",
        [[events, os.path.join(big, "catalog.yaml")], ["xmllint", "--noout", os.path.join(big, "product_ids.plist")],
         python_load(os.path.join(big, "products_v1.json"), v2big)],
        [[iapcat, "lint", "--catalog", os.path.join(big, "catalog.yaml")]], 1.5)
    row("4. export v2, 10,000 products", "json.load of it", [python_load(os.path.join(ten, "v2.json"))],
        [[iapcat, "export", "--catalog", os.path.join(ten, "catalog.yaml"), "--format", "v2", "--environment", "sandbox",
          "-o", os.path.join(ten, "v2.json")]], 1.5)
    row(f"5. bulk-xml, 10,000 products ({len(metadata)} packages)", "xmllint --schema of them",
        [["xmllint", "--noout", "--schema", "schemas/bulk-iap.xsd", *metadata]], [bulk], 1.5, prepare=fresh_packages)
    row(f"6. read products_v2.json ({v2_mb:.0f} MB)", "json.load of it", [python_load(v2big)], [read_list + [v2big]], 1.5)
    row("7. export --format storekit, 10,000 products", "json.load of it", [python_load(storekit10k)],
        [[iapcat, "export", "--catalog", os.path.join(ten, "catalog.yaml"), "--format", "storekit", "-o", storekit10k]], 2.0)
    row("8. lint a .storekit file (drift), 10,000 products", "libyaml events + json.load",
        [[events, os.path.join(ten, "catalog.yaml")], python_load(storekit10k)],
        [[iapcat, "lint", "--catalog", os.path.join(ten, "catalog.yaml"), storekit10k]], 2.0)

    # What reading the YAML catalog alone costs against row 4's reference: exports cannot go below it.
    print("measuring: floor of 4 and 7", file=sys.stderr, flush=True)
    floor = bench.compare([python_load(os.path.join(ten, "v2.json"))], [[events, os.path.join(ten, "catalog.yaml")]])

    lines = []
    lines.append("| benchmark | iapcat s, median (min–max) | reference | reference s | ratio s | iapcat Minstr | reference Minstr "
                 "| ratio instr | peak MiB | target | met |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for label, reference_label, sides, target in rows:
        mine, ref = sides["iapcat"], sides["ref"]
        wall = ratio(statistics.median(mine["s"]), statistics.median(ref["s"]))
        if mine["ir"] is not None:
            instr = ratio(mine["ir"], ref["ir"])
            ir_cells = f"{mine['ir'] / 1e6:,.0f} | {ref['ir'] / 1e6:,.0f} | {instr:.2f}"
            met = wall <= target and instr <= target
        else:
            ir_cells = "– | – | –"
            met = wall <= target
        lines.append(f"| {label} | {fmt_s(mine['s'])} | {reference_label} | {fmt_s(ref['s'])} | {wall:.2f} | {ir_cells} | "
                     f"{max(mine['kib']) / 1024:.0f} | ≤ {target} | {'yes' if met else '**no**'} |")
    mine, ref = floor["iapcat"], floor["ref"]
    ir_cells = (f"{mine['ir'] / 1e6:,.0f} | {ref['ir'] / 1e6:,.0f} | {ratio(mine['ir'], ref['ir']):.2f}"
                if mine["ir"] is not None else "– | – | –")
    lines.append(f"| 4′. the floor of 4 and 7: libyaml events of the 10,000-product catalog they read (no iapcat) | "
                 f"{fmt_s(mine['s'])} | json.load of 4's output | {fmt_s(ref['s'])} | "
                 f"{ratio(statistics.median(mine['s']), statistics.median(ref['s'])):.2f} | {ir_cells} | | | |")
    v2_row = rows[5][2]["iapcat"]
    memory = max(v2_row["kib"]) * 1024 / os.path.getsize(v2big)
    lines.append(f"| 9. peak memory of 6 / size of the file | {max(v2_row['kib']) / 1024:.0f} MiB | the file | "
                 f"{os.path.getsize(v2big) / 2**20:.0f} MiB | {memory:.2f} | | | | | ≤ 2.0 | {'yes' if memory <= 2 else '**no**'} |")
    if args.asc:
        with open(args.asc, encoding="utf-8") as file:
            asc = json.load(file)
        met = asc["planSeconds"] < 1
        lines.append(f"| 10. asc plan, {asc['products']:,} products: planning, network excluded (plan of an empty app; "
                     f"reading it took {asc['readSeconds']:.3f} s, {asc['requests']} requests, fake App Store Connect) | "
                     f"{asc['planSeconds']:.3f} | absolute budget | 1.000 | | | | | | < 1 s | {'yes' if met else '**no**'} |")
    table = "\n".join(lines)
    print(table)

    growth = ""
    if args.sizes:
        growth = growth_table(bench, work, iapcat, read_list, ten, storekit10k, packages, generate)
        print(growth)

    machine = args.machine
    with open(args.out, encoding="utf-8") if os.path.exists(args.out) else open(os.devnull) as file:
        previous = file.read()
    # The sections other scripts write, each between its markers, kept as they are.
    kept = {}
    for script in ("serve.sh", "reports.sh"):
        match = re.search(rf"<!-- {re.escape(script)} begin -->.*?<!-- {re.escape(script)} end -->\n?", previous, re.S)
        kept[script] = match.group(0) if match else ""
    document = f"""# Benchmarks

Written by `{args.command}` on {time.strftime('%Y-%m-%d', time.gmtime())}, {machine}.
Regenerate it with the same command (`Benchmarks/serve.sh` and `Benchmarks/reports.sh` write their own sections); nothing here
is typed by hand. How the figures are taken and what they mean: [docs/performance.md](docs/performance.md).

## Targets

Each row runs iapcat and its reference alternately {args.runs} times: the wall-clock columns give the
median and the spread (min–max), and **ratio s** the ratio of the medians. The instruction counts
come from one run of each under `valgrind --tool=callgrind` (whole processes, start-up included) and
repeat exactly from run to run; **ratio instr** is theirs. A target is met when both ratios are
within it. Peak memory is the largest resident set of the iapcat runs. Export and bulk XML use
10,000 products, App Store Connect's limit per app.

{table}
"""
    if growth:
        document += f"""
## Cost as work grows

iapcat alone, median of {max(3, args.runs // 2)} runs, one entry per line and minified (everything on one line),
reading each format. **µs/entry** is the median time over the entries; **growth** compares the cost per
entry at each size with the one before (1.00 = linear; start-up makes small sizes dearer per entry,
so growth is usually below 1). A growth above 1.5 is flagged as a superlinear step. **bytes/entry**
is the peak memory above what `iapcat --version` occupies, per entry: flat when memory grows linearly.

{growth}
"""
    for script, what in (("serve.sh", "the serving table"), ("reports.sh", "the field reports table")):
        document += "\n" + (kept[script] or f"<!-- {script} begin -->\n(Run `Benchmarks/{script}` for {what}.)\n<!-- {script} end -->\n")
    write(args.out, document)
    print(f"wrote {args.out}", file=sys.stderr)


def growth_table(bench, work, iapcat, read_list, ten, storekit10k, packages, generate):
    folder = os.path.join(work, "growth")
    os.makedirs(folder, exist_ok=True)
    runs = max(3, bench.args.runs // 2)
    cases = []  # (format, entries, layout, argv, file)

    def ids(count):
        return [f"com.example.bench.item{n}" for n in range(count)]

    for count in (10_000, 100_000, 1_000_000):
        for minified in (False, True):
            layout = "minified" if minified else "one per line"
            suffix = f"{count}-{'min' if minified else 'pretty'}"
            path = os.path.join(folder, f"ids-{suffix}.plist")
            write(path, plist_text(ids(count), minified))
            cases.append(("plist", count, layout, read_list + [path], path))
            path = os.path.join(folder, f"v1-{suffix}.json")
            write(path, dump_json(ids(count), minified))
            cases.append(("products_v1.json", count, layout, read_list + [path], path))
            path = os.path.join(folder, f"v2-{suffix}.json")
            write(path, dump_json({"version": 2, "products": [{"id": i, "type": "consumable"} for i in ids(count)]}, minified))
            cases.append(("products_v2.json", count, layout, read_list + [path], path))
    for count in (1_000, 10_000, 50_000):
        generated = os.path.join(folder, f"gen{count}")
        generate(count, generated)
        with open(os.path.join(generated, "catalog.yaml"), encoding="utf-8") as file:
            text = file.read()
        block = os.path.join(generated, "catalog-only.yaml")
        write(block, text[: text.index("\nlists:") + 1])
        flow = os.path.join(generated, "catalog-flow.yaml")
        flow_yaml(block, flow)
        cases.append(("catalog YAML", count, "one per line", [iapcat, "lint", "--catalog", block], block))
        cases.append(("catalog YAML", count, "flow, one line", [iapcat, "lint", "--catalog", flow], flow))
    for factor in (1, 5):
        for minified in (False, True):
            path = os.path.join(folder, f"x{factor}-{'min' if minified else 'pretty'}.storekit")
            replicate_storekit(storekit10k, path, factor, minified)
            layout = "minified" if minified else "one per line"
            cases.append((".storekit", 10_000 * factor, layout, read_list + [path], path))
            path = os.path.join(folder, f"x{factor}-{'min' if minified else 'pretty'}-metadata.xml")
            merged_metadata([os.path.join(packages, name) for name in os.listdir(packages)], path, factor, minified)
            output = os.path.join(folder, "imported.yaml")
            cases.append(("metadata.xml", 10_000 * factor, layout,
                          [iapcat, "import", path, "--bundle-id", "com.example.bench", "-o", output], path))
    # What any run occupies (the Swift runtime and Foundation's libraries): memory per entry is counted above it.
    _, start_kib = bench.alone([[iapcat, "--version"]], runs)
    lines = ["| format | entries | layout | MB | s, median | peak MiB | µs/entry | bytes/entry | growth |",
             "|---|---|---|---|---|---|---|---|---|"]
    previous = {}
    order = [".storekit", "catalog YAML", "metadata.xml", "plist", "products_v1.json", "products_v2.json"]
    cases.sort(key=lambda case: (order.index(case[0]), case[2], case[1]))
    for name, count, layout, argv, path in cases:
        print(f"growth: {name} {count} {layout}", file=sys.stderr, flush=True)
        seconds, kib = bench.alone([argv], runs)
        per_entry = seconds / count * 1e6
        key = (name, layout)
        growth = ""
        if key in previous:
            step = per_entry / previous[key]
            growth = f"{step:.2f}" + (" **superlinear**" if step > 1.5 else "")
        previous[key] = per_entry
        lines.append(f"| {name} | {count:,} | {layout} | {os.path.getsize(path) / 1e6:.1f} | {seconds:.3f} | {kib / 1024:.0f} | "
                     f"{per_entry:.2f} | {max(0, kib - start_kib) * 1024 / count:,.0f} | {growth} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()

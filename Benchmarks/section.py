"""Puts a benchmark script's section into BENCHMARKS.md between its markers,
`<!-- SCRIPT begin -->` and `<!-- SCRIPT end -->` (appended when they are missing), keeping the
rest of the file as it is. Written to a temporary file, then renamed over the old one.

    python3 Benchmarks/section.py BENCHMARKS.md SCRIPT TABLE_FILE
"""
import os
import sys

path, script, table = sys.argv[1], sys.argv[2], open(sys.argv[3], encoding="utf-8").read()
begin, end = f"<!-- {script} begin -->", f"<!-- {script} end -->"
text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
lines = text.split("\n")
if begin in lines and end in lines and lines.index(begin) < lines.index(end):
    first, last = lines.index(begin), lines.index(end)
    lines[first + 1:last] = table.rstrip("\n").split("\n")
    text = "\n".join(lines)
else:
    text = text + ("" if text.endswith("\n") or not text else "\n") + "\n" + begin + "\n" + table + end + "\n"
temporary = path + f".{script}-tmp"
with open(temporary, "w", encoding="utf-8") as file:
    file.write(text)
os.replace(temporary, path)

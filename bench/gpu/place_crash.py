#!/usr/bin/env python3
"""Places the addresses of an inferscope-cli crash report (INFERSCOPE_CRASH_MAPS=1) in their
mappings: library and offset, for addr2line. Usage: place_crash.py crash.log"""
import re
import sys

text = open(sys.argv[1], errors="replace").read()
maps = []
for m in re.finditer(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \d+\s+(\S*)$", text, re.M):
    maps.append((int(m[1], 16), int(m[2], 16), m[3], int(m[4], 16), m[5]))
for label, value in re.findall(r"(pc|\[sp\+\d+\]) (0x[0-9a-f]+)", text):
    a = int(value, 16)
    where = [f"{path or '[anon]'} +0x{a - lo + off:x} ({perm})" for lo, hi, perm, off, path in maps if lo <= a < hi]
    print(f"{label:>9} {value:>18}  {where[0] if where else '-'}")

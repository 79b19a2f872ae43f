#!/usr/bin/env python3
"""Names the functions in the CLI's crash report (cli_common.cpp's handler prints the faulting
frame and the raw stack words): every word that points into the executable, through addr2line.
Usage: symbolize.py STDERR_FILE BINARY"""
import re
import subprocess
import sys

text = open(sys.argv[1], errors="replace").read()
binary = sys.argv[2]
m = re.search(r"inferscope-cli\(\+0x([0-9a-f]+)\)\[0x([0-9a-f]+)\]", text)
if not m:
    sys.exit("no frame of the executable in the report")
base = int(m.group(2), 16) - int(m.group(1), 16)
offsets = []
for word in re.findall(r"\[sp\+\d+\] 0x([0-9a-f]+)", text):
    value = int(word, 16) - base
    if 0 < value < 0x8000000 and hex(value) not in offsets:
        offsets.append(hex(value))
if offsets:
    out = subprocess.run(["addr2line", "-f", "-C", "-i", "-e", binary] + offsets, capture_output=True, text=True).stdout
    lines = out.splitlines()
    for i in range(0, len(lines) - 1, 2):
        if "??" not in lines[i]:
            print(lines[i][:160], "@", lines[i + 1].split("/")[-1])

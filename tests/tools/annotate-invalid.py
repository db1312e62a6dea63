#!/usr/bin/env python3
"""Drafts `// expected-error@+N {{...}}` annotations for an invalid-input test.

  annotate-invalid.py RAW.mlir OUT.mlir

RAW.mlir is a test without annotations (RUN line, comments, chunks separated
by the five-dash split marker). The reference mlir-opt 22 is run on it with
--split-input-file; each diagnostic it reports becomes an annotation right
above the line it points at, and OUT.mlir is then checked with
`mlir-opt OUT.mlir -split-input-file -verify-diagnostics`.

The reference's wording is the specification strata-opt must match, so the
messages are copied verbatim. Review the result before committing: a test is
only useful if the error it pins is the one the chunk was written to provoke.
"""
import collections
import re
import subprocess
import sys

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
DIAG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): "
                  r"(?P<kind>error|warning|note|remark): (?P<msg>.*)$")


def main():
    raw, out = sys.argv[1], sys.argv[2]
    lines = open(raw).read().split("\n")
    # -verify-diagnostics turns off the "see current operation" notes; match that.
    proc = subprocess.run([MLIR_OPT, raw, "--split-input-file", "--mlir-print-op-on-diagnostic=false",
                           "-o", "/dev/null"],
                          capture_output=True, text=True)
    by_line = collections.defaultdict(list)
    for diag_line in proc.stderr.splitlines():
        m = DIAG.match(diag_line)
        if not m or m.group("file") != raw:
            continue
        by_line[int(m.group("line"))].append((m.group("kind"), m.group("msg")))
    unplaced = [l for l in proc.stderr.splitlines() if l.startswith(("error:", "note:"))]
    if unplaced:
        print("diagnostics without a location (annotate by hand):", *unplaced, sep="\n  ")
    result = []
    for number, text in enumerate(lines, start=1):
        diags = by_line.get(number, [])
        indent = re.match(r"\s*", text).group(0)
        for i, (kind, msg) in enumerate(diags):
            result.append(f"{indent}// expected-{kind}@+{len(diags) - i} {{{{{msg}}}}}")
        result.append(text)
    open(out, "w").write("\n".join(result))
    check = subprocess.run([MLIR_OPT, out, "-split-input-file", "-verify-diagnostics",
                            "-o", "/dev/null"], capture_output=True, text=True)
    if check.returncode != 0:
        print(check.stderr)
        sys.exit(1)
    print(f"{out}: {sum(len(d) for d in by_line.values())} annotations, verified")


if __name__ == "__main__":
    main()

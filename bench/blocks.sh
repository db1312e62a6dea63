#!/usr/bin/env bash
# bench/blocks.sh: time against the number of blocks, strata-opt vs mlir-opt.
#
# Inputs from bench/gen_blocks.py at N = 1,500, 6,000 and 24,000 blocks
# (4x steps; pass other counts as arguments, e.g. `bash bench/blocks.sh 1000
# 4000`):
#   chain    a chain of blocks with block arguments, cf.br / cf.cond_br to the
#            next block or to one exit (N predecessors), values used across
#            blocks;
#   diamond  N/3 diamonds (cond_br, two sides, a join with an argument);
#   toy      a Toy program of N/3 statements (one loop, ~3 blocks, each in
#            toyc -emit=llvm).
# Cases: `strata-opt F` (parse, verify, print), `-cse`, `-canonicalize` on
# chain and diamond, each against `mlir-opt` with the same arguments in the
# same run; `toyc F -emit=llvm` alone (there is no reference toyc).
# Every case is run RUNS times (default 3), the tools alternating, and the
# median wall and CPU (user + system) times are reported. The table gives,
# per case and N, the times, the growth factor from the previous N (CPU
# time; about 4 for 4x the blocks means linear or n log n, 16 quadratic) and
# at the largest N the ratio strata/mlir (CPU time; goal: at most 2).
# CPU time is used for growth and ratios because the machine may be shared:
# wall time then includes waiting for a core.
#
# This is a benchmark, not a test: it never fails on slow results. It exits
# 1 if strata-opt's output differs from mlir-opt's (a wrong answer makes the
# timing meaningless) or a tool fails, 2 on setup errors.
#
# Env: STRATA_BIN_DIR (default <repo>/target/release), MLIR_OPT (default
# /usr/lib/llvm-22/bin/mlir-opt), RUNS (default 3).
#
# Figures (2-core machine, RUNS=3, default sizes, at dae5cec; CPU seconds,
# median):
#   case                   N=1500         N=6000         N=24000        ratio
#                          strata  mlir   strata  mlir   strata  mlir   @24k
#   chain parse+print      0.032  0.139   0.117  0.429   0.445  1.669   0.27
#   chain -cse             0.031  0.120   0.119  0.473   0.425  1.811   0.23
#   chain -canonicalize    0.042  0.156   0.113  0.500   0.724  2.264   0.32
#   diamond parse+print    0.018  0.080   0.035  0.203   0.179  0.565   0.32
#   diamond -cse           0.012  0.058   0.052  0.125   0.207  0.714   0.29
#   diamond -canonicalize  0.018  0.084   0.091  0.218   0.302  0.911   0.33
#   toy toyc -emit=llvm    0.084    -     0.545    -     2.331    -       -
# Growth per 4x blocks: 2.0x-6.4x for strata-opt, 2.1x-5.7x for mlir-opt
# (small times at N=1500 are noisy), i.e. linear up to cache effects, far
# from the 16x of a quadratic path; every strata-opt output was
# byte-identical to mlir-opt's. toyc at 24,000 statements (24,475 LLVM
# blocks) takes 2.3 s; there is no reference toyc to compare with.

set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${STRATA_BIN_DIR:-$repo/target/release}
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
runs=${RUNS:-3}
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(1500 6000 24000)

for tool in "$bin/strata-opt" "$bin/toyc" "$mlir_opt"; do
  [[ -x $tool ]] || { echo "not found: $tool (build with cargo build --release -p strata-opt -p toy)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in "${sizes[@]}"; do
  for shape in chain diamond; do
    python3 "$repo/bench/gen_blocks.py" --shape "$shape" --blocks "$n" >"$work/$shape-$n.mlir"
  done
  python3 "$repo/bench/gen_blocks.py" --shape toy --blocks "$n" >"$work/toy-$n.toy"
done

python3 - "$work" "$bin" "$mlir_opt" "$runs" "${sizes[@]}" <<'PY'
import os, statistics, subprocess, sys, time

work, bin_dir, mlir_opt, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sizes = [int(x) for x in sys.argv[5:]]
strata_opt = os.path.join(bin_dir, "strata-opt")
toyc = os.path.join(bin_dir, "toyc")
status = 0

def run(cmd, out=subprocess.DEVNULL, err=subprocess.DEVNULL):
    """Runs cmd; returns (wall s, cpu s, exit code)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=out, stderr=err)
    _, code, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(code)
    return wall, ru.ru_utime + ru.ru_stime, p.returncode

def blocks_of(path):
    with open(path) as f:
        return sum(1 for line in f if line.startswith("^")) + 1

# Cases: (name, shape, argv builder for a file, reference?)
cases = []
for shape in ("chain", "diamond"):
    for label, flags in (("parse+print", []), ("-cse", ["-cse"]), ("-canonicalize", ["-canonicalize"])):
        cases.append((f"{shape} {label}", shape, flags))
cases.append(("toy toyc -emit=llvm", "toy", None))

rows = []  # (case, n, blocks, s_wall, s_cpu, m_wall, m_cpu)
for name, shape, flags in cases:
    for n in sizes:
        if flags is None:
            src = os.path.join(work, f"toy-{n}.toy")
            cmd = [toyc, src, "-emit=llvm"]
            # toyc writes the LLVM IR on stderr, as the tutorial's tool.
            ll = os.path.join(work, "out.ll")
            with open(ll, "w") as f:
                _, _, code = run(cmd, err=f)
            if code != 0:
                print(f"FAILED: {' '.join(cmd)} exits {code}")
                status = 1
            with open(ll) as f:
                nblocks = sum(1 for line in f if line[:2] == "bb" and line.rstrip().endswith(":"))
            s = [run(cmd)[:2] for _ in range(runs)]
            rows.append((name, n, nblocks, s, None))
            print(f"{name} N={n}: {nblocks} blocks in the LLVM IR, cpu {statistics.median(c for _, c in s):.3f} s", flush=True)
            continue
        src = os.path.join(work, f"{shape}-{n}.mlir")
        outs = {}
        for tool in (strata_opt, mlir_opt):
            path = os.path.join(work, "out." + os.path.basename(tool))
            _, _, code = run([tool, *flags, src, "-o", path])
            if code != 0:
                print(f"FAILED: {tool} {' '.join(flags)} {src} exits {code}")
                status = 1
            outs[tool] = open(path, "rb").read()
        if outs[strata_opt] != outs[mlir_opt]:
            print(f"WRONG OUTPUT: {name} N={n}: strata-opt's output differs from mlir-opt's")
            status = 1
        s, m = [], []
        for _ in range(runs):
            m.append(run([mlir_opt, *flags, src, "-o", os.devnull])[:2])
            s.append(run([strata_opt, *flags, src, "-o", os.devnull])[:2])
        rows.append((name, n, blocks_of(src), s, m))
        print(f"{name} N={n}: strata cpu {statistics.median(c for _, c in s):.3f} s, "
              f"mlir cpu {statistics.median(c for _, c in m):.3f} s", flush=True)

med = lambda xs, i: statistics.median(x[i] for x in xs)
print()
print(f"Median of {runs} runs; wall and CPU (user+sys) seconds; growth = CPU time over the previous N's;")
print(f"ratio = strata/mlir CPU time at N = {sizes[-1]} (goal <= 2; growth about 4 per 4x = linear)")
hdr = ["case", "N", "blocks", "strata wall", "strata cpu", "growth", "mlir wall", "mlir cpu", "growth", "ratio"]
table = []
prev = {}
for name, n, nb, s, m in rows:
    sc = med(s, 1)
    mc = med(m, 1) if m else None
    ps, pm = prev.get(name, (None, None))
    g = lambda a, b: f"{a / b:.1f}x" if a is not None and b else ""
    ratio = f"{sc / mc:.2f}" if mc and n == sizes[-1] else ""
    table.append([name, str(n), str(nb), f"{med(s, 0):.3f}", f"{sc:.3f}", g(sc, ps),
                  f"{med(m, 0):.3f}" if m else "-", f"{mc:.3f}" if m else "-", g(mc, pm) if m else "", ratio])
    prev[name] = (sc, mc)
w = [max(len(r[i]) for r in table + [hdr]) for i in range(len(hdr))]
for r in [hdr] + table:
    print("  ".join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip())
sys.exit(status)
PY

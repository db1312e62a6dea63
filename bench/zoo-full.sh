#!/usr/bin/env bash
# Benchmark of tx8c on the full-size model zoo (not a test): the standard
# configurations of tests/zoo/export_zoo.py (`--size full`: torchvision,
# timm and transformers at their real widths, batch 1, JAX at BERT-base
# widths), each compiled, run on the C model and compared with onnxruntime
# in bf16 and fp32 by tests/zoo/run_zoo.py, which prints one row per model:
# exporter, opset, nodes, compile seconds, simulated cycles, fraction of the
# roofline, minimum cosine and SQNR per dtype (also written to
# RUNS/table.md).
#
#   bench/zoo-full.sh [ZOO_DIR] [run_zoo.py options...]
#   bench/zoo-full.sh /work/zoo-full --only 'tv-resnet*' --dtype bf16
#
# ZOO_DIR defaults to target/zoo-full, exported on first use (needs the
# exporters of tests/zoo/README.md "Regenerating": about 6 GB of Python
# packages and, for every model, tens of GB of disk; hours on 2 cores).
# Runs go to target/zoo-full-runs (a passing run keeps only its reports:
# --prune) and a check already run by the same binaries on the same files
# is not run again (--resume); table.md there is rewritten as each check
# ends. No known-failures list applies: every check is reported as it is.
# Uses $STRATA_BIN_DIR/tx8c (default target/release); the per-run timeout
# is an hour (full-size models run for minutes on the C model).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
zoo=${1:-$root/target/zoo-full}
[[ $# -gt 0 ]] && shift
python=${ZOO_PYTHON:-python3}
if [[ ! -f $zoo/manifest.json ]]; then
  "$python" "$root/tests/zoo/export_zoo.py" --size full --out "$zoo"
fi
no_known=$(mktemp)
trap 'rm -f "$no_known"' EXIT
exec "$python" "$root/tests/zoo/run_zoo.py" --models "$zoo" --runs "$root/target/zoo-full-runs" \
  --known-failures "$no_known" --timeout 3600 -j 1 --prune --resume "$@"

#!/usr/bin/env bash
# Renders tx8c's --report page in headless Chromium and checks its pictures
# (not a test: it needs Chromium, which CI does not install). For each model
# given (default: the bundled examples/onnx/resnet18_small and the committed
# zoo's tv-efficientnet-ts and hf-bert-nomask-sdpa-ts), tx8c compiles and
# runs it on the C model with --report; tests/tx8be/Inputs/check_report_page.py
# then checks the page against run.json (every chart parses as SVG and has
# one mark per group) and, on Chromium's screenshot, that every chart drew
# its colours. The screenshots stay in OUT (default target/report-render).
#
#   bench/report-render.sh [OUT] [MODEL_DIR...]
#
# A MODEL_DIR holds model.onnx and inputs.npz. Installs Debian's chromium
# when /usr/bin/chromium is missing. Uses $STRATA_BIN_DIR/tx8c (default
# target/release).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/target/report-render}
[[ $# -gt 0 ]] && shift
models=("$@")
if [[ ${#models[@]} == 0 ]]; then
  models=("$root/examples/onnx/resnet18_small" "$root/tests/zoo/models/tv-efficientnet-ts"
    "$root/tests/zoo/models/hf-bert-nomask-sdpa-ts")
fi
bin=${STRATA_BIN_DIR:-$root/target/release}
if [[ ! -x /usr/bin/chromium ]]; then
  sudo=""
  [[ $(id -u) != 0 ]] && sudo=sudo
  $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
fi
mkdir -p "$out"
status=0
for m in "${models[@]}"; do
  name=$(basename "$m")
  dir=$out/$name
  rm -rf "$dir"
  if ! "$bin/tx8c" "$m/model.onnx" -o "$dir" --run --inputs "$m/inputs.npz" -q --report "$dir/report.html" \
    > "$out/$name.log" 2>&1; then
    echo "$name: tx8c failed:" >&2
    tail -5 "$out/$name.log" >&2
    status=1
    continue
  fi
  # The flags keep Chromium off the network (closed here) and out of any
  # profile; the tall window holds the four charts above the table.
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size=1000,2100 \
    --screenshot="$out/$name.png" "file://$dir/report.html" > "$out/$name.chromium.log" 2>&1 || true
  rm -rf "$profile"
  if ! python3 "$root/tests/tx8be/Inputs/check_report_page.py" "$dir" --screenshot "$out/$name.png"; then
    status=1
  fi
done
exit $status

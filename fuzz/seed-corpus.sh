#!/bin/sh
# Seeds fuzz/corpus/parse_mlir from the lit corpora (tests/roundtrip, tests/invalid,
# the pass tests tests/passes/*/ and the differential inputs tests/diff/inputs),
# fuzz/corpus/parse_toy from the Toy sources (tests/toy/**/*.toy, examples/toy), and
# fuzz/corpus/read_onnx from the models the strata-onnx importer tests build.
# With --with-regressions it also copies tests/fuzz-regressions (to check fixes:
# libFuzzer stops at the first seed that still fails). Safe to re-run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dest="$here/corpus/parse_mlir"
dirs="roundtrip invalid"
if [ "${1:-}" = "--with-regressions" ]; then
    dirs="$dirs fuzz-regressions"
fi
mkdir -p "$dest"
n=0
for dir in $dirs; do
    for f in "$root/tests/$dir"/*.mlir; do
        [ -f "$f" ] || continue
        # Files whose printed form mlir-opt itself cannot read back (affine
        # constants of -2^63) would stop the target's re-parse check at once.
        grep -q NO-GENERIC-REREAD "$f" && continue
        cp "$f" "$dest/$dir-$(basename "$f")"
        n=$((n + 1))
    done
done
# The target also runs -canonicalize, -cse and -inline: seed it with the
# inputs written to exercise those passes.
for f in "$root"/tests/diff/inputs/*.mlir "$root"/tests/passes/*/*.mlir; do
    [ -f "$f" ] || continue
    rel=${f#"$root"/tests/}
    cp "$f" "$dest/$(echo "$rel" | tr / -)"
    n=$((n + 1))
done
echo "seeded $n files into $dest"

toy_dest="$here/corpus/parse_toy"
mkdir -p "$toy_dest"
n=0
for f in "$root"/tests/toy/*/*.toy "$root"/examples/toy/*.toy; do
    [ -f "$f" ] || continue
    rel=${f#"$root"/}
    cp "$f" "$toy_dest/$(echo "$rel" | tr / -)"
    n=$((n + 1))
done
echo "seeded $n files into $toy_dest"

# fuzz/corpus/read_onnx: every small model the strata-onnx importer tests
# build (tests/common/mod.rs writes them when STRATA_ONNX_WRITE_CORPUS is set).
onnx_dest="$here/corpus/read_onnx"
mkdir -p "$onnx_dest"
(cd "$root" && STRATA_ONNX_WRITE_CORPUS="$onnx_dest" cargo test -q -p strata-onnx --tests >/dev/null)
echo "seeded $(ls "$onnx_dest" | wc -l) files into $onnx_dest"

# fuzz/corpus/read_npz: the inputs.npz and ref.npz of the tx8c test models,
# when tests/tx8/gen_models.py has written them to target/tx8-models.
npz_dest="$here/corpus/read_npz"
mkdir -p "$npz_dest"
n=0
for f in "$root"/target/tx8-models/*/inputs.npz "$root"/target/tx8-models/*/ref.npz; do
    [ -f "$f" ] || continue
    cp "$f" "$npz_dest/$(basename "$(dirname "$f")")-$(basename "$f")"
    n=$((n + 1))
done
echo "seeded $n files into $npz_dest"

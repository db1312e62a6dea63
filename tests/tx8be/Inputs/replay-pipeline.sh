#!/usr/bin/env bash
# Replays the pipeline tx8c printed with --dump-pass-pipeline (file $2: a
# header line, then the pipeline) through strata-opt ($1) on the module in
# $3, printing the result.
set -euo pipefail
pipeline=$(tail -n +2 "$2")
exec "$1" "$3" --pass-pipeline="$pipeline"

#!/usr/bin/env python3
"""Exports the model zoo: real models through the real exporters.

torchvision, transformers and timm models (random initialisation only, no
network) through both torch.onnx exporters (TorchScript at opset 17 and
dynamo at its default opset), and JAX functions lowered to StableHLO text.
For each model, OUT/<name>/ holds model.onnx (or model.mlir), inputs.npz and
ref.npz (onnxruntime's outputs; JAX's own for the JAX functions), and
OUT/manifest.json describes every model, one line each; an exporter's
failure is recorded there (`exported: false` and its error), not raised.

    export_zoo.py --size ci                         # -> tests/zoo/models (committed)
    export_zoo.py --size full --out /work/zoo-full  # standard sizes, never committed
    export_zoo.py --size ci --only 'tv-resnet*' --only 'hf-bert-*'
    export_zoo.py --size full --list

Models are exported one after the other with one torch thread. With
--only, the entries of the models re-exported replace theirs in an existing
manifest and the others are kept. See tests/zoo/README.md.
"""

import argparse
import fnmatch
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from zoo import common  # noqa: E402

common.offline_environment()

DEFAULT_CI_OUT = os.path.join(HERE, "models")


def all_specs(size, all_variants):
    from zoo import jax_models, timm_models, torchvision_models, transformers_models

    return (torchvision_models.specs() + transformers_models.specs(size, all_variants) + timm_models.specs()
            + jax_models.specs())


def selected(spec, only):
    if not only:
        return list(spec.exporters)
    out = []
    for e in spec.exporters:
        name = spec.entry_name(e)
        if any(fnmatch.fnmatchcase(name, g) or fnmatch.fnmatchcase(spec.name, g) for g in only):
            out.append(e)
    return out


def load_manifest(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return json.load(f).get("models", [])


def versions():
    import importlib.metadata as md

    out = {}
    for p in ("torch", "torchvision", "transformers", "timm", "onnx", "onnxruntime", "onnxscript", "jax",
              "jaxlib", "numpy"):
        try:
            out[p] = md.version(p)
        except md.PackageNotFoundError:
            out[p] = None
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=common.SIZES, default="ci")
    ap.add_argument("--out", help=f"output directory (default {os.path.relpath(DEFAULT_CI_OUT)} for ci; "
                                  "required for full, outside the repository)")
    ap.add_argument("--only", action="append", default=[], help="shell glob on model names (repeatable)")
    ap.add_argument("--list", action="store_true", help="print the model names and exit")
    ap.add_argument("--all-variants", action="store_true",
                    help="full size: every attention/mask variant of the text models (default: two)")
    args = ap.parse_args()

    import torch

    torch.set_num_threads(1)
    specs = all_specs(args.size, args.all_variants)
    names = [n for s in specs for n in s.entry_names()]
    if len(names) != len(set(names)):
        sys.exit("export_zoo: duplicate model names")
    if args.list:
        for s in specs:
            for e in selected(s, args.only):
                skip = s.skip.get(args.size)
                print(s.entry_name(e) + (f"  (not built: {skip})" if skip else ""))
        return 0

    out = args.out or (DEFAULT_CI_OUT if args.size == "ci" else None)
    if not out:
        sys.exit("export_zoo: --size full needs --out DIR (outside the repository)")
    os.makedirs(out, exist_ok=True)
    work = [(s, selected(s, args.only)) for s in specs]
    work = [(s, ex) for s, ex in work if ex]
    if not work:
        sys.exit("export_zoo: no model matches")

    def log(name, text):
        print(f"{name:44s} {text}", flush=True)

    manifest_path = os.path.join(out, "manifest.json")
    old = {e["name"]: e for e in load_manifest(manifest_path) if e.get("size") == args.size}
    head = {"generator": "tests/zoo/export_zoo.py", "size": args.size, "versions": versions()}
    new = {}

    def write_manifest():
        # This run's entries replace theirs; others already listed stay. Written
        # after every model, so an interrupted run keeps what it exported.
        merged = [new[n] if n in new else old[n] for n in names if n in new or n in old]
        with open(manifest_path, "w") as f:
            f.write(common.manifest_text(head, merged))
        return merged

    start = time.monotonic()
    build_failures = []
    for spec, exporters in work:
        seed = common.seed_for(spec.seed_key)
        skip = spec.skip.get(args.size)
        if skip:
            for e in common.skipped_entries(spec, args.size, seed, skip):
                if e["exporter"] in [common.EXPORTER_NAME[x] for x in exporters]:
                    new[e["name"]] = e
                    log(e["name"], f"not built at {args.size} size: {skip}")
            continue
        t0 = time.monotonic()
        ctx = common.Ctx(args.size, seed, np.random.default_rng(seed))
        common.seed_torch(seed)
        try:
            with common.quiet():
                built = spec.build(ctx)
        except Exception as exc:
            # A bug of this script (the classes are real and fixed): reported,
            # and the run goes on with the other models.
            print(f"export_zoo: building {spec.name} failed:\n{common.describe_exception()}", file=sys.stderr)
            build_failures.append(spec.name)
            for e in common.skipped_entries(spec, args.size, seed, f"build failed: {common.brief_error(exc)}"):
                new[e["name"]] = e
            continue
        log(spec.name, f"built in {time.monotonic() - t0:.1f} s")
        if spec.source == "jax":
            from zoo import jax_models

            entries = jax_models.write(spec, ctx, built, out, log)
        else:
            entries = common.run_torch(spec, ctx, built, exporters, out, log)
        for e in entries:
            new[e["name"]] = e
        del built
        write_manifest()

    merged = write_manifest()
    exported = sum(1 for e in new.values() if e.get("exported"))
    total = sum(sum(e.get("files", {}).values()) for e in merged)
    print(f"export_zoo: {len(new)} models this run ({exported} exported), manifest {len(merged)} models, "
          f"{total / 1e6:.1f} MB, {time.monotonic() - start:.0f} s -> {out}")
    if build_failures:
        print(f"export_zoo: building failed for {', '.join(build_failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

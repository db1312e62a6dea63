"""What every source of the zoo shares.

- `Spec` (one model: its name, source, family, build function, exporters,
  the sizes it is built at) and `Built` (what a build function returns: the
  module and its inputs);
- seeding: every RNG is seeded from the CRC-32 of the model's name without
  its variant and exporter suffixes (`Spec.seed_key`), so reruns give the same
  weights and inputs, and the variants of one model share them;
- files: deterministic model serialization, npz files with a fixed zip
  timestamp, the network guard;
- the reference: onnxruntime with graph optimizations off and one thread;
- manifest entries (`onnx_summary`, `manifest_text`);
- the torch path: `run_torch` exports one built module with each exporter
  (TorchScript at opset 17, dynamo at its default opset), runs onnxruntime,
  compares with torch and writes the model's directory.
"""

import collections
import contextlib
import io
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import time
import traceback
import warnings
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

SIZES = ("ci", "full")
# The TorchScript exporter's opset; the dynamo exporter keeps its default.
TS_OPSET = 17
# A ci model's files together should stay under this (README).
CI_MODEL_BYTES = 2_000_000
# torch and onnxruntime should agree to this, relative to the output's range.
TORCH_ORT_REL_TOL = 1e-4
# Full models whose weights exceed this keep them in model.onnx.data (protobuf's 2 GB limit).
SINGLE_FILE_WEIGHT_LIMIT = 1_800_000_000
# Longest exporter error kept in the manifest.
ERROR_CHARS = 400

EXPORTER_SUFFIX = {"ts": "ts", "dynamo": "dynamo", "jax": None}
EXPORTER_NAME = {"ts": "torchscript", "dynamo": "dynamo", "jax": "jax"}


def seed_for(key: str) -> int:
    return zlib.crc32(key.encode("utf-8"))


@dataclass
class Ctx:
    """What a build function gets: the size and the seeded generators."""

    size: str
    seed: int
    rng: np.random.Generator

    @property
    def ci(self) -> bool:
        return self.size == "ci"

    def pick(self, ci, full):
        return ci if self.ci else full

    def torch_generator(self, offset: int = 0):
        import torch

        g = torch.Generator()
        g.manual_seed(self.seed + offset)
        return g


@dataclass
class Built:
    """A model ready to export.

    `module` is called with the inputs positionally, in `inputs`' order (a
    torch module, or a jax function for jax specs); `inputs` maps each graph
    input name to its array."""

    module: object
    inputs: dict
    notes: list = field(default_factory=list)
    # Run and export with autograd enabled (torchvision's ViT: under no_grad
    # its encoder takes the fused _native_multi_head_attention path).
    grad: bool = False
    # Names of the outputs, in order (default: from the model's output).
    output_names: list = None
    # What is exported, when it is not the family's plain class.
    head: str = ""
    # jax only: the lowered module's text, and the reference outputs.
    mlir: str = ""
    reference: list = None


@dataclass
class Spec:
    name: str
    source: str  # torchvision / transformers / timm / jax
    family: str
    build: Callable  # build(ctx) -> Built
    exporters: tuple = ("ts", "dynamo")
    # size -> why the model is not built at that size (absent: built).
    skip: dict = field(default_factory=dict)
    seed_key: str = ""
    notes: list = field(default_factory=list)

    def __post_init__(self):
        if not self.seed_key:
            self.seed_key = self.name

    def entry_name(self, exporter: str) -> str:
        suffix = EXPORTER_SUFFIX[exporter]
        return f"{self.name}-{suffix}" if suffix else self.name

    def entry_names(self):
        return [self.entry_name(e) for e in self.exporters]


# ---------------------------------------------------------------- environment


def offline_environment():
    """No hub, no network, CPU only: set before torch/transformers/jax load."""
    for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
        os.environ[k] = "1"
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ["CUDA_VISIBLE_DEVICES"] = ""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("OMP_NUM_THREADS", "1")

    def refuse(*args, **kwargs):
        raise RuntimeError("export_zoo: network access is disabled (random initialisation only)")

    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


# ---------------------------------------------------------------------- files

_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def write_npz(path: str, arrays: dict) -> None:
    """An npz numpy.load reads, with the same bytes at every run (numpy's
    savez stamps members with the current time)."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        for key, array in arrays.items():
            body = io.BytesIO()
            np.lib.format.write_array(body, np.ascontiguousarray(array), allow_pickle=False)
            member = zipfile.ZipInfo(key + ".npy", date_time=_ZIP_TIME)
            member.external_attr = 0o644 << 16
            zf.writestr(member, body.getvalue())


def strip_metadata(model) -> None:
    """Drops the dynamo exporter's per-node metadata (stack traces, module
    paths, fx nodes): most of a small model's bytes, and machine paths."""

    def graph(g):
        for n in g.node:
            del n.metadata_props[:]
            for a in n.attribute:
                if a.HasField("g"):
                    graph(a.g)
                for sub in a.graphs:
                    graph(sub)
        for vi in list(g.input) + list(g.output) + list(g.value_info):
            del vi.metadata_props[:]
        for t in g.initializer:
            del t.metadata_props[:]
        del g.metadata_props[:]

    graph(model.graph)
    for f in model.functions:
        for n in f.node:
            del n.metadata_props[:]


def weight_bytes(model) -> int:
    total = 0
    for t in model.graph.initializer:
        total += len(t.raw_data) or t.ByteSize()
    return total


def save_onnx(model, directory: str, single_file: bool) -> None:
    """`directory/model.onnx`, and `model.onnx.data` for a large full model."""
    import onnx

    path = os.path.join(directory, "model.onnx")
    if single_file or weight_bytes(model) < SINGLE_FILE_WEIGHT_LIMIT:
        with open(path, "wb") as f:
            f.write(model.SerializeToString(deterministic=True))
        return
    onnx.save_model(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                    location="model.onnx.data", size_threshold=1024, convert_attribute=False)


def file_sizes(directory: str) -> dict:
    return {n: os.path.getsize(os.path.join(directory, n)) for n in sorted(os.listdir(directory))}


def fresh_dir(path: str) -> str:
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def manifest_text(head: dict, entries: list) -> str:
    """JSON with one line per model (readable, greppable, small diffs)."""
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append(' "models": [')
    for i, e in enumerate(entries):
        lines.append("  " + json.dumps(e) + ("," if i + 1 < len(entries) else ""))
    lines += [" ]", "}", ""]
    return "\n".join(lines)


# ------------------------------------------------------------------ reference


def run_onnxruntime(path: str, feeds: dict) -> dict:
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.log_severity_level = 3
    sess = ort.InferenceSession(path, opts, providers=["CPUExecutionProvider"])
    names = [o.name for o in sess.get_outputs()]
    return dict(zip(names, sess.run(names, feeds)))


def compare_outputs(want: list, got: list):
    """(max abs difference, max difference relative to each output's largest
    magnitude) over outputs paired in order."""
    max_abs, max_rel = 0.0, 0.0
    for w, g in zip(want, got):
        w = np.asarray(w, dtype=np.float64)
        g = np.asarray(g, dtype=np.float64)
        if w.shape != g.shape:
            return float("inf"), float("inf")
        if w.size == 0:
            continue
        d = float(np.max(np.abs(w - g)))
        scale = float(np.max(np.abs(w)))
        max_abs = max(max_abs, d)
        max_rel = max(max_rel, d / scale if scale > 0 else d)
    return max_abs, max_rel


# ------------------------------------------------------------------- manifest


def _dims(type_proto):
    t = type_proto.tensor_type
    out = []
    for d in t.shape.dim:
        out.append(d.dim_value if d.HasField("dim_value") else (d.dim_param or "?"))
    return out


def _dtype_name(elem_type: int) -> str:
    import onnx

    try:
        return np.dtype(onnx.helper.tensor_dtype_to_np_dtype(elem_type)).name
    except Exception:
        return onnx.TensorProto.DataType.Name(elem_type).lower()


def onnx_summary(model) -> dict:
    """opset, IR version, node counts, op histogram, inputs and outputs."""
    hist = collections.Counter()
    sub_nodes = 0

    def count(g, top):
        nonlocal sub_nodes
        for n in g.node:
            if top:
                hist[(n.domain + "." if n.domain not in ("", "ai.onnx") else "") + n.op_type] += 1
            else:
                sub_nodes += 1
            for a in n.attribute:
                if a.HasField("g"):
                    count(a.g, False)
                for sg in a.graphs:
                    count(sg, False)

    count(model.graph, True)
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), None)
    others = {o.domain: o.version for o in model.opset_import if o.domain not in ("", "ai.onnx")}
    params = 0
    for t in model.graph.initializer:
        n = 1
        for d in t.dims:
            n *= d
        params += n
    inits = {t.name for t in model.graph.initializer}
    s = {
        "opset": opset,
        "ir_version": model.ir_version,
        "nodes": len(model.graph.node),
        "op_types": dict(sorted(hist.items())),
        "params": params,
        "inputs": [{"name": i.name, "shape": _dims(i.type), "dtype": _dtype_name(i.type.tensor_type.elem_type)}
                   for i in model.graph.input if i.name not in inits],
        "outputs": [{"name": o.name, "shape": _dims(o.type), "dtype": _dtype_name(o.type.tensor_type.elem_type)}
                    for o in model.graph.output],
    }
    if others:
        s["other_opsets"] = others
    if sub_nodes:
        s["subgraph_nodes"] = sub_nodes
    if model.functions:
        s["functions"] = len(model.functions)
    return s


def base_entry(spec: Spec, exporter: str, size: str, seed: int) -> dict:
    return {
        "name": spec.entry_name(exporter),
        "source": spec.source,
        "family": spec.family,
        "exporter": EXPORTER_NAME[exporter],
        "size": size,
        "ci": "ci" not in spec.skip,
        "seed": seed,
    }


def brief_error(exc: BaseException) -> str:
    """The first line(s) of an exporter's error, trimmed: the exception's
    first line, and the first line of its summary or cause when the first
    line is generic (the dynamo exporter's 'Failed to export ... step 1/3')."""
    text = str(exc).strip()
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    first = lines[0] if lines else ""
    parts = [f"{type(exc).__name__}: {first}"]
    for marker in ("## Exception summary",):
        if marker in text:
            after = text.split(marker, 1)[1]
            tail = [l.strip() for l in after.splitlines() if l.strip()]
            if tail:
                parts.append(tail[0])
            break
    else:
        cause = exc.__cause__ or exc.__context__
        if cause is not None and len(parts[0]) < 160:
            cl = [l.strip() for l in str(cause).splitlines() if l.strip()]
            parts.append(f"{type(cause).__name__}: {cl[0] if cl else ''}")
    msg = " | ".join(parts)
    for noise in (r"\s*Please feel free to request support or submit a pull request on PyTorch GitHub: \S+",
                  r"\s*\[Caused by the value .*"):
        msg = re.sub(noise, "", msg)
    msg = re.sub(r"/work/zoo-venv/lib/python3\.\d+/site-packages/", "", msg)
    msg = re.sub(r"\s+", " ", msg)
    return msg if len(msg) <= ERROR_CHARS else msg[: ERROR_CHARS - 3] + "..."


@contextlib.contextmanager
def quiet():
    """Silences exporter chatter: progress lines, warnings, and the graphs
    the TorchScript exporter prints from C++ on an error (file descriptors
    1 and 2 go to /dev/null meanwhile)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = (os.dup(1), os.dup(2))
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved + (null,):
            os.close(fd)


# ------------------------------------------------------------------ torch path


def seed_torch(seed: int) -> None:
    import random

    import torch

    random.seed(seed)
    np.random.seed(seed % 2**32)
    torch.manual_seed(seed)


def flatten_outputs(out, prefix="output"):
    """[(name, tensor)] of a model's output: a tensor, a tuple or list, a dict
    or a transformers ModelOutput (its non-None fields, in order)."""
    import torch

    if isinstance(out, torch.Tensor):
        return [(prefix, out)]
    if hasattr(out, "to_tuple") and hasattr(out, "keys"):
        return [(k, v) for k, v in out.items() if isinstance(v, torch.Tensor)]
    if isinstance(out, dict):
        return [(k, v) for k, v in out.items() if isinstance(v, torch.Tensor)]
    if isinstance(out, (tuple, list)):
        flat = []
        for i, o in enumerate(out):
            flat += flatten_outputs(o, f"{prefix}_{i}")
        return flat
    raise TypeError(f"unexpected model output {type(out).__name__}")


def grad_mode(grad: bool):
    import torch

    return torch.enable_grad() if grad else torch.no_grad()


def export_torch_onnx(module, args: tuple, exporter: str, input_names, output_names, grad: bool, workdir: str):
    """The exporter's ModelProto (external data loaded)."""
    import onnx
    import torch

    path = os.path.join(workdir, "export.onnx")
    with quiet(), grad_mode(grad):
        if exporter == "ts":
            torch.onnx.export(module, args, path, dynamo=False, opset_version=TS_OPSET,
                              input_names=list(input_names), output_names=list(output_names))
        else:
            program = torch.onnx.export(module, args, dynamo=True, input_names=list(input_names),
                                        output_names=list(output_names), verbose=False)
            program.save(path)
    return onnx.load(path)


def run_torch(spec: Spec, ctx: Ctx, built: Built, exporters, out_dir: str, log) -> list:
    """Exports `built` with each exporter; returns the manifest entries."""
    import onnx
    import torch

    # Inference graphs: a wrapper left in train mode would let the dynamo
    # exporter trace its children's dropout.
    module = built.module.eval()
    names = list(built.inputs)
    tensors = tuple(torch.from_numpy(np.ascontiguousarray(v)) for v in built.inputs.values())
    with grad_mode(built.grad):
        out = module(*tensors)
    flat = flatten_outputs(out)
    out_names = list(built.output_names or [n for n, _ in flat])
    torch_out = [t.detach().cpu().numpy() for _, t in flat]
    constant = [n for n, o in zip(out_names, torch_out) if o.size > 1 and float(np.std(o)) <= 1e-6 * (1 + float(np.mean(np.abs(o))))]

    entries = []
    for exporter in exporters:
        entry = base_entry(spec, exporter, ctx.size, ctx.seed)
        notes = list(spec.notes) + list(built.notes)
        if constant:
            notes.append(f"constant output: {', '.join(constant)} (a zero-initialised layer?)")
        if built.head:
            entry["head"] = built.head
        directory = os.path.join(out_dir, entry["name"])
        shutil.rmtree(directory, ignore_errors=True)
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="zoo-export-") as work:
            try:
                model = export_torch_onnx(module, tensors, exporter, names, out_names, built.grad, work)
            except Exception as exc:  # an exporter's failure is a result, not an error
                entry.update(exported=False, error=brief_error(exc), notes=notes)
                entries.append(entry)
                log(entry["name"], f"not exported ({time.monotonic() - start:.1f} s): {entry['error'][:150]}")
                continue
        strip_metadata(model)
        entry.update(exported=True, error=None)
        entry.update(onnx_summary(model))
        fresh_dir(directory)
        save_onnx(model, directory, single_file=ctx.ci)
        graph_inputs = [i["name"] for i in entry["inputs"]]
        dropped = [n for n in names if n not in graph_inputs]
        if dropped:
            notes.append(f"the exported graph has no input {', '.join(dropped)} (unused)")
        missing = [n for n in graph_inputs if n not in built.inputs]
        feeds = {n: built.inputs[n] for n in graph_inputs if n in built.inputs}
        write_npz(os.path.join(directory, "inputs.npz"), feeds)
        if ctx.ci:
            try:
                onnx.checker.check_model(model, full_check=True)
            except Exception as exc:
                notes.append(f"onnx.checker: {brief_error(exc)}")
        del model
        if missing:
            entry.update(error=f"graph inputs without data: {missing}", reference=False)
        else:
            try:
                ref = run_onnxruntime(os.path.join(directory, "model.onnx"), feeds)
            except Exception as exc:
                entry.update(error="onnxruntime: " + brief_error(exc), reference=False)
                ref = None
            if ref is not None:
                write_npz(os.path.join(directory, "ref.npz"), ref)
                entry["reference"] = True
                got = list(ref.values())
                if len(got) != len(torch_out):
                    notes.append(f"{len(got)} ONNX outputs for {len(torch_out)} torch outputs")
                max_abs, max_rel = compare_outputs(torch_out, got)
                entry["torch_vs_ort_max_abs"] = max_abs
                entry["torch_vs_ort_max_rel"] = max_rel
                if not max_rel <= TORCH_ORT_REL_TOL:
                    notes.append(f"torch and onnxruntime differ by {max_rel:.2e} relative (over {TORCH_ORT_REL_TOL:g})")
        entry["files"] = file_sizes(directory)
        total = sum(entry["files"].values())
        if ctx.ci and total > CI_MODEL_BYTES:
            notes.append(f"{total / 1e6:.2f} MB: over the ci budget of {CI_MODEL_BYTES / 1e6:.0f} MB")
        entry["notes"] = notes
        entries.append(entry)
        status = "ok" if entry.get("reference") else f"exported, {entry['error']}"
        log(entry["name"], f"{status} ({time.monotonic() - start:.1f} s, {total / 1e6:.2f} MB, "
                           f"{entry['nodes']} nodes, torch/ort rel {entry.get('torch_vs_ort_max_rel', float('nan')):.1e})")
    return entries


def skipped_entries(spec: Spec, size: str, seed: int, reason: str) -> list:
    out = []
    for e in spec.exporters:
        entry = base_entry(spec, e, size, seed)
        entry.update(exported=False, error=None, skipped=reason, notes=list(spec.notes) + [reason])
        out.append(entry)
    return out


def describe_exception() -> str:
    return traceback.format_exc(limit=6)


# ---------------------------------------------------------------- torch helpers


def calibrate_batchnorm(model, make_batch, passes: int = 4):
    """Sets every BatchNorm's running statistics to the average of `passes`
    batches' statistics (train-mode BN only: dropout and stochastic depth
    stay off), then returns the model in eval mode. Freshly initialised BN
    (mean 0, var 1) would leave activations nearly constant deep in a net."""
    import torch

    bns = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    model.eval()
    if not bns:
        return model
    saved = []
    for bn in bns:
        saved.append(bn.momentum)
        bn.reset_running_stats()
        bn.momentum = None  # cumulative average over the passes
        bn.train()
    with torch.no_grad():
        for i in range(passes):
            model(*make_batch(i))
    for bn, m in zip(bns, saved):
        bn.momentum = m
    return model.eval()


def image_batch_maker(ctx: Ctx, shape):
    """Batches of standard-normal images for calibration, seeded from ctx."""
    import torch

    gen = ctx.torch_generator(offset=1)

    def make(_i):
        return (torch.randn(*shape, generator=gen),)

    return make


def image_input(ctx: Ctx, shape, name="image") -> dict:
    return {name: ctx.rng.standard_normal(shape).astype(np.float32)}


def param_count(module) -> int:
    return sum(p.numel() for p in module.parameters())

"""The small graph builder every test model is written with, and the Case record.

A `Graph` wraps `onnx.helper`: it names nodes and tensors deterministically
(no counters shared between models, so building one model never changes the
names in another), keeps initializers in insertion order, and records the
graph inputs together with the seeded data they are fed. `Case` describes one
entry of the manifest; its `build` callable is only called when the case is
selected, so `--only` does not pay for the networks.
"""

from dataclasses import dataclass, field
from typing import Callable, Optional
import zlib

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

PRODUCER_NAME = "strata-tests-tx8-gen_models"
PRODUCER_VERSION = "1"

# numpy dtype -> ONNX element type, for the dtypes the test models use.
_ELEM_TYPE = {
    np.dtype(np.float32): TensorProto.FLOAT,
    np.dtype(np.float16): TensorProto.FLOAT16,
    np.dtype(np.int64): TensorProto.INT64,
    np.dtype(np.int32): TensorProto.INT32,
    np.dtype(np.bool_): TensorProto.BOOL,
}


def elem_type(dtype) -> int:
    return _ELEM_TYPE[np.dtype(dtype)]


def seed_for(name: str) -> int:
    """The fixed seed of a model: a hash of its name, so reordering or filtering
    the case list never changes any model's weights or inputs."""
    return zlib.crc32(name.encode("utf-8"))


class Graph:
    """One ONNX graph under construction, with its input data."""

    def __init__(self, name: str, rng: np.random.Generator):
        self.name = name
        self.rng = rng
        self.nodes = []
        self.initializers = []
        self.graph_inputs = []
        self.graph_outputs = []
        self.input_data = {}
        self._used_names = set()
        self._op_counts = {}

    # -- naming ---------------------------------------------------------------

    def unique(self, base: str) -> str:
        name = base
        k = 1
        while name in self._used_names:
            name = f"{base}_{k}"
            k += 1
        self._used_names.add(name)
        return name

    # -- graph inputs and constants --------------------------------------------

    def input(self, name: str, data: np.ndarray, shape=None) -> str:
        """A graph input fed with `data`; `shape` overrides the declared shape
        (strings become symbolic dims, as for dim_param)."""
        name = self.unique(name)
        declared = list(data.shape) if shape is None else list(shape)
        self.graph_inputs.append(
            helper.make_tensor_value_info(name, elem_type(data.dtype), declared))
        self.input_data[name] = data
        return name

    def const(self, name: str, value) -> str:
        """An initializer holding `value` (an ndarray; Python scalars and lists
        become int64 when integral, float32 otherwise)."""
        arr = np.asarray(value)
        if arr.dtype == np.float64:
            arr = arr.astype(np.float32)
        name = self.unique(name)
        self.initializers.append(numpy_helper.from_array(arr, name))
        return name

    def ints(self, name: str, values) -> str:
        return self.const(name, np.asarray(values, dtype=np.int64))

    def floats(self, name: str, values) -> str:
        return self.const(name, np.asarray(values, dtype=np.float32))

    # -- nodes -------------------------------------------------------------------

    def node(self, op_type: str, inputs, outputs=1, name: Optional[str] = None, **attrs):
        """Adds a node; returns its output name, or a list when `outputs` > 1.
        Node names follow the exporters' `/scope/Op` habit loosely: the given
        name or `<op>_<n>`; outputs are `<node name>_out<k>`."""
        if name is None:
            count = self._op_counts.get(op_type, 0)
            self._op_counts[op_type] = count + 1
            name = f"{op_type.lower()}_{count}"
        name = self.unique(name)
        if isinstance(outputs, int):
            out_names = [self.unique(f"{name}_out{k}") for k in range(outputs)]
        else:
            out_names = [self.unique(o) for o in outputs]
        attrs = {k: v for k, v in attrs.items() if v is not None}
        self.nodes.append(helper.make_node(op_type, list(inputs), out_names, name=name, **attrs))
        return out_names[0] if len(out_names) == 1 else out_names

    def output(self, tensor: str, name: Optional[str] = None) -> str:
        """Marks `tensor` as a graph output, renamed to `name` when given (every
        mention of it in the nodes is renamed, so no Identity is added). Its
        type and shape are filled in after onnxruntime ran the model."""
        if name is not None and name != tensor:
            name = self.unique(name)
            for n in self.nodes:
                for seq in (n.input, n.output):
                    for k, t in enumerate(seq):
                        if t == tensor:
                            seq[k] = name
            tensor = name
        self.graph_outputs.append(tensor)
        return tensor

    # -- the model -----------------------------------------------------------------

    def model(self, opset: int, output_types=None) -> onnx.ModelProto:
        """The ModelProto; `output_types` maps output name -> (elem type, shape),
        otherwise outputs are declared float32 of unknown shape."""
        outs = []
        for o in self.graph_outputs:
            et, shape = (output_types or {}).get(o, (TensorProto.FLOAT, None))
            outs.append(helper.make_tensor_value_info(o, et, shape))
        graph = helper.make_graph(self.nodes, self.name, self.graph_inputs, outs,
                                  initializer=self.initializers)
        opsets = [helper.make_opsetid("", opset)]
        model = helper.make_model(graph, opset_imports=opsets,
                                  ir_version=helper.find_min_ir_version_for(opsets),
                                  producer_name=PRODUCER_NAME,
                                  producer_version=PRODUCER_VERSION)
        return model


@dataclass
class Built:
    """What a case's build function returns.

    The build function receives a fresh `Graph` (named after the case, seeded
    with the case's seed) and fills it; `opset` is the model's opset. `raw` is
    for a file that is deliberately not a valid model (written as it is,
    only checked to fail parsing);
    `inputs` replaces the graph's input data in inputs.npz (a wrong-shaped
    feed; the reference is then not written); `run_reference` is False when
    onnxruntime cannot run the model (too large for any machine);
    `external_data` writes the weights to model.onnx.data; `nonfinite`
    allows NaN or infinity in the reference (a case about them)."""
    opset: int = 17
    raw: Optional[bytes] = None
    inputs: Optional[dict] = None
    run_reference: bool = True
    external_data: bool = False
    nonfinite: bool = False


@dataclass
class Case:
    name: str
    kind: str                 # "op", "net" or "bad"
    op: str                   # the operator under test, or the network's family
    tolerance: str            # see README.md: exact, elementwise, accumulate, net
    build: Callable[[Graph], Built]
    size: str = "small"       # "small" or "full"
    expect: str = "pass"      # "pass" or "error"
    error_contains: list = field(default_factory=list)
    extra_args: list = field(default_factory=list)
    notes: str = ""
    # The number of groups tx8c must run the model as (run.json's
    # `groups`), when the point of the case is a fusion; None: unchecked.
    groups: Optional[int] = None


# -- seeded data helpers --------------------------------------------------------

def normal(rng: np.random.Generator, shape, std=1.0, mean=0.0) -> np.ndarray:
    return (rng.standard_normal(shape) * std + mean).astype(np.float32)


def uniform(rng: np.random.Generator, shape, low, high) -> np.ndarray:
    return rng.uniform(low, high, shape).astype(np.float32)


def he_weight(rng: np.random.Generator, shape, fan_in: int, gain=2.0) -> np.ndarray:
    """He (Kaiming) normal init: std sqrt(gain / fan_in); with ReLU after it,
    activations keep their second moment from layer to layer."""
    return normal(rng, shape, std=float(np.sqrt(gain / fan_in)))


def away_from_integers(rng: np.random.Generator, shape, limit=8) -> np.ndarray:
    """Values k + f with |k| < limit and f in [0.25, 0.75]: casts to integers
    and comparisons give the same answer after bf16 rounding."""
    k = rng.integers(-limit, limit, shape)
    f = rng.uniform(0.25, 0.75, shape)
    return (k + f).astype(np.float32)

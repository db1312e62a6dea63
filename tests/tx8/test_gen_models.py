"""Checks of the test-model generator itself (python3 -m unittest, run from
tests/tx8 or with discover -s tests/tx8).

That every operator of issue 11 has single-operator models, that two runs
write byte-identical files, that the npz files are keyed by the models' own
input and output names, that operator models stay small, and that the bad
files are bad in the way the manifest says.
"""

import filecmp
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gen_models  # noqa: E402
from modelgen.graph import Graph, seed_for  # noqa: E402

# Issue 11, item 1: the operators the importer must take.
ISSUE_11_OPERATORS = """
Conv ConvTranspose BatchNormalization Gemm MatMul Add Sub Mul Div Pow Sqrt Reciprocal
Exp Log Neg Abs Erf Relu LeakyRelu Clip Sigmoid Tanh HardSigmoid HardSwish Gelu Softmax
LogSoftmax LayerNormalization ReduceMean ReduceSum ReduceMax MaxPool AveragePool
GlobalAveragePool Flatten Reshape Transpose Concat Split Slice Gather Squeeze Unsqueeze
Expand Where Equal Less Greater Cast Constant ConstantOfShape Shape Identity Pad Resize
""".split()

# Operators with attributes or input forms that change their meaning: each
# needs several models.
MANY_VARIANTS = """Conv ConvTranspose Gemm MatMul Softmax ReduceMean ReduceSum ReduceMax Split
Slice Resize Pad Clip Gather Cast MaxPool AveragePool LayerNormalization Gelu Pow""".split()


def op_cases():
    return [c for c in gen_models.all_cases() if c.kind == "op"]


class Coverage(unittest.TestCase):
    def test_every_issue_operator_has_a_model(self):
        used = set()
        for case in op_cases():
            g = Graph(case.name, np.random.default_rng(seed_for(case.name)))
            case.build(g)
            used.update(n.op_type for n in g.nodes)
        missing = sorted(set(ISSUE_11_OPERATORS) - used)
        self.assertEqual(missing, [], "operators of issue 11 without a model")

    def test_operators_with_variants_have_several(self):
        counts = {}
        for case in op_cases():
            counts[case.op] = counts.get(case.op, 0) + 1
        few = {op: counts.get(op, 0) for op in MANY_VARIANTS if counts.get(op, 0) < 3}
        self.assertEqual(few, {}, "operators with fewer than 3 variants")

    def test_every_network_has_small_and_full(self):
        sizes = {}
        for c in gen_models.all_cases():
            if c.kind == "net":
                sizes.setdefault(c.op, set()).add(c.size)
        for family in ("MLP", "ResNet-18", "ResNet-50", "MobileNetV2", "BERT", "GPT-2"):
            self.assertEqual(sizes.get(family), {"small", "full"}, family)


class Generated(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = [os.path.join(cls.tmp.name, d) for d in ("a", "b")]
        # Two separate processes: state fixed at import time (or a hash seed)
        # would look deterministic within one.
        for out in cls.out:
            subprocess.run([sys.executable, os.path.join(HERE, "gen_models.py"), "--out", out,
                            "--size", "small"], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(cls.out[0], "manifest.json")) as f:
            cls.manifest = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_two_runs_are_byte_identical(self):
        def files(root):
            return sorted(os.path.relpath(os.path.join(d, f), root)
                          for d, _, fs in os.walk(root) for f in fs)
        a, b = self.out
        self.assertEqual(files(a), files(b))
        mismatch = [f for f in files(a)
                    if not filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False)]
        self.assertEqual(mismatch, [])

    def test_manifest_lists_every_directory(self):
        dirs = {d for d in os.listdir(self.out[0]) if os.path.isdir(os.path.join(self.out[0], d))}
        self.assertEqual(dirs, {m["name"] for m in self.manifest["models"]})

    def test_npz_keys_are_the_models_names(self):
        for m in self.manifest["models"]:
            if "inputs" not in m:
                continue
            d = os.path.join(self.out[0], m["name"])
            model = onnx.load(os.path.join(d, "model.onnx"))
            inits = {t.name for t in model.graph.initializer}
            graph_inputs = [i.name for i in model.graph.input if i.name not in inits]
            with np.load(os.path.join(d, "inputs.npz")) as z:
                self.assertEqual(list(z.keys()), graph_inputs, m["name"])
            if "ref.npz" in m["files"]:
                with np.load(os.path.join(d, "ref.npz")) as z:
                    self.assertEqual(list(z.keys()), [o.name for o in model.graph.output])
                    for k in z.keys():
                        self.assertEqual(z[k].dtype, np.float32, f"{m['name']}:{k}")

    def test_passing_models_have_references(self):
        for m in self.manifest["models"]:
            if m["expect"] == "pass":
                self.assertIn("ref.npz", m["files"], m["name"])

    def test_operator_models_are_small(self):
        for m in self.manifest["models"]:
            if m["kind"] == "op":
                self.assertLess(sum(m["files"].values()), 1 << 20, m["name"])

    def test_bad_files_fail_to_parse_and_the_rest_parse(self):
        for m in self.manifest["models"]:
            path = os.path.join(self.out[0], m["name"], "model.onnx")
            if m["name"] in ("bad_not_onnx", "bad_truncated"):
                with self.assertRaises(Exception, msg=m["name"]):
                    onnx.load(path)
            else:
                onnx.load(path)
            if m["expect"] == "error":
                self.assertTrue(m["error_contains"], m["name"])


if __name__ == "__main__":
    unittest.main()

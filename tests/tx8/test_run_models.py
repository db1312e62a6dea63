"""Checks of the model-suite driver itself (python3 -m unittest discover -s
tests/tx8): how run_models.py judges a tx8c run and reads the known-failures
list, and how compare_all_check.py finds the op that reads a constant.
No tx8c needed.
"""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compare_all_check  # noqa: E402
import run_models  # noqa: E402


class Judge(unittest.TestCase):
    def test_pass_check_needs_exit_zero(self):
        c = run_models.Check("m", "bf16")
        self.assertEqual(run_models.judge(c, 0, ""), "")
        self.assertEqual(run_models.judge(c, 1, "tx8c: compare y: FAIL"), "exit 1")

    def test_panics_fail_even_when_an_error_is_expected(self):
        c = run_models.Check("bad", "error", expect_error=True, error_contains=["x"])
        self.assertIn("panicked", run_models.judge(c, 101, "x"))
        self.assertIn("panicked", run_models.judge(c, 1, "thread 'main' panicked at x"))

    def test_error_check_needs_every_substring(self):
        c = run_models.Check("bad", "error", expect_error=True, error_contains=["TopK", "nms_boxes"])
        self.assertEqual(run_models.judge(c, 1, "node 'nms_boxes' (TopK)"), "")
        self.assertIn("nms_boxes", run_models.judge(c, 1, "node (TopK)"))
        self.assertIn("accepted", run_models.judge(c, 0, "TopK nms_boxes"))

    def test_timeout_and_signal(self):
        c = run_models.Check("m", "fp32")
        self.assertEqual(run_models.judge(c, None, ""), "timed out")
        self.assertIn("signal 9", run_models.judge(c, -9, ""))


class KnownFailures(unittest.TestCase):
    def read(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(text)
        try:
            return run_models.read_known_failures(f.name)
        finally:
            os.unlink(f.name)

    def test_lines_and_comments(self):
        known = self.read("# header\n\nconv1d_k3 bf16   # only 2-D convolutions\nbad_x error # no node name\n")
        self.assertEqual(known, {"conv1d_k3 bf16": "only 2-D convolutions", "bad_x error": "no node name"})

    def test_a_line_without_reason_or_check_is_refused(self):
        with self.assertRaises(SystemExit):
            self.read("conv1d_k3 bf16\n")
        with self.assertRaises(SystemExit):
            self.read("conv1d_k3  # reason\n")


class ChecksOfAnEntry(unittest.TestCase):
    def test_bad_model_with_extra_args_also_runs_both_dtypes(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "bad_sym"))
            for f in ("inputs.npz", "ref.npz"):
                open(os.path.join(d, "bad_sym", f), "wb").close()
            entry = {"name": "bad_sym", "kind": "bad", "expect": "error", "error_contains": ["batch"],
                     "extra_args": ["--input-shape", "features=2x16"], "files": {}}
            checks = run_models.checks_for(entry, d, ("bf16", "fp32"))
        self.assertEqual([c.label for c in checks], ["error", "bf16", "fp32"])
        self.assertTrue(checks[0].expect_error)
        self.assertNotIn("--input-shape", checks[0].args)
        self.assertEqual(checks[1].args[-2:], ["--input-shape", "features=2x16"])

    def test_bad_model_with_inputs_only_is_run(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "bad_shape"))
            open(os.path.join(d, "bad_shape", "inputs.npz"), "wb").close()
            entry = {"name": "bad_shape", "kind": "bad", "expect": "error", "error_contains": ["image"], "files": {}}
            (check,) = run_models.checks_for(entry, d, ("bf16",))
        self.assertIn("--run", check.args)


# The shape of tx8c --emit=tx8be output, cut down: constant 1 is a splat read
# by a Binary, constant 2 the weight of the Gemm in group 1.
IR = """module {
  func.func @main(%arg0: tensor<4x8xbf16>) -> tensor<4x2xbf16> {
    %0 = tx8be.const {ddr_addr = 1 : i64} dense<1.0> : tensor<8x8xbf16>
    %1 = tx8be.group -> tensor<4x8xbf16> attributes {barrier = true, group_id = 0 : i64} {
      %9 = tx8be.load_var %arg0 {dev_info = #tx8be.dev_attr<mem_addr = [1]>} : tensor<4x8xbf16>
      %10 = tx8be.load_const %0 {dev_info = #tx8be.dev_attr<mem_addr = [2]>} : tensor<8x8xbf16>
      %11 = tx8be.Gemm(%9, %10) {dev_info = #tx8be.dev_attr<mem_addr = [3]>} : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xbf16>
      %12 = tx8be.store_var %11 {ddr_addr = 5 : i64} : tensor<4x8xbf16>
      tx8be.yield %12 : tensor<4x8xbf16>
    }
    %2 = tx8be.const {ddr_addr = 2 : i64} dense<0.0> : tensor<4x8xbf16>
    %3 = tx8be.group -> tensor<4x8xbf16> attributes {barrier = true, group_id = 1 : i64} {
      %9 = tx8be.load_var %1 : tensor<4x8xbf16>
      %10 = tx8be.load_const %2 : tensor<4x8xbf16>
      %11 = tx8be.Binary(%9, %10) {kind = "max"} : (tensor<4x8xbf16>, tensor<4x8xbf16>) -> tensor<4x8xbf16>
      %12 = tx8be.store_var %11 {ddr_addr = 6 : i64} : tensor<4x8xbf16>
      tx8be.yield %12 : tensor<4x8xbf16>
    }
    %4 = tx8be.const {ddr_addr = 3 : i64} dense<2.0> : tensor<8x2xbf16>
    %5 = tx8be.group -> tensor<4x2xbf16> attributes {barrier = false, group_id = 2 : i64} {
      %9 = tx8be.load_var %3 : tensor<4x8xbf16>
      %10 = tx8be.load_const %4 : tensor<8x2xbf16>
      %11 = tx8be.Gemm(%9, %10) : (tensor<4x8xbf16>, tensor<8x2xbf16>) -> tensor<4x2xbf16>
      %12 = tx8be.store_var %11 {ddr_addr = 7 : i64} : tensor<4x2xbf16>
      tx8be.yield %12 : tensor<4x2xbf16>
    }
    return %5 : tensor<4x2xbf16>
  }
}
"""


class CompareAllTarget(unittest.TestCase):
    def test_constants_and_their_readers(self):
        consts, uses = compare_all_check.const_consumers(IR)
        self.assertEqual(consts, ["%0", "%2", "%4"])
        self.assertEqual(uses, {"%0": [(0, "tx8be.Gemm")], "%2": [(1, "tx8be.Binary")], "%4": [(2, "tx8be.Gemm")]})

    def test_the_chosen_weight_is_not_read_by_the_first_group(self):
        consts, uses = compare_all_check.const_consumers(IR)
        self.assertEqual(compare_all_check.choose_constant(consts, uses), (2, 2, "tx8be.Gemm"))

    def test_no_weight_after_the_first_group_is_an_error(self):
        consts, uses = compare_all_check.const_consumers(IR.replace("tx8be.Gemm(%9, %10) :", "tx8be.Binary(%9, %10) :"))
        with self.assertRaises(compare_all_check.IrError):
            compare_all_check.choose_constant(consts, uses)

    def test_the_divergence_line_is_read(self):
        line = "tx8c: compare-all: first divergence at group 6 ('tx8be.Unary' at \"fc2.relu\"; the group computes tx8be.Gemm, tx8be.Unary): cosine 0.9 < 0.99"
        m = compare_all_check.DIVERGENCE_RE.search(line)
        self.assertEqual(m.groups(), ("6", "tx8be.Unary", '"fc2.relu"', "tx8be.Gemm, tx8be.Unary"))


if __name__ == "__main__":
    unittest.main()

# lit configuration for Strata's test suite.
#
# Run with:  /usr/lib/llvm-22/bin/lit -sv tests/
#
# Every test runs the product (strata-opt) and, for the round-trip corpus, the
# reference tool (mlir-opt 22) at test time: expected outputs are never stored.
import os
import sys

import lit.formats

config.name = "Strata"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".toy"]
# Helper scripts and docs live beside the tests but are not tests; diff/ is
# the differential pass suite (run by .ci/run through tests/diff/run-diff.py);
# zoo/ holds exported models, run by tests/zoo/run_zoo.py.
config.excludes = ["tools", "Inputs", "diff", "zoo", "README.md", "lit.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(config.test_source_root)

# The product under test. CI builds it with `cargo build --release`; point
# STRATA_BIN_DIR elsewhere to test another build (or a wrapper script).
strata_bin_dir = os.environ.get(
    "STRATA_BIN_DIR", os.path.join(repo_root, "target", "release"))
strata_opt = os.path.join(os.path.abspath(strata_bin_dir), "strata-opt")
# The same tool under the name OneFlow's tests use (tests/oneflow/).
oneflow_opt = os.path.join(os.path.abspath(strata_bin_dir), "oneflow-opt")
# toyc, the Toy tutorial's compiler (tests/toy), is built beside it.
toyc = os.path.join(os.path.abspath(strata_bin_dir), "toyc")
# tx8c, the TX8 compiler (tests/tx8be: its --emit=tx8be output must re-parse).
tx8c = os.path.join(os.path.abspath(strata_bin_dir), "tx8c")
# strata-translate (tests/conversion/llvm: LLVM IR from the llvm dialect).
strata_translate = os.path.join(os.path.abspath(strata_bin_dir), "strata-translate")

# The reference tools (Debian's mlir-22-tools / llvm-22-tools).
llvm_bin_dir = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
mlir_opt = os.path.join(llvm_bin_dir, "mlir-opt")

# A missing binary must make tests fail loudly, not silently pick up something
# else from PATH, so every tool is substituted with an absolute path.
if not os.path.exists(strata_opt):
    lit_config.warning("strata-opt not found at %s: tests will fail" % strata_opt)
if not os.path.exists(mlir_opt):
    lit_config.fatal("reference mlir-opt not found at %s (install mlir-22-tools)" % mlir_opt)

tools_dir = os.path.join(config.test_source_root, "tools")
roundtrip_script = os.path.join(tools_dir, "roundtrip-check.sh")

# Set by tools/check-corpus.sh when mlir-opt stands in for strata-opt to check
# the corpus itself: tests of behaviour the reference lacks (it segfaults on
# extreme nesting) are then skipped with `UNSUPPORTED: reference-stand-in`.
if os.environ.get("STRATA_REFERENCE_STAND_IN"):
    config.available_features.add("reference-stand-in")

# The helper script reads these; lit does not pass the caller's environment.
config.environment["STRATA_OPT"] = strata_opt
config.environment["MLIR_OPT"] = mlir_opt

# Order matters: lit applies substitutions in list order, and `not` must only
# match as a whole word (it does: lit anchors plain-word substitutions with \b
# only for the names below, so we give regexes explicitly).
config.substitutions.append(("%roundtrip", "bash %s" % roundtrip_script))
config.substitutions.append(("%no-crash", "bash %s" % os.path.join(tools_dir, "no-crash.sh")))
config.substitutions.append(("%prefixes", "bash %s" % os.path.join(tools_dir, "prefixes-no-crash.sh")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append((r"\bstrata-opt\b", strata_opt))
config.substitutions.append((r"\boneflow-opt\b", oneflow_opt))
config.substitutions.append((r"(?<![-\w/])toyc\b", toyc))
config.substitutions.append((r"(?<![-\w/])tx8c\b", tx8c))
config.substitutions.append((r"\bstrata-translate\b", strata_translate))
config.substitutions.append((r"\bmlir-opt\b", mlir_opt))
config.substitutions.append((r"(?<![-\w/])mlir-translate\b", os.path.join(llvm_bin_dir, "mlir-translate")))
config.substitutions.append((r"(?<![-\w/])lli\b", os.path.join(llvm_bin_dir, "lli")))
config.substitutions.append((r"(?<![-\w/])llc\b", os.path.join(llvm_bin_dir, "llc")))
config.substitutions.append((r"\bFileCheck\b", os.path.join(llvm_bin_dir, "FileCheck")))
config.substitutions.append((r"(?<![-\w])not\b(?![-\w])", os.path.join(llvm_bin_dir, "not")))

"""Finding and running the tx8c binary for the tx8 test scripts (the
property tests share it): STRATA_BIN_DIR or target/release."""

import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def tx8c_binary():
    """The tx8c the tests run: $STRATA_BIN_DIR/tx8c, else target/release/tx8c."""
    bin_dir = os.environ.get("STRATA_BIN_DIR", os.path.join(REPO, "target", "release"))
    return os.path.join(bin_dir, "tx8c")


def tx8c(binary, args, timeout):
    """Runs tx8c with `args`, capturing its output as text."""
    return subprocess.run([binary] + args, capture_output=True, text=True, timeout=timeout)

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


def property_arguments(doc, default_seeds, extra=None):
    """The command line every property test takes: --seeds N (1..N),
    --only SEED, --keep DIR, --timeout S, plus what `extra(parser)` adds;
    the parsed arguments."""
    import argparse

    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=default_seeds, help=f"seeds 1..N (default {default_seeds})")
    ap.add_argument("--only", type=int, help="one seed")
    if extra:
        extra(ap)
    ap.add_argument("--keep", help="work directory to keep (default: a temporary one)")
    ap.add_argument("--timeout", type=int, default=300)
    return ap.parse_args()


def property_setup(name, args):
    """(tx8c binary, work directory, seeds) of property test `name`, or
    None (after saying why) when the binary is missing."""
    import sys
    import tempfile

    binary = tx8c_binary()
    if not os.path.exists(binary):
        print(f"{name}: {binary} not found (build tx8c or set STRATA_BIN_DIR)", file=sys.stderr)
        return None
    root = args.keep or tempfile.mkdtemp(prefix=f"tx8-{name.replace('_', '-')}-")
    seeds = [args.only] if args.only else range(1, args.seeds + 1)
    return binary, root, seeds


def property_finish(args, root, passed, failed):
    """A property test's end: its work directory removed when it passed and
    was not asked to keep it, the `N passed, N failed` line .ci/run reads,
    the exit status."""
    import shutil

    if not args.keep and failed == 0:
        shutil.rmtree(root, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0

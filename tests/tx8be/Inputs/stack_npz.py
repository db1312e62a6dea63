#!/usr/bin/env python3
"""Stacks .npz files into one whose arrays have a new leading axis: the
floor realisations `tx8c --compare-floor` takes (compare.rs), made from
outputs tx8c wrote. Standard library only (lit runs it with the system
Python): each member is a C-order .npy of one dtype and shape in every file.

Usage: stack_npz.py OUT.npz IN.npz [IN.npz ...]
"""

import ast
import struct
import sys
import zipfile


def read_npy(data: bytes):
    if data[:6] != b"\x93NUMPY":
        sys.exit("stack_npz: not an .npy member")
    major = data[6]
    if major == 1:
        (n,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (n,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start:start + n].decode("latin1"))
    if header["fortran_order"]:
        sys.exit("stack_npz: Fortran-order arrays are not stacked")
    return header["descr"], tuple(header["shape"]), data[start + n:]


def write_npy(descr: str, shape: tuple, payload: bytes) -> bytes:
    header = repr({"descr": descr, "fortran_order": False, "shape": shape}).encode("latin1")
    # Version 1.0: the header padded with spaces and a newline to a multiple of 64.
    pad = 64 - (10 + len(header) + 1) % 64
    header += b" " * (pad % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + payload


def main() -> int:
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    out, inputs = sys.argv[1], sys.argv[2:]
    members = []
    for path in inputs:
        with zipfile.ZipFile(path) as z:
            members.append({name: read_npy(z.read(name)) for name in z.namelist()})
    with zipfile.ZipFile(out, "w") as z:
        for name, (descr, shape, _) in members[0].items():
            parts = [m.get(name) for m in members]
            if any(p is None or p[:2] != (descr, shape) for p in parts):
                sys.exit(f"stack_npz: '{name}' differs in dtype or shape between the inputs")
            z.writestr(name, write_npy(descr, (len(parts),) + shape, b"".join(p[2] for p in parts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

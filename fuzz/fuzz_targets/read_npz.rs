//! Fuzz target for tx8c's `.npz` reader (`crates/tx8c/src/npz.rs`, what
//! `tx8c --inputs X.npz` and `--compare REF.npz` read).
//!
//! Input: arbitrary bytes, read as an `.npz` file held in memory
//! (`read_npz_bytes`). A refusal is an ordinary error. An accepted archive
//! must be consistent, otherwise the target **panics**:
//!
//! 1. every array holds as many values as its dims say;
//! 2. writing the array as `.npy` again (`npy_bytes`, what `tx8c` writes
//!    into its output `.npz`) and reading that back gives the same array
//!    (element type, dims, values; NaN equal to NaN).
//!
//! Any panic (index out of bounds, arithmetic overflow: the fuzz build has
//! overflow checks on), timeout or out-of-memory (a size field believed) is
//! a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tx8c::npz::{npy_bytes, parse_npy, read_npz_bytes, Array};

fn same(a: &Array, b: &Array) -> bool {
    a.ty == b.ty
        && a.dims == b.dims
        && a.values.len() == b.values.len()
        && a.values.iter().zip(&b.values).all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
}

fuzz_target!(|data: &[u8]| {
    let Ok(arrays) = read_npz_bytes(data) else { return };
    for (name, a) in &arrays {
        assert_eq!(a.values.len(), a.elems(), "{name}: {} values for dims {:?}", a.values.len(), a.dims);
        let again = match parse_npy(&npy_bytes(a)) {
            Ok(b) => b,
            Err(e) => panic!("{name}: the .npy written for {:?} {:?} does not read back: {e}", a.ty, a.dims),
        };
        assert!(same(a, &again), "{name}: {:?} {:?} reads back as {:?} {:?}", a.ty, a.dims, again.ty, again.dims);
    }
});

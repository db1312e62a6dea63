//! The part of tx8c other crates may use: the `.npz` reader and writer, for
//! the `read_npz` fuzz target (`fuzz/fuzz_targets/read_npz.rs`). Everything
//! else of the compiler is private to the `tx8c` binary (`main.rs`).

pub mod npz;

//! Whole SPMD programs written against the instruction set, as a compiler
//! would emit them: the BF16 GEMM over 16 tiles (ring-shared B, double
//! buffered, and a naive single-buffer baseline) and the seed's BatchNorm
//! `main.c` loop (load -> compute -> store over time splits).

pub mod batchnorm;
pub mod gemm;

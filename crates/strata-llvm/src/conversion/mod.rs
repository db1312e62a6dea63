//! The passes lowering func/arith/cf/memref to the `llvm` dialect, one
//! file per pass, with upstream's names (`convert-to-llvm` runs the others); `common.rs` holds the type
//! converter and cast materialization they share.

pub mod arith_expand;
pub mod arith_to_llvm;
pub mod cf_assert;
pub mod cf_to_llvm;
pub mod common;
pub mod convert_to_llvm;
pub mod fold_first;
pub mod func_to_llvm;
pub mod memref_to_llvm;
pub mod reconcile_unrealized_casts;

use strata_pass::PassRegistry;

/// Registers the conversion passes.
pub fn register_passes(r: &mut PassRegistry) {
    r.register(arith_to_llvm::INFO);
    r.register(cf_to_llvm::INFO);
    r.register(convert_to_llvm::INFO);
    r.register(func_to_llvm::INFO);
    r.register(memref_to_llvm::INFO);
    r.register(reconcile_unrealized_casts::INFO);
}

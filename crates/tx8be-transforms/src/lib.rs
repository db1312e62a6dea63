//! tx8c's transformations: the stablehlo -> tx8be lowering and the passes
//! on the tx8be dialect, one file per pass (why the pipeline is ordered as
//! it is and how the parts fit together: `DESIGN.md` beside this crate):
//!
//! | pass | file |
//! | --- | --- |
//! | `convert-stablehlo-to-tx8be` | `lower_stablehlo/` |
//! | `tx8be-attach-target` | `attach_target.rs` (and `hardware`, how passes read the card) |
//! | `tx8be-cancel-transposes` | `cancel_transposes.rs` |
//! | `tx8be-collapse-transpose-dims` | `collapse_transpose_dims.rs` |
//! | `tx8be-merge-reductions` | `merge_reductions.rs` |
//! | `tx8be-reduce-through-transpose` | `reduce_through_transpose.rs` |
//! | `tx8be-fold-mean` | `fold_mean.rs` |
//! | `tx8be-reduce-keepdims` | `reduce_keepdims.rs` |
//! | `tx8be-sink-reshapes` | `sink_reshapes.rs` |
//! | `tx8be-fold-transpose-into-gemm` | `fold_transpose_into_gemm.rs` |
//! | `tx8be-fold-constants` | `fold_constants.rs` |
//! | `tx8be-fuse-activation` | `fuse_activation.rs` |
//! | `tx8be-merge-sibling-gemms` | `merge_sibling_gemms.rs` |
//! | `tx8be-split-wide-norm` | `split_wide_norm.rs` |
//! | `tx8be-layout-init`, `tx8be-layout-transmit`, `tx8be-layout-align-to-npu`, `tx8be-layout-align-opt` | `layout/` (one file per pass) |
//! | `tx8be-move-constant` | `constants/move_constant.rs` |
//! | `tx8be-const-norm` | `constants/const_norm.rs` |
//! | `tx8be-group-ops` | `group_ops.rs` (group-optimization + group-ldst) |
//! | `tx8be-group-pattern`, `tx8be-group-chains`, `tx8be-group-boundaries`, `tx8be-group-optimization`, `tx8be-group-ldst`, `tx8be-group-mapping` | `grouping/` (one file per pass) |
//! | `tx8be-load-views` | `load_views.rs` |
//! | `tx8be-sharding` | `sharding.rs` |
//! | `tx8be-store-views` | `store_views.rs` |
//! | `tx8be-sw-pipeline` | `sw_pipeline/` (`build.rs`: the nest and the retract, `eval.rs`: its cycles) |
//! | `tx8be-spm-alloc` | `spm_alloc.rs` |
//! | `tx8be-opt-barrier` | `opt_barrier.rs` |
//! | `tx8be-prologue-ahead` | `prologue_ahead.rs` |
//! | `tx8be-ddr-alloc` | `ddr_alloc.rs` |
//! | `tx8be-estimate` | `estimate.rs` |
//! | `tx8be-ds-space-init`, `tx8be-ds-tile-split`, `tx8be-ds-slice-propagate` | `search/` (one file per pass) |
//!
//! What a recorded schedule means step by step lives in `tx8be::schedule`
//! (shared by the passes, the cost model and codegen); `pipeline_cost.rs` the estimated cycles of a
//! group's step loop (single-buffered or pipelined), `ring_share.rs` GEMMs
//! sharing B round a ring of tiles, `broadcast.rs` / `line_share.rs` /
//! `stream_share.rs` loads shared over the NoC (before the steps, or at
//! every step), `cost.rs` the cost model (a group's
//! cycles from its schedule with the C model's formulas), `dense.rs`
//! constant tensors, `constants/container.rs` the compilation's constant
//! store, `search/` the sharding search space (DS_SpaceInit, DS_TileSplit,
//! DS_SlicePropagate as pure functions) and the template cache.

pub mod attach_target;
pub mod broadcast;
pub mod cancel_transposes;
pub mod collapse_transpose_dims;
pub mod constants;
pub mod cost;
pub mod ddr_alloc;
pub mod dense;
pub mod entry_rewrite;
pub mod estimate;
pub mod fold_constants;
pub mod fold_mean;
pub mod fold_transpose_into_gemm;
pub mod fuse_activation;
pub mod group_ops;
pub mod grouping;
pub mod layout;
pub mod line_share;
pub mod load_views;
pub mod lower_stablehlo;
pub mod merge_reductions;
pub mod merge_sibling_gemms;
pub mod ne_overlap;
pub mod opt_barrier;
pub mod pipeline_cost;
pub mod prologue_ahead;
pub mod prologue_prefetch;
pub mod reduce_keepdims;
pub mod reduce_through_transpose;
pub mod ring_share;
pub mod search;
pub mod sharding;
pub mod sink_reshapes;
pub mod split_wide_norm;
pub mod spm_alloc;
pub mod store_views;
pub mod stream_share;
pub mod sw_pipeline;

use strata_pass::PassRegistry;

/// Registers every pass of this crate (strata-opt and tx8c call it).
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(lower_stablehlo::INFO);
    registry.register(attach_target::INFO);
    registry.register(cancel_transposes::INFO);
    registry.register(fold_constants::INFO);
    registry.register(fold_transpose_into_gemm::INFO);
    registry.register(collapse_transpose_dims::INFO);
    registry.register(merge_reductions::INFO);
    registry.register(reduce_through_transpose::INFO);
    registry.register(fold_mean::INFO);
    registry.register(reduce_keepdims::INFO);
    registry.register(fuse_activation::INFO);
    registry.register(merge_sibling_gemms::INFO);
    registry.register(sink_reshapes::INFO);
    registry.register(split_wide_norm::INFO);
    registry.register(layout::layout_init::INFO);
    registry.register(layout::layout_transmit::INFO);
    registry.register(layout::layout_align_to_npu::INFO);
    registry.register(layout::layout_align_opt::INFO);
    registry.register(constants::move_constant::INFO);
    registry.register(constants::const_norm::INFO);
    registry.register(group_ops::INFO);
    registry.register(grouping::group_pattern::INFO);
    registry.register(grouping::group_chains::INFO);
    registry.register(grouping::group_boundaries::INFO);
    registry.register(grouping::group_optimization::INFO);
    registry.register(grouping::group_ldst::INFO);
    registry.register(grouping::group_mapping::INFO);
    registry.register(load_views::INFO);
    registry.register(sharding::INFO);
    registry.register(store_views::INFO);
    registry.register(sw_pipeline::INFO);
    registry.register(spm_alloc::INFO);
    registry.register(opt_barrier::INFO);
    registry.register(prologue_ahead::INFO);
    registry.register(ddr_alloc::INFO);
    registry.register(estimate::INFO);
    registry.register(search::ds_space_init::INFO);
    registry.register(search::ds_tile_split::INFO);
    registry.register(search::ds_slice_propagate::INFO);
}

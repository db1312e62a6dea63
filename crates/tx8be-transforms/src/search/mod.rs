//! The seed's sharding search space (DataSplitNewPass's DS_SpaceInit,
//! DS_TileSplit and DS_SlicePropagate) and its template cache, as pure
//! functions the sharding pass can call, plus the passes that write their
//! results as attributes (for lit tests and inspection; informational
//! until the sharding pass uses them):
//!
//! | file | owns |
//! | --- | --- |
//! | `slice_space.rs` | the candidate shardings of an output, by level |
//! | `tile_split.rs` | the order of temporal split tries on a tile's box |
//! | `slice_propagate.rs` | a group's output factors -> every in-group op's |
//! | `template_cache.rs` | group keys, the cache, key sharing of a module |
//! | `anchor.rs` | a group's anchor and the facts the passes read off it |
//! | `ds_space_init.rs` | pass `tx8be-ds-space-init` |
//! | `ds_tile_split.rs` | pass `tx8be-ds-tile-split` |
//! | `ds_slice_propagate.rs` | pass `tx8be-ds-slice-propagate` |

pub mod anchor;
pub mod ds_slice_propagate;
pub mod ds_space_init;
pub mod ds_tile_split;
pub mod slice_propagate;
pub mod slice_space;
pub mod template_cache;
pub mod tile_split;

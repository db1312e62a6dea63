//! The program codegen prints, as plain data: for every group, the DDR
//! tensors it reads and writes, its SPM buffers and, for every tile, the
//! steps it runs (which box of each operand to load, which box of the
//! output to store, and the per-step parameters of the operator call).
//!
//! A `Program` is derived from the scheduled tx8be IR by `read_ir.rs` (a
//! pure function of the IR and the ops' interfaces: no decision is made
//! there), and printed as C by `emit_c/`.

use tx8_cmodel::isa::NeAct;
use tx8_cmodel::layout::{MemLayout, Placement};

/// A box of a tensor: start and size per dim, in whole-tensor coordinates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TBox {
    pub start: Vec<i64>,
    pub size: Vec<i64>,
}

/// Element formats of the C ABI (`Fmt_*` in tx8.h).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    Int8,
    Int32,
    Fp16,
    Bf16,
    Fp32,
}

impl Fmt {
    pub fn c_name(self) -> &'static str {
        match self {
            Fmt::Int8 => "Fmt_INT8",
            Fmt::Int32 => "Fmt_INT32",
            Fmt::Fp16 => "Fmt_FP16",
            Fmt::Bf16 => "Fmt_BF16",
            Fmt::Fp32 => "Fmt_FP32",
        }
    }
    pub fn size(self) -> u64 {
        match self {
            Fmt::Int8 => 1,
            Fmt::Fp16 | Fmt::Bf16 => 2,
            Fmt::Int32 | Fmt::Fp32 => 4,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Fmt::Int8 => "int8",
            Fmt::Int32 => "int32",
            Fmt::Fp16 => "fp16",
            Fmt::Bf16 => "bf16",
            Fmt::Fp32 => "fp32",
        }
    }
    pub fn to_cmodel(self) -> tx8_cmodel::dtype::DataFormat {
        use tx8_cmodel::dtype::DataFormat as D;
        match self {
            Fmt::Int8 => D::Int8,
            Fmt::Int32 => D::Int32,
            Fmt::Fp16 => D::Fp16,
            Fmt::Bf16 => D::Bf16,
            Fmt::Fp32 => D::Fp32,
        }
    }
}

/// A tensor in DDR, in its placement (`layout`: the value's
/// `tx8be::layout::value_mem_layout`; every TSR of it carries the same kind,
/// the SPM boxes placed for their own dims).
#[derive(Debug, Clone, PartialEq)]
pub struct DdrTensor {
    pub addr: u64,
    pub dims: Vec<i64>,
    pub fmt: Fmt,
    pub layout: MemLayout,
}

impl DdrTensor {
    /// The C model's placement of the whole tensor.
    pub fn placement(&self) -> Result<Placement, String> {
        let dims: Vec<u64> = self.dims.iter().map(|&d| d.max(0) as u64).collect();
        Placement::of_dims(self.layout, self.fmt.to_cmodel(), &dims)
            .map_err(|e| format!("{:?} tensor of dims {:?}: {e}", self.layout, self.dims))
    }

    /// Bytes it occupies in DDR (padding and batch alignment included).
    pub fn bytes(&self) -> u64 {
        match self.placement() {
            Ok(p) => p.bytes(),
            Err(_) => self.dims.iter().product::<i64>().max(0) as u64 * self.fmt.size(),
        }
    }

    /// Its dense (row-major) bytes from the bytes of its placement.
    pub fn to_dense(&self, placed: &[u8]) -> Result<Vec<u8>, String> {
        if !self.layout.is_blocked() {
            return Ok(placed.to_vec());
        }
        self.placement()?.to_dense(placed).map_err(|e| e.to_string())
    }

    /// The `mem_layout` code of its TSRs (0 Tensor, 1 NTensor, 2 Cx, 3 NCx).
    pub fn layout_code(&self) -> u32 {
        tx8_cmodel::capi::types::mem_layout_code(self.layout)
    }
}

/// One operand of a group's op: where it lives and where its slices go.
#[derive(Debug, Clone, PartialEq)]
pub struct OperandPlan {
    pub ddr: DdrTensor,
    /// Weights are loaded with `op_load_const`.
    pub is_const: bool,
    /// SPM addresses of its buffers on every tile: one, or one per buffer
    /// of a multi-buffered group (a step-invariant operand keeps one).
    pub spm_addrs: Vec<u64>,
    /// The earlier load whose buffer this one shares (the same value and
    /// boxes: `tx8be::schedule::steps::shared_loads`): not loaded, its
    /// readers read that load's TSR.
    pub shares: Option<usize>,
    /// The load whose buffer holds this one's box at every step
    /// (`tx8be::schedule::steps::copied_loads`): not read from DDR, but
    /// copied out of that buffer by TDMA (`op_spm_box_copy`) each step.
    pub copy_of: Option<usize>,
    /// Every tile needs it whole at every step and the group broadcasts it
    /// (`share = "broadcast"`, `tx8be_transforms::broadcast`): its bytes
    /// come once per card, each tile reading a chunk and sending it to the
    /// others by DTE, before the steps.
    pub broadcast: bool,
    /// The tiles of each mesh row or column share its box, the same at
    /// every step (`share = "broadcast_row"` / `"broadcast_column"`,
    /// `tx8be_transforms::line_share`): each reads a chunk and the line
    /// all-gathers them by DTE before the steps.
    pub line: Option<LinePlan>,
    /// In a double-buffered group whose tiles all take the same steps, the
    /// tiles of each mesh row or column hold the same box at each step
    /// (`share = "stream_row"` / `"stream_column"`,
    /// `tx8be_transforms::stream_share`): at each step each reads its chunk
    /// of the next box and sends it to the line's others by DTE.
    pub stream: Option<LinePlan>,
    /// In a double-buffered group, each step takes the part of its box the
    /// other buffer holds from there (`op_dma_load_slide`,
    /// `tx8be::schedule::slide::sliding_loads`): halo rows cross the DDR once.
    pub slides: bool,
    /// It reads a view of its DDR tensor (`tx8be_transforms::load_views`):
    /// `ddr.dims` are the view's, `ddr.addr` the viewed tensor's origin
    /// (its address plus the view's offset), and each box is loaded with
    /// `op_dma_load_view` from these dims and strides.
    pub view: Option<tx8_cmodel::oplib::view::StridedView>,
}

impl OperandPlan {
    /// The C call loading this operand's box described by TSR `tsr` (an
    /// lvalue) in group `id`, operand `k`.
    pub fn load_call(&self, id: i64, k: usize, tsr: &str) -> String {
        match &self.view {
            Some(v) => format!(
                "op_dma_load_view(&{tsr}, {:#x}ull, {}u, g{id}_vdims{k}, g{id}_vstrides{k})",
                self.ddr.addr,
                v.dims.len()
            ),
            None => format!(
                "{}(&{tsr}, {:#x}ull)",
                if self.is_const { "op_load_const" } else { "op_dma_load" },
                self.ddr.addr
            ),
        }
    }
}

/// The SPM region `[lo, hi)` a group's broadcast all-gathers (from its
/// first broadcast buffer to the end of its last; loads sharing another's
/// buffer left out), if it broadcasts.
pub fn broadcast_region(operands: &[OperandPlan]) -> Option<(u64, u64)> {
    let parts = || operands.iter().filter(|o| o.broadcast && o.shares.is_none());
    let lo = parts().map(|o| o.spm_addrs[0]).min()?;
    let hi = parts().map(|o| o.spm_addrs[0] + o.ddr.bytes()).max()?;
    Some((lo, hi))
}

/// How a line-shared or streamed operand's box is cut and gathered.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinePlan {
    /// `Share::Row` or `Share::Column`.
    pub share: tx8be::schedule::shares::Share,
    pub chunks: tx8be::schedule::shares::LineChunks,
    /// Tiles in the line.
    pub len: u32,
}

/// The operator call of a group (what `gen_op_code` turns into C).
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// Load and store only (copies: concat parts, strided-free slices).
    None,
    /// `act`: the NE's post-processing activation (`CONV_PARAM.act`);
    /// `has_psum`: operand 3 is added to the accumulator (`op_conv2d_psum`).
    Conv {
        strides: [i64; 2],
        dilations: [i64; 2],
        group: i64,
        has_bias: bool,
        has_psum: bool,
        act: NeAct,
    },
    Gemm {
        trans_a: bool,
        trans_b: bool,
        has_bias: bool,
        act: NeAct,
    },
    BatchNorm {
        epsilon: f32,
    },
    Softmax,
    /// `op_layernorm`, or `op_rmsnorm` with `rms`; beta is the optional
    /// third input.
    LayerNorm {
        epsilon: f32,
        rms: bool,
    },
    /// `op_eltwise_binary` code.
    Binary {
        code: u32,
    },
    /// `op_eltwise_unary` code, optional parameters.
    Unary {
        code: u32,
        params: Option<(f32, f32)>,
    },
    Select,
    Cast,
    /// `op_reduce` kind (0 sum, 1 mean, 2 max, 3 min) over one axis of the slice.
    Reduce {
        kind: u32,
        axis: u32,
    },
    Pool {
        kind: u32,
        kernel: [i64; 2],
        strides: [i64; 2],
        count_include_pad: bool,
    },
    Transpose {
        perm: Vec<u32>,
    },
    Concat {
        axis: u32,
    },
    Pad {
        value: f32,
    },
    Gather {
        row_elems: u64,
        table_rows: u64,
        table_ddr: u64,
    },
    /// `op_channel_norm`: `blocked` is 2 (Cx) or 3 (NCx).
    ChannelNorm {
        to_blocked: bool,
        blocked: u32,
    },
}

/// Per-step parameters that vary between steps.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StepParams {
    /// Conv / pool padding of this slice: top, left, bottom, right.
    pub pads: Option<[i64; 4]>,
    /// Grouped conv: the groups this slice holds (its output channels
    /// divided by the channels per group).
    pub groups: Option<i64>,
    /// Pad op: low and interior/high per dim of this slice.
    pub pad_low: Vec<i64>,
    pub pad_high: Vec<i64>,
    pub pad_interior: Vec<i64>,
}

/// One step of one tile: load these boxes, make the calls, store this box.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// One box per operand (same order as `GroupPlan::operands`); an
    /// operand whose box is `None` is not loaded in this step (a concat
    /// part belonging to another step).
    pub loads: Vec<Option<TBox>>,
    pub store: TBox,
    /// The anchor call's parameters.
    pub params: StepParams,
    /// Per producer (`GroupPlan::producers`), the box of its result it
    /// computes and its parameters.
    pub producers: Vec<(TBox, StepParams)>,
    /// Per narrowed read (`GroupPlan::narrows`), the box its reader needs
    /// (whole-tensor coordinates).
    pub narrows: Vec<TBox>,
}

/// What one input of a call reads: a loaded operand or an intermediate.
pub use tx8be::schedule::group_calls::Input;

/// An in-group op before the anchor of a multi-op group: its call, what
/// each of its inputs reads, and its result, an intermediate living in
/// one SPM buffer.
#[derive(Debug, Clone, PartialEq)]
pub struct ProducerPlan {
    pub call: Call,
    pub inputs: Vec<Input>,
    pub dims: Vec<i64>,
    pub fmt: Fmt,
    pub layout: MemLayout,
    pub spm_addr: u64,
    /// The second buffer of the first call's result when the group
    /// overlaps its NE and CT across steps (`tx8be_transforms::ne_overlap`):
    /// steps alternate, the first in `spm_addr`.
    pub alt_addr: Option<u64>,
}

/// A call's input that reads a smaller box of an intermediate than its
/// producer computes (`tx8be::schedule::steps::narrowed_reads`): each
/// step copies that box by TDMA into the buffer at `spm_addr` (the
/// reader's `subbox_addr`), which the call reads.
#[derive(Debug, Clone, PartialEq)]
pub struct NarrowPlan {
    /// The reading call: a producer's index, or `producers.len()` for the
    /// anchor.
    pub call: usize,
    /// The position of the input in that call's `inputs`.
    pub input: usize,
    /// The producer whose intermediate it reads.
    pub from: usize,
    pub spm_addr: u64,
}

/// One group over all tiles: its loads, its calls in order (the
/// producers, then the anchor), its store.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupPlan {
    pub id: i64,
    /// What the group computes, for comments and reports (op name and location).
    pub title: String,
    /// The anchor's call (the group's last op, whose result it stores).
    pub call: Call,
    /// What each input of the anchor's call reads.
    pub inputs: Vec<Input>,
    /// The calls before the anchor (empty for a single-op group).
    pub producers: Vec<ProducerPlan>,
    /// The narrowed reads of the intermediates.
    pub narrows: Vec<NarrowPlan>,
    /// Every load of the group (`tx8be::schedule::group_calls::GroupCalls::loads`).
    pub operands: Vec<OperandPlan>,
    pub output: DdrTensor,
    /// The transpose view the output is stored through
    /// (`tx8be_transforms::store_views`): `output.dims` are the group's,
    /// the bytes at `output.addr` the view's result, and each box is
    /// stored with `op_dma_store_view` from these dims and strides.
    pub store_view: Option<tx8_cmodel::oplib::view::StridedView>,
    /// SPM addresses of the output buffers (one per buffer).
    pub out_spm_addrs: Vec<u64>,
    /// 1: single-buffered; 2: double buffers, software-pipelined
    /// (`dev_info.multi_buf_num` of the compute op).
    pub buffers: u32,
    /// A GEMM sharing operand B round this ring of tiles (tile ids in ring
    /// order; `tx8be_transforms::ring_share`): its steps are in ring order
    /// (the chunk a tile holds at each step).
    pub ring: Option<Vec<u32>>,
    /// The op's scratch (`imm`) buffer, if it needs one.
    pub imm: Option<(u64, u64)>,
    /// `steps[tile]`.
    pub steps: Vec<Vec<Step>>,
    /// Whether every tile waits for the others after this group.
    pub barrier_after: bool,
    /// Whether the group before it ended with a barrier (every tile is
    /// done with its SPM): a broadcast prologue then starts without one.
    pub synced_before: bool,
    /// The group before it issues this group's prologue chunk reads at its
    /// end (`tx8be_transforms::prologue_prefetch`): `group_<id>_chunks`.
    pub prefetched: bool,
    /// The next group, when this group issues its chunk reads at its end.
    pub prefetch_next: Option<i64>,
    /// Those reads go at the start of this group's last step, not after
    /// its last call (`prologue_prefetch::prefetched_early`).
    pub prefetch_early: bool,
    /// The group before it runs this group's whole prologue (chunk reads
    /// and gathers) during its steps (`tx8be::schedule::prefetch::ahead`):
    /// `group_<id>_chunks` and `group_<id>_sends`.
    pub ahead: bool,
    /// The next group, when this group runs its prologue.
    pub ahead_next: Option<i64>,
    /// The load slots whose first-step reads the group before issues
    /// (`tx8be::schedule::const_prefetch`): `group_<id>_consts`.
    pub consts_ahead: Vec<usize>,
    /// The next group, when this group issues its weights' reads.
    pub consts_next: Option<i64>,
    /// Messages the DTE queue holds (`HardwareConfig::queue_depth_dte`):
    /// the most of the next group's sends issued at one point of the steps.
    pub dte_queue: u32,
}

impl GroupPlan {
    /// The C call storing TSR `tsr` (an expression of its address) to the
    /// output: through the store view, if any.
    pub fn store_call(&self, tsr: &str) -> String {
        match &self.store_view {
            Some(v) => format!(
                "op_dma_store_view({tsr}, {:#x}ull, {}u, g{id}_svdims, g{id}_svstrides)",
                self.output.addr,
                v.dims.len(),
                id = self.id
            ),
            None => format!("op_dma_store({tsr}, {:#x}ull)", self.output.addr),
        }
    }
}

/// The whole program.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    pub tiles: u32,
    /// The mesh the broadcast all-gather walks in two phases (tiles per
    /// row, rows: `tx8be::schedule::shares::gather_mesh`), if any.
    pub mesh: Option<(u32, u32)>,
    pub groups: Vec<GroupPlan>,
}

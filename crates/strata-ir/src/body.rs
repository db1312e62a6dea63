//! `Body`: the arena holding the operations, blocks, regions and values of
//! one isolated-from-above scope.
//!
//! Values never cross an isolated-from-above boundary, so the body of such an
//! op (a `func.func`, a `builtin.module`) owns its own arena; the op's entry
//! in the enclosing body holds it as `nested`. Passes over different
//! functions therefore get disjoint `&mut Body`s and can run in parallel.
//!
//! Invariants:
//! * operations in a block form a doubly linked list (`prev`/`next`), blocks
//!   in a region likewise; an op names the *op list* holding it (`parent`),
//!   and each block owns exactly one op list (`BlockData::list`, whose
//!   `OpList::block` points back), so two blocks can trade their op lists
//!   in O(1): splitting or merging blocks moves the shorter side;
//! * every operand slot is a node of the use list of the value it reads;
//! * every successor slot is a node of the use list of the block it names
//!   (the block's predecessor edges);
//! * an op's results are `num_results` consecutive values from `first_result`;
//! * `order` keys increase along an op list when its `order_valid` is set.

use smallvec::SmallVec;

use crate::attributes::Attribute;
use crate::context::{Context, OpName};
use crate::entity::{Block, Op, Region, Use, Value, NONE};
use crate::location::Location;
use crate::types::Type;

#[derive(Clone)]
pub(crate) struct OpData {
    pub name: OpName,
    pub loc: Location,
    /// Dictionary of the op's attributes (inherent and discardable).
    pub attrs: Attribute,
    /// `<{...}>` properties of an unregistered op, kept as written.
    pub props: u32,
    pub operands_start: u32,
    pub num_operands: u32,
    pub first_result: u32,
    pub num_results: u32,
    pub extra: u32,
    /// The op list (`Body::lists`) holding the op, `NONE` when detached.
    pub parent: u32,
    pub prev: u32,
    pub next: u32,
    pub order: u32,
}

/// The rarely present parts of an op, kept out of `OpData` to keep it small.
#[derive(Default, Clone)]
pub(crate) struct OpExtra {
    pub successors: SmallVec<[Block; 2]>,
    /// The node in `Body::block_uses` of successor 0; successor `i` is node
    /// `succ_uses + i`.
    pub succ_uses: u32,
    /// Regions in this body (ops that are not isolated from above).
    pub regions: SmallVec<[Region; 1]>,
    /// The arena of an isolated-from-above op; its `roots` are the op's regions.
    pub nested: Option<Box<Body>>,
}

#[derive(Clone)]
pub(crate) struct ValueData {
    pub ty: Type,
    pub first_use: u32,
    /// Defining op, or owning block for block arguments.
    pub def: u32,
    /// Result or argument number; the top bit marks block arguments.
    pub index: u32,
}

const BLOCK_ARG_BIT: u32 = 1 << 31;

#[derive(Clone)]
pub(crate) struct UseData {
    pub value: u32,
    pub owner: u32,
    pub prev: u32,
    pub next: u32,
}

/// One successor slot: a node of the use list of the block it names.
#[derive(Clone)]
pub(crate) struct BlockUseData {
    pub block: u32,
    /// The terminator holding the slot.
    pub owner: u32,
    pub prev: u32,
    pub next: u32,
}

#[derive(Clone)]
pub(crate) struct BlockData {
    pub parent: u32,
    /// Head of the use list of successor slots naming this block.
    pub first_use: u32,
    /// The op list holding the block's ops.
    pub list: u32,
    pub prev: u32,
    pub next: u32,
    pub args: SmallVec<[Value; 4]>,
    pub arg_locs: SmallVec<[Location; 4]>,
}

/// The ops of one block, as a doubly linked list.
#[derive(Clone)]
pub(crate) struct OpList {
    /// The block owning the list.
    pub block: u32,
    pub first_op: u32,
    pub last_op: u32,
    pub order_valid: bool,
}

#[derive(Clone)]
pub(crate) struct RegionData {
    /// The op the region belongs to, `NONE` for the root regions of a body.
    pub parent: u32,
    pub first_block: u32,
    pub last_block: u32,
}

/// What defines a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    Result(Op, u32),
    BlockArg(Block, u32),
}

/// Everything needed to create an operation.
pub struct OpSpec {
    pub name: OpName,
    pub loc: Location,
    pub operands: SmallVec<[Value; 4]>,
    pub result_types: SmallVec<[Type; 2]>,
    pub attrs: Attribute,
    pub props: Option<Attribute>,
    pub successors: SmallVec<[Block; 2]>,
    pub num_regions: usize,
    /// Give the op its own arena for its regions (isolated from above).
    pub isolated: bool,
}

impl OpSpec {
    pub fn new(ctx: &Context, name: &str, loc: Location) -> OpSpec {
        OpSpec::with_name(ctx, ctx.op_name(name), loc)
    }
    pub fn with_name(ctx: &Context, name: OpName, loc: Location) -> OpSpec {
        let isolated = ctx.op_def(name).is_some_and(|d| d.traits.contains(crate::opdef::Traits::ISOLATED_FROM_ABOVE));
        OpSpec {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: ctx.empty_dictionary(),
            props: None,
            successors: SmallVec::new(),
            num_regions: 0,
            isolated,
        }
    }
    pub fn operands(mut self, v: &[Value]) -> Self {
        self.operands.extend_from_slice(v);
        self
    }
    pub fn results(mut self, t: &[Type]) -> Self {
        self.result_types.extend_from_slice(t);
        self
    }
    pub fn attrs(mut self, a: Attribute) -> Self {
        self.attrs = a;
        self
    }
    pub fn regions(mut self, n: usize) -> Self {
        self.num_regions = n;
        self
    }
    pub fn successors(mut self, b: &[Block]) -> Self {
        self.successors.extend_from_slice(b);
        self
    }
}

#[derive(Default, Clone)]
pub struct Body {
    pub(crate) ops: Vec<OpData>,
    pub(crate) extras: Vec<OpExtra>,
    pub(crate) values: Vec<ValueData>,
    pub(crate) uses: Vec<UseData>,
    pub(crate) block_uses: Vec<BlockUseData>,
    pub(crate) blocks: Vec<BlockData>,
    pub(crate) lists: Vec<OpList>,
    pub(crate) regions: Vec<RegionData>,
    pub(crate) roots: SmallVec<[Region; 1]>,
}

impl Body {
    pub fn new() -> Body {
        Body::default()
    }

    /// A body with `n` root regions (the regions of its isolated owner).
    pub fn with_root_regions(n: usize) -> Body {
        let mut body = Body::new();
        for _ in 0..n {
            let r = body.new_region(NONE);
            body.roots.push(r);
        }
        body
    }

    pub fn root_regions(&self) -> &[Region] {
        &self.roots
    }

    pub fn num_ops_allocated(&self) -> usize {
        self.ops.len()
    }

    /// Values ever created in this body (results and block arguments): an
    /// upper bound for `Value::index`, for side tables indexed by value.
    pub fn num_values_allocated(&self) -> usize {
        self.values.len()
    }

    fn new_region(&mut self, parent: u32) -> Region {
        let r = Region(self.regions.len() as u32);
        self.regions.push(RegionData { parent, first_block: NONE, last_block: NONE });
        r
    }

    // ------------------------------------------------------------------
    // Operations
    // ------------------------------------------------------------------

    /// Creates a detached operation.
    pub fn create_op(&mut self, spec: OpSpec) -> Op {
        let op = Op(self.ops.len() as u32);
        let operands_start = self.uses.len() as u32;
        for &v in &spec.operands {
            let u = self.uses.len() as u32;
            self.uses.push(UseData { value: v.0, owner: op.0, prev: NONE, next: NONE });
            self.link_use(Use(u), v);
        }
        let first_result = self.values.len() as u32;
        for (i, &ty) in spec.result_types.iter().enumerate() {
            self.values.push(ValueData { ty, first_use: NONE, def: op.0, index: i as u32 });
        }
        let extra = if !spec.successors.is_empty() || spec.num_regions > 0 {
            let succ_uses = self.block_uses.len() as u32;
            for &s in &spec.successors {
                let n = self.block_uses.len() as u32;
                self.block_uses.push(BlockUseData { block: s.0, owner: op.0, prev: NONE, next: NONE });
                self.link_block_use(n, s);
            }
            let mut e = OpExtra { successors: spec.successors, succ_uses, ..Default::default() };
            if spec.isolated {
                e.nested = Some(Box::new(Body::with_root_regions(spec.num_regions)));
            } else {
                for _ in 0..spec.num_regions {
                    let r = self.new_region(op.0);
                    e.regions.push(r);
                }
            }
            let idx = self.extras.len() as u32;
            self.extras.push(e);
            idx
        } else {
            NONE
        };
        self.ops.push(OpData {
            name: spec.name,
            loc: spec.loc,
            attrs: spec.attrs,
            props: spec.props.map_or(NONE, |a| a.0),
            operands_start,
            num_operands: spec.operands.len() as u32,
            first_result,
            num_results: spec.result_types.len() as u32,
            extra,
            parent: NONE,
            prev: NONE,
            next: NONE,
            order: 0,
        });
        op
    }

    #[inline]
    pub fn op_name(&self, op: Op) -> OpName {
        self.ops[op.index()].name
    }
    pub fn op_loc(&self, op: Op) -> Location {
        self.ops[op.index()].loc
    }
    pub fn set_op_loc(&mut self, op: Op, loc: Location) {
        self.ops[op.index()].loc = loc;
    }
    #[inline]
    pub fn op_attrs(&self, op: Op) -> Attribute {
        self.ops[op.index()].attrs
    }
    pub fn set_op_attrs(&mut self, op: Op, attrs: Attribute) {
        self.ops[op.index()].attrs = attrs;
    }
    pub fn op_attr(&self, ctx: &Context, op: Op, name: &str) -> Option<Attribute> {
        ctx.dict_get(self.op_attrs(op), name)
    }
    pub fn set_op_attr(&mut self, ctx: &Context, op: Op, name: &str, value: Option<Attribute>) {
        let n = ctx.intern_str(name);
        let d = ctx.dict_with(self.op_attrs(op), n, value);
        self.set_op_attrs(op, d);
    }
    pub fn op_props(&self, op: Op) -> Option<Attribute> {
        let p = self.ops[op.index()].props;
        (p != NONE).then_some(Attribute(p))
    }
    pub fn set_op_props(&mut self, op: Op, props: Option<Attribute>) {
        self.ops[op.index()].props = props.map_or(NONE, |a| a.0);
    }
    pub fn is_erased(&self, op: Op) -> bool {
        self.ops[op.index()].num_operands == NONE
    }

    // ---- operands ----

    #[inline]
    pub fn num_operands(&self, op: Op) -> usize {
        self.ops[op.index()].num_operands as usize
    }
    #[inline]
    pub fn operand(&self, op: Op, i: usize) -> Value {
        let d = &self.ops[op.index()];
        debug_assert!(i < d.num_operands as usize);
        Value(self.uses[d.operands_start as usize + i].value)
    }
    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + '_ {
        let d = &self.ops[op.index()];
        let start = d.operands_start as usize;
        self.uses[start..start + d.num_operands as usize].iter().map(|u| Value(u.value))
    }
    pub fn operand_vec(&self, op: Op) -> SmallVec<[Value; 4]> {
        self.operands(op).collect()
    }
    pub fn operand_types(&self, op: Op) -> SmallVec<[Type; 4]> {
        self.operands(op).map(|v| self.value_type(v)).collect()
    }
    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        let u = Use(self.ops[op.index()].operands_start + i as u32);
        self.unlink_use(u);
        self.uses[u.index()].value = v.0;
        self.link_use(u, v);
    }
    /// Replaces the whole operand list (any length).
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        let d = &self.ops[op.index()];
        let (start, n) = (d.operands_start, d.num_operands);
        for u in start..start + n {
            self.unlink_use(Use(u));
        }
        let new_start = if values.len() as u32 <= n { start } else { self.uses.len() as u32 };
        for (i, &v) in values.iter().enumerate() {
            let u = new_start + i as u32;
            if u as usize == self.uses.len() {
                self.uses.push(UseData { value: v.0, owner: op.0, prev: NONE, next: NONE });
            } else {
                self.uses[u as usize] = UseData { value: v.0, owner: op.0, prev: NONE, next: NONE };
            }
            self.link_use(Use(u), v);
        }
        let d = &mut self.ops[op.index()];
        d.operands_start = new_start;
        d.num_operands = values.len() as u32;
    }

    fn link_use(&mut self, u: Use, v: Value) {
        let head = self.values[v.index()].first_use;
        self.uses[u.index()].prev = NONE;
        self.uses[u.index()].next = head;
        if head != NONE {
            self.uses[head as usize].prev = u.0;
        }
        self.values[v.index()].first_use = u.0;
    }

    fn unlink_use(&mut self, u: Use) {
        let UseData { value, prev, next, .. } = self.uses[u.index()];
        if value == NONE {
            return;
        }
        if prev != NONE {
            self.uses[prev as usize].next = next;
        } else {
            self.values[value as usize].first_use = next;
        }
        if next != NONE {
            self.uses[next as usize].prev = prev;
        }
        self.uses[u.index()].prev = NONE;
        self.uses[u.index()].next = NONE;
    }

    // ---- results and values ----

    #[inline]
    pub fn num_results(&self, op: Op) -> usize {
        self.ops[op.index()].num_results as usize
    }
    #[inline]
    pub fn result(&self, op: Op, i: usize) -> Value {
        let d = &self.ops[op.index()];
        debug_assert!(i < d.num_results as usize);
        Value(d.first_result + i as u32)
    }
    pub fn results(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + Clone {
        let d = &self.ops[op.index()];
        (d.first_result..d.first_result + d.num_results).map(Value)
    }
    pub fn result_types(&self, op: Op) -> SmallVec<[Type; 2]> {
        self.results(op).map(|v| self.value_type(v)).collect()
    }
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v.index()].ty = ty;
    }
    pub fn value_def(&self, v: Value) -> ValueDef {
        let d = &self.values[v.index()];
        if d.index & BLOCK_ARG_BIT != 0 {
            ValueDef::BlockArg(Block(d.def), d.index & !BLOCK_ARG_BIT)
        } else {
            ValueDef::Result(Op(d.def), d.index)
        }
    }
    /// The op defining `v`, `None` for block arguments.
    pub fn defining_op(&self, v: Value) -> Option<Op> {
        match self.value_def(v) {
            ValueDef::Result(op, _) => Some(op),
            ValueDef::BlockArg(..) => None,
        }
    }
    /// The block in which `v` is defined (`None` for a detached op's result).
    pub fn value_parent_block(&self, v: Value) -> Option<Block> {
        match self.value_def(v) {
            ValueDef::Result(op, _) => self.op_block(op),
            ValueDef::BlockArg(b, _) => Some(b),
        }
    }

    /// The ops using `v`, with the operand number, one entry per use.
    pub fn uses(&self, v: Value) -> UseIter<'_> {
        UseIter { body: self, cur: self.values[v.index()].first_use }
    }
    pub fn use_empty(&self, v: Value) -> bool {
        self.values[v.index()].first_use == NONE
    }
    pub fn has_one_use(&self, v: Value) -> bool {
        let f = self.values[v.index()].first_use;
        f != NONE && self.uses[f as usize].next == NONE
    }
    pub fn op_results_unused(&self, op: Op) -> bool {
        self.results(op).all(|v| self.use_empty(v))
    }

    /// Makes every use of `from` use `to` instead.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = Use::from_raw(self.values[from.index()].first_use) {
            self.unlink_use(u);
            self.uses[u.index()].value = to.0;
            self.link_use(u, to);
        }
    }

    /// Detaches every use of `v`; the using operand slots are left empty
    /// (their ops are about to be erased).
    pub fn drop_all_uses(&mut self, v: Value) {
        while let Some(u) = Use::from_raw(self.values[v.index()].first_use) {
            self.unlink_use(u);
            self.uses[u.index()].value = NONE;
        }
    }

    /// Replaces the uses of `from` for which `pred(user op)` holds.
    pub fn replace_uses_if(&mut self, from: Value, to: Value, mut pred: impl FnMut(&Body, Op) -> bool) {
        let uses: SmallVec<[Use; 8]> = {
            let mut v = SmallVec::new();
            let mut cur = self.values[from.index()].first_use;
            while cur != NONE {
                v.push(Use(cur));
                cur = self.uses[cur as usize].next;
            }
            v
        };
        for u in uses {
            if pred(self, Op(self.uses[u.index()].owner)) {
                self.unlink_use(u);
                self.uses[u.index()].value = to.0;
                self.link_use(u, to);
            }
        }
    }

    // ---- successors and regions ----

    pub fn successors(&self, op: Op) -> &[Block] {
        match self.ops[op.index()].extra {
            NONE => &[],
            e => &self.extras[e as usize].successors,
        }
    }
    pub fn set_successor(&mut self, op: Op, i: usize, b: Block) {
        let e = &mut self.extras[self.ops[op.index()].extra as usize];
        e.successors[i] = b;
        let n = e.succ_uses + i as u32;
        self.unlink_block_use(n);
        self.block_uses[n as usize].block = b.0;
        self.link_block_use(n, b);
    }

    fn link_block_use(&mut self, n: u32, b: Block) {
        let head = self.blocks[b.index()].first_use;
        let u = &mut self.block_uses[n as usize];
        u.prev = NONE;
        u.next = head;
        if head != NONE {
            self.block_uses[head as usize].prev = n;
        }
        self.blocks[b.index()].first_use = n;
    }

    fn unlink_block_use(&mut self, n: u32) {
        let BlockUseData { block, prev, next, .. } = self.block_uses[n as usize];
        if block == NONE {
            return;
        }
        if prev != NONE {
            self.block_uses[prev as usize].next = next;
        } else {
            self.blocks[block as usize].first_use = next;
        }
        if next != NONE {
            self.block_uses[next as usize].prev = prev;
        }
        let u = &mut self.block_uses[n as usize];
        u.prev = NONE;
        u.next = NONE;
    }

    /// The edges entering `b`: (terminator, successor number), one per
    /// successor slot naming `b` (a terminator branching twice to `b`
    /// appears twice), most recently created first (MLIR's
    /// `Block::getPredecessors` order). O(1) per edge.
    pub fn predecessor_edges(&self, b: Block) -> PredIter<'_> {
        PredIter { body: self, cur: self.blocks[b.index()].first_use }
    }
    /// True if no successor slot names `b`.
    pub fn has_no_predecessors(&self, b: Block) -> bool {
        self.blocks[b.index()].first_use == NONE
    }
    /// The block of the only edge entering `b` (`getSinglePredecessor`).
    pub fn single_predecessor(&self, b: Block) -> Option<Block> {
        let mut it = self.predecessor_edges(b);
        let (t, _) = it.next()?;
        if it.next().is_some() {
            return None;
        }
        self.op_block(t)
    }
    /// The block every edge entering `b` comes from, when there is one
    /// (`getUniquePredecessor`).
    pub fn unique_predecessor(&self, b: Block) -> Option<Block> {
        let mut it = self.predecessor_edges(b);
        let (t, _) = it.next()?;
        let first = self.op_block(t)?;
        it.all(|(t, _)| self.op_block(t) == Some(first)).then_some(first)
    }
    /// Regions of a non-isolated op (empty for isolated ops: see `nested`).
    pub fn local_regions(&self, op: Op) -> &[Region] {
        match self.ops[op.index()].extra {
            NONE => &[],
            e => &self.extras[e as usize].regions,
        }
    }
    /// The arena of an isolated-from-above op.
    pub fn nested(&self, op: Op) -> Option<&Body> {
        match self.ops[op.index()].extra {
            NONE => None,
            e => self.extras[e as usize].nested.as_deref(),
        }
    }
    pub fn nested_mut(&mut self, op: Op) -> Option<&mut Body> {
        match self.ops[op.index()].extra {
            NONE => None,
            e => self.extras[e as usize].nested.as_deref_mut(),
        }
    }
    /// Takes the nested arena out (to hand it to another thread or body).
    pub fn take_nested(&mut self, op: Op) -> Option<Box<Body>> {
        match self.ops[op.index()].extra {
            NONE => None,
            e => self.extras[e as usize].nested.take(),
        }
    }
    pub fn put_nested(&mut self, op: Op, body: Box<Body>) {
        let e = self.ops[op.index()].extra;
        self.extras[e as usize].nested = Some(body);
    }
    /// The body holding the op's regions and the regions themselves.
    pub fn regions_of(&self, op: Op) -> (&Body, &[Region]) {
        match self.nested(op) {
            Some(b) => (b, &b.roots),
            None => (self, self.local_regions(op)),
        }
    }
    pub fn num_regions(&self, op: Op) -> usize {
        self.regions_of(op).1.len()
    }
    pub fn is_isolated(&self, op: Op) -> bool {
        self.nested(op).is_some()
    }

    // ---- structure ----

    #[inline]
    pub fn op_block(&self, op: Op) -> Option<Block> {
        match self.ops[op.index()].parent {
            NONE => None,
            l => Some(Block(self.lists[l as usize].block)),
        }
    }
    pub fn next_op(&self, op: Op) -> Option<Op> {
        Op::from_raw(self.ops[op.index()].next)
    }
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        Op::from_raw(self.ops[op.index()].prev)
    }
    pub fn region_parent_op(&self, r: Region) -> Option<Op> {
        Op::from_raw(self.regions[r.index()].parent)
    }
    pub fn block_region(&self, b: Block) -> Option<Region> {
        Region::from_raw(self.blocks[b.index()].parent)
    }
    /// The op whose region holds `op` (within this body).
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let b = self.op_block(op)?;
        let r = self.block_region(b)?;
        self.region_parent_op(r)
    }
    pub fn block_parent_op(&self, b: Block) -> Option<Op> {
        self.region_parent_op(self.block_region(b)?)
    }

    // ------------------------------------------------------------------
    // Blocks and regions
    // ------------------------------------------------------------------

    /// Creates a detached block with no arguments.
    pub fn create_block(&mut self) -> Block {
        let b = Block(self.blocks.len() as u32);
        let list = self.lists.len() as u32;
        self.lists.push(OpList { block: b.0, first_op: NONE, last_op: NONE, order_valid: true });
        self.blocks.push(BlockData {
            parent: NONE,
            first_use: NONE,
            list,
            prev: NONE,
            next: NONE,
            args: SmallVec::new(),
            arg_locs: SmallVec::new(),
        });
        b
    }

    pub fn add_block_arg(&mut self, b: Block, ty: Type, loc: Location) -> Value {
        let v = Value(self.values.len() as u32);
        let index = self.blocks[b.index()].args.len() as u32 | BLOCK_ARG_BIT;
        self.values.push(ValueData { ty, first_use: NONE, def: b.0, index });
        self.blocks[b.index()].args.push(v);
        self.blocks[b.index()].arg_locs.push(loc);
        v
    }
    /// Erases argument `i` (which must be unused).
    pub fn erase_block_arg(&mut self, b: Block, i: usize) {
        let bd = &mut self.blocks[b.index()];
        bd.args.remove(i);
        bd.arg_locs.remove(i);
        let args = bd.args.clone();
        for (j, v) in args.into_iter().enumerate().skip(i) {
            self.values[v.index()].index = j as u32 | BLOCK_ARG_BIT;
        }
    }
    pub fn block_args(&self, b: Block) -> &[Value] {
        &self.blocks[b.index()].args
    }
    pub fn block_arg_locs(&self, b: Block) -> &[Location] {
        &self.blocks[b.index()].arg_locs
    }
    pub fn set_block_arg_loc(&mut self, b: Block, i: usize, loc: Location) {
        self.blocks[b.index()].arg_locs[i] = loc;
    }

    pub fn first_block(&self, r: Region) -> Option<Block> {
        Block::from_raw(self.regions[r.index()].first_block)
    }
    pub fn last_block(&self, r: Region) -> Option<Block> {
        Block::from_raw(self.regions[r.index()].last_block)
    }
    pub fn next_block(&self, b: Block) -> Option<Block> {
        Block::from_raw(self.blocks[b.index()].next)
    }
    pub fn prev_block(&self, b: Block) -> Option<Block> {
        Block::from_raw(self.blocks[b.index()].prev)
    }
    pub fn blocks(&self, r: Region) -> BlockIter<'_> {
        BlockIter { body: self, cur: self.regions[r.index()].first_block }
    }
    pub fn region_is_empty(&self, r: Region) -> bool {
        self.regions[r.index()].first_block == NONE
    }
    pub fn is_entry_block(&self, b: Block) -> bool {
        match self.block_region(b) {
            Some(r) => self.regions[r.index()].first_block == b.0,
            None => false,
        }
    }

    pub fn append_block(&mut self, r: Region, b: Block) {
        let last = self.regions[r.index()].last_block;
        self.blocks[b.index()].parent = r.0;
        self.blocks[b.index()].prev = last;
        self.blocks[b.index()].next = NONE;
        if last == NONE {
            self.regions[r.index()].first_block = b.0;
        } else {
            self.blocks[last as usize].next = b.0;
        }
        self.regions[r.index()].last_block = b.0;
    }

    pub fn insert_block_before(&mut self, before: Block, b: Block) {
        let r = self.blocks[before.index()].parent;
        let prev = self.blocks[before.index()].prev;
        self.blocks[b.index()].parent = r;
        self.blocks[b.index()].prev = prev;
        self.blocks[b.index()].next = before.0;
        self.blocks[before.index()].prev = b.0;
        if prev == NONE {
            self.regions[r as usize].first_block = b.0;
        } else {
            self.blocks[prev as usize].next = b.0;
        }
    }

    /// Unlinks a block from its region (its ops stay in it).
    pub fn remove_block(&mut self, b: Block) {
        let BlockData { parent, prev, next, .. } = self.blocks[b.index()];
        if parent == NONE {
            return;
        }
        if prev == NONE {
            self.regions[parent as usize].first_block = next;
        } else {
            self.blocks[prev as usize].next = next;
        }
        if next == NONE {
            self.regions[parent as usize].last_block = prev;
        } else {
            self.blocks[next as usize].prev = prev;
        }
        let bd = &mut self.blocks[b.index()];
        bd.parent = NONE;
        bd.prev = NONE;
        bd.next = NONE;
    }

    #[inline]
    fn list_of(&self, b: Block) -> usize {
        self.blocks[b.index()].list as usize
    }
    pub fn first_op(&self, b: Block) -> Option<Op> {
        Op::from_raw(self.lists[self.list_of(b)].first_op)
    }
    pub fn last_op(&self, b: Block) -> Option<Op> {
        Op::from_raw(self.lists[self.list_of(b)].last_op)
    }
    pub fn block_ops(&self, b: Block) -> OpIter<'_> {
        OpIter { body: self, cur: self.lists[self.list_of(b)].first_op }
    }
    pub fn block_is_empty(&self, b: Block) -> bool {
        self.lists[self.list_of(b)].first_op == NONE
    }

    // ---- linking ops into blocks ----

    pub fn append_op(&mut self, b: Block, op: Op) {
        let l = self.list_of(b);
        self.append_to_list(l, op);
    }
    fn append_to_list(&mut self, l: usize, op: Op) {
        let last = self.lists[l].last_op;
        self.link_op(l, op, last, NONE);
        // Appending keeps order keys valid when there is room after the last.
        if self.lists[l].order_valid {
            let key = if last == NONE {
                ORDER_STRIDE
            } else {
                self.ops[last as usize].order.checked_add(ORDER_STRIDE).unwrap_or(0)
            };
            if key == 0 {
                self.lists[l].order_valid = false;
            } else {
                self.ops[op.index()].order = key;
            }
        }
    }
    pub fn insert_op_before(&mut self, before: Op, op: Op) {
        let l = self.ops[before.index()].parent as usize;
        let prev = self.ops[before.index()].prev;
        self.link_op(l, op, prev, before.0);
        self.lists[l].order_valid = false;
    }
    pub fn insert_op_after(&mut self, after: Op, op: Op) {
        let l = self.ops[after.index()].parent as usize;
        let next = self.ops[after.index()].next;
        self.link_op(l, op, after.0, next);
        self.lists[l].order_valid = false;
    }
    /// Inserts at the start of a block.
    pub fn prepend_op(&mut self, b: Block, op: Op) {
        let l = self.list_of(b);
        let first = self.lists[l].first_op;
        self.link_op(l, op, NONE, first);
        self.lists[l].order_valid = false;
    }

    fn link_op(&mut self, l: usize, op: Op, prev: u32, next: u32) {
        debug_assert_eq!(self.ops[op.index()].parent, NONE, "op is already in a block");
        let d = &mut self.ops[op.index()];
        d.parent = l as u32;
        d.prev = prev;
        d.next = next;
        if prev == NONE {
            self.lists[l].first_op = op.0;
        } else {
            self.ops[prev as usize].next = op.0;
        }
        if next == NONE {
            self.lists[l].last_op = op.0;
        } else {
            self.ops[next as usize].prev = op.0;
        }
    }

    /// Unlinks an op from its block without destroying it.
    pub fn remove_op(&mut self, op: Op) {
        let OpData { parent, prev, next, .. } = self.ops[op.index()];
        if parent == NONE {
            return;
        }
        if prev == NONE {
            self.lists[parent as usize].first_op = next;
        } else {
            self.ops[prev as usize].next = next;
        }
        if next == NONE {
            self.lists[parent as usize].last_op = prev;
        } else {
            self.ops[next as usize].prev = prev;
        }
        let d = &mut self.ops[op.index()];
        d.parent = NONE;
        d.prev = NONE;
        d.next = NONE;
    }

    /// Moves `op` right before `before` (possibly into another block).
    pub fn move_op_before(&mut self, op: Op, before: Op) {
        self.remove_op(op);
        self.insert_op_before(before, op);
    }

    /// Gives each of two blocks the other's ops, in O(1).
    fn swap_op_lists(&mut self, a: Block, b: Block) {
        let (la, lb) = (self.blocks[a.index()].list, self.blocks[b.index()].list);
        self.blocks[a.index()].list = lb;
        self.blocks[b.index()].list = la;
        self.lists[la as usize].block = b.0;
        self.lists[lb as usize].block = a.0;
    }

    /// Whether the ops from `op` to the end of its block are at most as
    /// many as the ops before it, found in O(min of the two).
    fn tail_is_shorter(&self, op: Op) -> bool {
        let (mut fwd, mut back) = (Some(op), self.prev_op(op));
        loop {
            match (fwd, back) {
                (None, _) => return true,
                (_, None) => return false,
                (Some(f), Some(b)) => {
                    fwd = self.next_op(f);
                    back = self.prev_op(b);
                }
            }
        }
    }

    /// Moves the ops from `first` up to the end of its list (or, with
    /// `up_to`, up to but not including it) to the end of list `to`, in order.
    fn move_ops_to_list(&mut self, first: Option<Op>, up_to: Option<Op>, to: usize) {
        let mut cur = first;
        while let Some(op) = cur {
            if Some(op) == up_to {
                break;
            }
            cur = self.next_op(op);
            self.remove_op(op);
            self.append_to_list(to, op);
        }
    }

    /// Splits `block` before `at`: `at` and everything after it move to a
    /// new block inserted right after `block` (MLIR's `Block::splitBlock`);
    /// with `at = None` the new block is empty. Takes time in the shorter
    /// of the two parts: when the ops before `at` are fewer, they move to
    /// the new block and the two blocks trade op lists.
    pub fn split_block(&mut self, block: Block, at: Option<Op>) -> Block {
        let nb = self.create_block();
        match self.next_block(block) {
            Some(next) => self.insert_block_before(next, nb),
            None => {
                let r = self.block_region(block).expect("block in a region");
                self.append_block(r, nb);
            }
        }
        let Some(at) = at else { return nb };
        let to = self.list_of(nb);
        if self.tail_is_shorter(at) {
            self.move_ops_to_list(Some(at), None, to);
        } else {
            let first = self.first_op(block);
            self.move_ops_to_list(first, Some(at), to);
            self.swap_op_lists(block, nb);
        }
        nb
    }

    /// Moves every op of `src` before `before` (or to the end of `dest`
    /// when `before` is `None`), replacing `src`'s arguments with `args`,
    /// then removes `src` (MLIR's `inlineBlockBefore`/`mergeBlocks`). When
    /// `src` goes at an end of `dest` and holds more ops than `dest`,
    /// `dest`'s ops move instead and the blocks trade op lists, so the
    /// time is that of the shorter block.
    pub fn inline_block_before(&mut self, src: Block, dest: Block, before: Option<Op>, args: &[Value]) {
        let old_args: SmallVec<[Value; 4]> = self.block_args(src).into();
        debug_assert_eq!(old_args.len(), args.len(), "one replacement per block argument");
        for (&a, &r) in old_args.iter().zip(args) {
            self.replace_all_uses_with(a, r);
        }
        let at_end = before.is_none();
        let at_start = before.is_some() && before == self.first_op(dest);
        let src_first = self.first_op(src);
        let dest_first = self.first_op(dest);
        // `dest` is shorter than `src` when walking both runs out in `dest` first.
        let dest_shorter = (at_end || at_start) && {
            let (mut d, mut s) = (dest_first, src_first);
            loop {
                match (d, s) {
                    (None, Some(_)) => break true,
                    (_, None) => break false,
                    (Some(x), Some(y)) => {
                        d = self.next_op(x);
                        s = self.next_op(y);
                    }
                }
            }
        };
        if dest_shorter {
            let src_list = self.list_of(src);
            if at_end {
                // dest's ops go before src's: move them to the front, in order.
                let mut cur = self.last_op(dest);
                while let Some(op) = cur {
                    cur = self.prev_op(op);
                    self.remove_op(op);
                    let first = self.lists[src_list].first_op;
                    self.link_op(src_list, op, NONE, first);
                }
                self.lists[src_list].order_valid = false;
            } else {
                self.move_ops_to_list(dest_first, None, src_list);
            }
            self.swap_op_lists(src, dest);
        } else {
            match before {
                Some(b) => {
                    let mut cur = src_first;
                    while let Some(op) = cur {
                        cur = self.next_op(op);
                        self.remove_op(op);
                        self.insert_op_before(b, op);
                    }
                }
                None => {
                    let to = self.list_of(dest);
                    self.move_ops_to_list(src_first, None, to);
                }
            }
        }
        if self.block_region(src).is_some() {
            self.remove_block(src);
        }
    }

    /// Destroys an op and everything nested in it. Uses of its results must
    /// be gone already (as MLIR asserts); any left are dropped as well.
    pub fn erase_op(&mut self, op: Op) {
        self.remove_op(op);
        self.destroy_op(op);
    }

    fn destroy_op(&mut self, op: Op) {
        let d = &self.ops[op.index()];
        let (start, n) = (d.operands_start, d.num_operands);
        for u in start..start + n {
            self.unlink_use(Use(u));
            self.uses[u as usize].value = NONE;
        }
        for v in self.results(op).collect::<SmallVec<[Value; 4]>>() {
            // Drop remaining uses: their owners are being erased too, or the
            // caller broke the contract; either way no dangling links remain.
            while let Some(u) = Use::from_raw(self.values[v.index()].first_use) {
                self.unlink_use(u);
                self.uses[u.index()].value = NONE;
            }
        }
        let regions: SmallVec<[Region; 2]> = self.local_regions(op).into();
        for r in regions {
            self.clear_region(r);
        }
        let extra = self.ops[op.index()].extra;
        if extra != NONE {
            let e = &mut self.extras[extra as usize];
            e.nested = None;
            let (start, n) = (e.succ_uses, e.successors.len() as u32);
            for u in start..start + n {
                self.unlink_block_use(u);
                self.block_uses[u as usize].block = NONE;
            }
        }
        self.ops[op.index()].num_operands = NONE;
    }

    /// Erases every block (and op) of a region.
    pub fn clear_region(&mut self, r: Region) {
        // Drop all uses inside first so erase order does not matter.
        let blocks: SmallVec<[Block; 4]> = self.blocks(r).collect();
        for &b in &blocks {
            let ops: SmallVec<[Op; 16]> = self.block_ops(b).collect();
            for op in ops {
                self.remove_op(op);
                self.destroy_op(op);
            }
        }
        for b in blocks {
            self.remove_block(b);
        }
    }

    // ---- order within a block ----

    /// True if `a` comes before `b`; both must be in the same block.
    pub fn is_before_in_block(&mut self, a: Op, b: Op) -> bool {
        let l = self.ops[a.index()].parent as usize;
        debug_assert_eq!(l, self.ops[b.index()].parent as usize);
        if !self.lists[l].order_valid {
            self.renumber_list(l);
        }
        self.ops[a.index()].order < self.ops[b.index()].order
    }

    /// Same as [`Body::is_before_in_block`] without mutation (linear scan
    /// when order keys are stale).
    pub fn is_before_in_block_slow(&self, a: Op, b: Op) -> bool {
        let l = self.ops[a.index()].parent as usize;
        if self.lists[l].order_valid {
            return self.ops[a.index()].order < self.ops[b.index()].order;
        }
        let mut cur = self.next_op(a);
        while let Some(c) = cur {
            if c == b {
                return true;
            }
            cur = self.next_op(c);
        }
        false
    }

    pub fn renumber_block(&mut self, b: Block) {
        self.renumber_list(self.list_of(b));
    }

    fn renumber_list(&mut self, l: usize) {
        let mut key = 0u32;
        let mut cur = self.lists[l].first_op;
        while cur != NONE {
            key += ORDER_STRIDE;
            self.ops[cur as usize].order = key;
            cur = self.ops[cur as usize].next;
        }
        self.lists[l].order_valid = true;
    }

    /// Renumbers every stale block, here and in nested isolated bodies, so
    /// order queries on `&Body` (the verifier's dominance checks) are O(1).
    pub fn renumber_all(&mut self) {
        for l in 0..self.lists.len() {
            if !self.lists[l].order_valid {
                self.renumber_list(l);
            }
        }
        for e in &mut self.extras {
            if let Some(nested) = e.nested.as_deref_mut() {
                nested.renumber_all();
            }
        }
    }
}

const ORDER_STRIDE: u32 = 1;

pub struct OpIter<'a> {
    body: &'a Body,
    cur: u32,
}
impl Iterator for OpIter<'_> {
    type Item = Op;
    #[inline]
    fn next(&mut self) -> Option<Op> {
        let op = Op::from_raw(self.cur)?;
        self.cur = self.body.ops[op.index()].next;
        Some(op)
    }
}

pub struct BlockIter<'a> {
    body: &'a Body,
    cur: u32,
}
impl Iterator for BlockIter<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = Block::from_raw(self.cur)?;
        self.cur = self.body.blocks[b.index()].next;
        Some(b)
    }
}

pub struct PredIter<'a> {
    body: &'a Body,
    cur: u32,
}
impl Iterator for PredIter<'_> {
    /// (terminator, successor number)
    type Item = (Op, usize);
    fn next(&mut self) -> Option<(Op, usize)> {
        let n = self.cur;
        if n == NONE {
            return None;
        }
        let d = &self.body.block_uses[n as usize];
        self.cur = d.next;
        let owner = Op(d.owner);
        let start = self.body.extras[self.body.ops[owner.index()].extra as usize].succ_uses;
        Some((owner, (n - start) as usize))
    }
}

pub struct UseIter<'a> {
    body: &'a Body,
    cur: u32,
}
impl Iterator for UseIter<'_> {
    /// (user op, operand number)
    type Item = (Op, usize);
    fn next(&mut self) -> Option<(Op, usize)> {
        let u = Use::from_raw(self.cur)?;
        let d = &self.body.uses[u.index()];
        self.cur = d.next;
        let owner = Op(d.owner);
        Some((owner, (u.0 - self.body.ops[owner.index()].operands_start) as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ARCHITECTURE.md promises compact ops; a field added without care
    /// shows up here.
    #[test]
    fn op_data_stays_compact() {
        assert_eq!(std::mem::size_of::<OpData>(), 64);
        assert_eq!(std::mem::size_of::<ValueData>(), 16);
        assert_eq!(std::mem::size_of::<UseData>(), 16);
    }

    #[test]
    fn replace_all_uses_and_erase_keep_use_lists_consistent() {
        let ctx = Context::new();
        let mut body = Body::new();
        let b = body.create_block();
        let i32t = ctx.i32();
        let a = body.add_block_arg(b, i32t, Location::Unknown);
        let c = body.add_block_arg(b, i32t, Location::Unknown);
        let op = body.create_op(OpSpec::new(&ctx, "test.use", Location::Unknown).operands(&[a, a, c]));
        body.append_op(b, op);
        assert_eq!(body.uses(a).count(), 2);
        body.replace_all_uses_with(a, c);
        assert!(body.use_empty(a));
        assert_eq!(body.uses(c).count(), 3);
        assert_eq!(body.operand_vec(op).as_slice(), &[c, c, c]);
        body.erase_op(op);
        assert!(body.use_empty(c));
        assert!(body.block_is_empty(b));
    }

    /// `n` ops named `test.op` appended to a new block of `r`.
    fn block_of(body: &mut Body, ctx: &Context, r: Region, n: usize) -> (Block, Vec<Op>) {
        let b = body.create_block();
        body.append_block(r, b);
        let ops = (0..n)
            .map(|_| {
                let o = body.create_op(OpSpec::new(ctx, "test.op", Location::Unknown));
                body.append_op(b, o);
                o
            })
            .collect();
        (b, ops)
    }

    fn check_block(body: &mut Body, b: Block, want: &[Op]) {
        assert_eq!(body.block_ops(b).collect::<Vec<_>>(), want);
        assert_eq!(body.first_op(b), want.first().copied());
        assert_eq!(body.last_op(b), want.last().copied());
        for (i, &o) in want.iter().enumerate() {
            assert_eq!(body.op_block(o), Some(b));
            if i > 0 {
                assert!(body.is_before_in_block(want[i - 1], o));
                assert!(!body.is_before_in_block(o, want[i - 1]));
            }
        }
    }

    #[test]
    fn split_moves_the_shorter_part_either_way() {
        let ctx = Context::new();
        for (n, at) in [(6, 1), (6, 5), (6, 3), (1, 0), (5, 0)] {
            let mut body = Body::with_root_regions(1);
            let r = body.root_regions()[0];
            let (b, ops) = block_of(&mut body, &ctx, r, n);
            let (after, _) = block_of(&mut body, &ctx, r, 1);
            let nb = body.split_block(b, Some(ops[at]));
            check_block(&mut body, b, &ops[..at]);
            check_block(&mut body, nb, &ops[at..]);
            assert_eq!(body.blocks(r).collect::<Vec<_>>(), vec![b, nb, after]);
            // The two parts go on working as blocks.
            let extra = body.create_op(OpSpec::new(&ctx, "test.op", Location::Unknown));
            body.append_op(b, extra);
            let mut front = ops[..at].to_vec();
            front.push(extra);
            check_block(&mut body, b, &front);
        }
    }

    #[test]
    fn inlining_a_block_moves_the_shorter_one() {
        let ctx = Context::new();
        // (ops in dest, ops in src, insert at the start of dest?)
        for (nd, ns, at_start) in
            [(1, 5, false), (5, 1, false), (1, 5, true), (5, 1, true), (0, 3, false), (3, 3, true)]
        {
            let mut body = Body::with_root_regions(1);
            let r = body.root_regions()[0];
            let (dest, dops) = block_of(&mut body, &ctx, r, nd);
            let (src, sops) = block_of(&mut body, &ctx, r, ns);
            let before = if at_start { dops.first().copied() } else { None };
            body.inline_block_before(src, dest, before, &[]);
            let want: Vec<Op> = if at_start {
                sops.iter().chain(&dops).copied().collect()
            } else {
                dops.iter().chain(&sops).copied().collect()
            };
            check_block(&mut body, dest, &want);
            assert_eq!(body.blocks(r).collect::<Vec<_>>(), vec![dest]);
        }
    }

    #[test]
    fn successor_slots_are_predecessor_edges() {
        let ctx = Context::new();
        let mut body = Body::with_root_regions(1);
        let r = body.root_regions()[0];
        let blocks: Vec<Block> = (0..3)
            .map(|_| {
                let b = body.create_block();
                body.append_block(r, b);
                b
            })
            .collect();
        let (b0, b1, b2) = (blocks[0], blocks[1], blocks[2]);
        let t0 = body.create_op(OpSpec::new(&ctx, "test.br2", Location::Unknown).successors(&[b1, b2]));
        body.append_op(b0, t0);
        let t1 = body.create_op(OpSpec::new(&ctx, "test.br2", Location::Unknown).successors(&[b2, b2]));
        body.append_op(b1, t1);
        let edges = |body: &Body, b| body.predecessor_edges(b).collect::<Vec<_>>();
        assert!(body.has_no_predecessors(b0));
        assert_eq!(edges(&body, b1), vec![(t0, 0)]);
        assert_eq!(edges(&body, b2), vec![(t1, 1), (t1, 0), (t0, 1)]);
        assert_eq!(body.single_predecessor(b1), Some(b0));
        assert_eq!(body.single_predecessor(b2), None);
        assert_eq!(body.unique_predecessor(b2), None);
        body.set_successor(t0, 1, b1);
        assert_eq!(edges(&body, b1), vec![(t0, 1), (t0, 0)]);
        assert_eq!(body.unique_predecessor(b1), Some(b0));
        assert_eq!(body.unique_predecessor(b2), Some(b1));
        body.erase_op(t1);
        assert!(body.has_no_predecessors(b2));
        assert_eq!(edges(&body, b1).len(), 2);
    }
}

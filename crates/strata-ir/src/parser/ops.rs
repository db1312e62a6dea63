//! Parsing of operations (generic and custom forms), regions, blocks and
//! SSA value scoping; the top level of a file (aliases, resources).
//!
//! SSA names are resolved per isolated-from-above scope: each isolated op
//! parses its regions into a fresh `Body` (its own arena), and names from
//! outside are not visible there, as in MLIR. Uses before definitions get a
//! placeholder value that the definition replaces.

use rustc_hash::FxHashMap;

use smallvec::SmallVec;

use super::{PResult, ParseOptions, ParsedModule, Parser};
use crate::attributes::Attribute;
use crate::body::{Body, OpSpec};
use crate::context::{OpName, Str};
use crate::entity::{Block, Op, Region, Value};
use crate::lexer::Tok;
use crate::location::Location;
use crate::opdef::Traits;
use crate::types::Type;

/// A use of an SSA value as written: `%name` or `%name#3`.
#[derive(Clone, Debug)]
pub struct OperandRef<'a> {
    /// The name without `%`, borrowed from the source text.
    pub name: &'a str,
    pub number: u32,
    pub loc: Location,
}

/// Entry-block argument given by a custom parser (function arguments).
pub struct EntryArg<'a> {
    pub name: OperandRef<'a>,
    pub ty: Type,
    pub loc: Option<Location>,
}

/// The op being built by a parser (MLIR's `OperationState`).
pub struct OpState {
    pub name: OpName,
    pub loc: Location,
    pub operands: SmallVec<[Value; 4]>,
    pub result_types: SmallVec<[Type; 2]>,
    pub attrs: Vec<(Str, Attribute)>,
    pub props: Option<Attribute>,
    pub successors: SmallVec<[Block; 2]>,
    pub regions: Vec<Region>,
    pub isolated: bool,
    /// The arena for an isolated op's regions, created by its first region.
    pub(crate) nested: Option<Body>,
}

impl OpState {
    pub fn add_attr(&mut self, ctx: &crate::context::Context, name: &str, value: Attribute) {
        let n = ctx.intern_str(name);
        self.attrs.retain(|e| e.0 != n);
        self.attrs.push((n, value));
    }
    pub fn get_attr(&self, ctx: &crate::context::Context, name: &str) -> Option<Attribute> {
        self.attrs.iter().find(|e| ctx.str(e.0) == name).map(|e| e.1)
    }
}

/// A named definition: `count` consecutive values from `first` (an op's
/// results or one block argument), and where it was written. Kept to 16
/// bytes: the name table of a large function holds one per value.
struct Definition {
    first: u32,
    count: u32,
    line: u32,
    col: u32,
}

impl Definition {
    fn value(&self, i: u32) -> Option<Value> {
        (i < self.count).then(|| Value(self.first + i))
    }
}

#[derive(Default)]
struct BlockScope<'a> {
    /// name -> (block, defined?, first reference location)
    blocks: FxHashMap<&'a str, (Block, bool, Location)>,
}

/// Name state of one isolated-from-above body being parsed.
struct BodyFrame<'a> {
    body: Body,
    /// The body of an isolated-from-above op: names in its root regions
    /// are never visible elsewhere, so they are not tracked per scope.
    isolated: bool,
    values: FxHashMap<&'a str, Definition>,
    /// Names defined in each open region scope (popped with the scope).
    scopes: Vec<Vec<&'a str>>,
    /// Placeholders for uses before definition: name -> ((result number,
    /// placeholder) pairs, first use). Sparse, since `%x#4000000000` is text.
    forward: FxHashMap<&'a str, (SmallVec<[(u32, Value); 1]>, Location)>,
    block_scopes: Vec<BlockScope<'a>>,
}

impl<'a> BodyFrame<'a> {
    fn new(body: Body, isolated: bool) -> BodyFrame<'a> {
        BodyFrame {
            body,
            isolated,
            values: FxHashMap::default(),
            scopes: vec![vec![]],
            forward: FxHashMap::default(),
            block_scopes: vec![],
        }
    }
}

#[derive(Default)]
pub(crate) struct ParseState<'a> {
    frames: Vec<BodyFrame<'a>>,
    /// Current op's state stack (for nested custom parsers).
    placeholder_name: Option<OpName>,
    /// MLIR's `defaultDialectStack`: `builtin` at the top level, then one
    /// entry per custom-form op being parsed, the dialect it declares for
    /// its regions or "" (an op in generic form pushes nothing, so its
    /// regions keep the enclosing default).
    default_dialects: Vec<&'static str>,
}

impl<'a> Parser<'a> {
    fn frame(&mut self) -> &mut BodyFrame<'a> {
        self.state.frames.last_mut().expect("no body frame")
    }

    /// The body ops are currently being parsed into.
    pub fn body(&mut self) -> &mut Body {
        &mut self.frame().body
    }

    // ------------------------------------------------------------------
    // Top level
    // ------------------------------------------------------------------

    pub(crate) fn parse_top_level(&mut self, implicit_module: bool) -> PResult<ParsedModule> {
        let mut top = Body::with_root_regions(1);
        let r0 = top.root_regions()[0];
        let b0 = top.create_block();
        top.append_block(r0, b0);
        self.state.frames.push(BodyFrame::new(top, false));
        self.frame().block_scopes.push(BlockScope::default());
        self.state.default_dialects.push("builtin");
        loop {
            match self.tok() {
                Tok::Eof => break,
                Tok::HashIdent if self.next_is_alias_definition() => self.parse_attr_alias_def()?,
                Tok::ExclaimIdent if self.next_is_alias_definition() => self.parse_type_alias_def()?,
                Tok::FileMetadataBegin => self.parse_file_metadata()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.body().append_op(b0, op);
                }
            }
        }
        self.check_forward_refs()?;
        if let Some((_, (_, _, loc))) = self.frame().block_scopes[0].blocks.iter().find(|(_, (_, defined, _))| !defined)
        {
            let loc = *loc;
            return self.err_at(loc, "reference to an undefined block");
        }
        let frame = self.state.frames.pop().unwrap();
        let top = frame.body;
        let ops: Vec<Op> = top.block_ops(b0).collect();
        let ctx = self.ctx;
        let module_name = ctx.op_name("builtin.module");
        if !implicit_module {
            if ops.len() != 1 {
                let loc = self.chunk_start_loc();
                return self.err_at(
                    loc,
                    "source must contain a single top-level operation, found: ".to_string() + &ops.len().to_string(),
                );
            }
            return Ok(ParsedModule { body: top, op: ops[0], resources: std::mem::take(&mut self.resources) });
        }
        if ops.len() == 1 && top.op_name(ops[0]) == module_name {
            return Ok(ParsedModule { body: top, op: ops[0], resources: std::mem::take(&mut self.resources) });
        }
        // Wrap everything in an implicit `builtin.module`: the body parsed so
        // far becomes the module's arena.
        let mut outer = Body::with_root_regions(1);
        let ob = outer.create_block();
        let or = outer.root_regions()[0];
        outer.append_block(or, ob);
        let loc = self.chunk_start_loc();
        let mut spec = OpSpec::with_name(ctx, module_name, loc);
        spec.num_regions = 1;
        spec.isolated = true;
        let m = outer.create_op(spec);
        outer.put_nested(m, Box::new(top));
        outer.append_op(ob, m);
        Ok(ParsedModule { body: outer, op: m, resources: std::mem::take(&mut self.resources) })
    }

    fn next_is_alias_definition(&self) -> bool {
        self.src[self.tok.end as usize..].trim_start().starts_with('=')
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.spelling()[1..].to_string();
        let loc = self.here();
        if name.contains('.') {
            return self.err_at(loc, "attribute names with a '.' are reserved for dialect-defined names");
        }
        let parsed_ahead = self.ahead_aliases.contains(&name);
        if self.has_attr_alias(&name) && !parsed_ahead {
            return self.err_at(loc, format!("redefinition of attribute alias id '{name}'"));
        }
        self.bump();
        self.expect(Tok::Equal, "'=' in attribute alias definition")?;
        let a = self.parse_attribute()?;
        self.ahead_aliases.retain(|n| *n != name);
        self.define_attr_alias(&name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.spelling()[1..].to_string();
        let loc = self.here();
        if name.contains('.') {
            return self.err_at(loc, "type names with a '.' are reserved for dialect-defined names");
        }
        if self.has_type_alias(&name) {
            return self.err_at(loc, format!("redefinition of type alias id '{name}'"));
        }
        self.bump();
        self.expect(Tok::Equal, "'=' in type alias definition")?;
        let t = self.parse_type()?;
        self.define_type_alias(&name, t);
        Ok(())
    }

    /// `{-# dialect_resources: { dialect: { key: "0x..." } } #-}`: entries
    /// are kept as text so they print back unchanged.
    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        loop {
            if self.eat(Tok::FileMetadataEnd) {
                return Ok(());
            }
            if self.tok() != Tok::BareIdent {
                return self.err_here("expected identifier key in file metadata dictionary");
            }
            let section = self.spelling().to_string();
            if section != "dialect_resources" && section != "external_resources" {
                return self.err_here(format!("unknown key '{section}' in file metadata dictionary"));
            }
            self.bump();
            self.expect(Tok::Colon, "':'")?;
            self.expect(Tok::LBrace, "'{'")?;
            while !self.eat(Tok::RBrace) {
                if self.tok() != Tok::BareIdent {
                    return self.err_here("expected identifier key for 'resource' entry");
                }
                let group = self.spelling().to_string();
                self.bump();
                self.expect(Tok::Colon, "':'")?;
                self.expect(Tok::LBrace, "'{'")?;
                while !self.eat(Tok::RBrace) {
                    let key = match self.tok() {
                        Tok::BareIdent => self.spelling().to_string(),
                        Tok::String => self.name_from_bytes(self.string_value())?,
                        _ => return self.err_here("expected identifier key for 'resource' entry"),
                    };
                    self.bump();
                    self.expect(Tok::Colon, "':'")?;
                    let value = match self.tok() {
                        Tok::String | Tok::BareIdent => self.spelling().to_string(),
                        _ => return self.err_here("expected string or bool value for resource entry"),
                    };
                    self.bump();
                    self.resources.push((format!("{section}/{group}"), key, value));
                    if !self.eat(Tok::Comma) {
                        self.expect(Tok::RBrace, "'}'")?;
                        break;
                    }
                }
                if !self.eat(Tok::Comma) {
                    self.expect(Tok::RBrace, "'}'")?;
                    break;
                }
            }
            if !self.eat(Tok::Comma) {
                self.expect(Tok::FileMetadataEnd, "'#-}'")?;
                return Ok(());
            }
        }
    }

    // ------------------------------------------------------------------
    // Operations
    // ------------------------------------------------------------------

    /// Parses one operation (with its results) and returns it detached.
    pub fn parse_operation(&mut self) -> PResult<Op> {
        let loc = self.here();
        // Result list.
        let mut results: SmallVec<[(&'a str, u32, Location); 2]> = SmallVec::new();
        let mut num_results = 0usize;
        if self.tok() == Tok::PercentIdent {
            loop {
                if self.tok() != Tok::PercentIdent {
                    return self.err_here("expected valid ssa identifier");
                }
                let rloc = self.here();
                let name = &self.spelling()[1..];
                self.bump();
                let mut count = 1u32;
                if self.eat(Tok::Colon) {
                    if self.tok() != Tok::Integer {
                        return self.err_here("expected integer number of results");
                    }
                    count = match self.spelling().parse::<u32>() {
                        Ok(c) if c >= 1 => c,
                        _ => return self.err_here("expected named operation to have at least 1 result"),
                    };
                    self.bump();
                }
                results.push((name, count, rloc));
                num_results += count as usize;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "'=' after SSA name")?;
        }
        // MLIR locates an op at its name token, not at its result list.
        let name_loc = self.here();
        let op = match self.tok() {
            Tok::String => {
                let outer = self.custom_op.take();
                let r = self.parse_generic_operation(name_loc);
                self.custom_op = outer;
                r?
            }
            Tok::BareIdent => self.parse_custom_operation(name_loc)?,
            _ => return self.err_wrong_token("expected operation name in quotes"),
        };
        let body = &self.state.frames.last().unwrap().body;
        let actual = body.num_results(op);
        if !results.is_empty() && actual != num_results {
            return self
                .err_at(loc, format!("operation defines {actual} results but was provided {num_results} to bind"));
        }
        // Bind result names.
        let mut next = 0usize;
        for (name, count, rloc) in results {
            let vals: SmallVec<[Value; 1]> = (next..next + count as usize).map(|i| self.body().result(op, i)).collect();
            next += count as usize;
            self.define_values(name, vals, rloc)?;
        }
        Ok(op)
    }

    fn parse_generic_operation(&mut self, loc: Location) -> PResult<Op> {
        let name_loc = self.here();
        let raw = self.string_value();
        let name = self.name_from_bytes(raw)?;
        self.bump();
        if name.is_empty() {
            return self.err_at(name_loc, "empty operation name is invalid");
        }
        let ctx = self.ctx;
        let op_name = ctx.op_name(&name);
        if ctx.op_def(op_name).is_none() {
            // MLIR reports this at the token after the name.
            let after = self.here();
            self.check_unregistered(after, &name)?;
        }
        let mut state = self.new_op_state(op_name, loc);
        // Properties the op derives from the rest of it, checked once its
        // operands are known.
        let mut derived: Vec<(Str, Attribute, Location)> = Vec::new();
        // Operands.
        self.expect(Tok::LParen, "'(' to start operand list")?;
        let mut refs = Vec::new();
        if !self.eat(Tok::RParen) {
            loop {
                refs.push(self.parse_operand_ref()?);
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "')' to end operand list")?;
            }
        }
        // Successors.
        if self.tok() == Tok::LSquare {
            if ctx.op_def(op_name).is_some_and(|d| !d.has_trait(Traits::IS_TERMINATOR)) {
                return self.err_here("successors in non-terminator");
            }
            self.bump();
            loop {
                let b = self.parse_successor_ref()?;
                state.successors.push(b);
                if self.eat(Tok::RSquare) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ']'")?;
            }
        }
        // Properties.
        if self.tok() == Tok::Less {
            self.bump();
            let ploc = self.here();
            let p = self.parse_attribute()?;
            self.expect(Tok::Greater, "'>' to close properties")?;
            if let Some(def) = ctx.op_def(op_name) {
                // Registered op: properties are its inherent attributes.
                let entries = ctx.dict_entries(p).to_vec();
                if !matches!(ctx.attr_kind(p), crate::attributes::AttrKind::Dictionary(_)) {
                    return self.err_at(ploc, "expected dictionary attribute for properties");
                }
                let class_checked = ctx
                    .dialect(ctx.op_dialect_name(op_name))
                    .and_then(|d| d.interfaces.get::<crate::dialect::ClassCheckedProperties>())
                    .map_or(&[][..], |c| c.0);
                for &(n, v) in &entries {
                    let attr_name = ctx.str(n);
                    if !class_checked.contains(&attr_name) {
                        continue;
                    }
                    let Some(spec) = def.attributes.iter().find(|a| a.name == attr_name) else { continue };
                    if !(spec.constraint.check)(ctx, v) {
                        let msg = format!(
                            "invalid properties {} for op {}: Invalid attribute `{attr_name}` in property conversion: {}",
                            crate::printer::attr_to_string(ctx, p),
                            ctx.op_name_str(op_name),
                            crate::printer::attr_to_string(ctx, v)
                        );
                        return self.err_at(loc, msg);
                    }
                }
                for (n, v) in entries {
                    if def.derived_props.is_some_and(|d| d.names.contains(&ctx.str(n))) {
                        derived.push((n, v, ploc));
                        continue;
                    }
                    if !def.is_inherent_attr(ctx.str(n)) {
                        // MLIR ignores unknown properties of registered ops with an error.
                        return self.err_at(
                            ploc,
                            format!(
                                "Invalid attribute `{}` in property conversion: {}",
                                ctx.str(n),
                                crate::printer::attr_to_string(ctx, p)
                            ),
                        );
                    }
                    state.attrs.push((n, v));
                }
            } else {
                state.props = Some(p);
            }
        }
        // Regions.
        if self.tok() == Tok::LParen {
            self.bump();
            loop {
                self.parse_region_into(&mut state, &[])?;
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "')' to end region list")?;
            }
        }
        // Attribute dictionary.
        if self.tok() == Tok::LBrace {
            for (n, v) in self.parse_dictionary_entries()? {
                state.attrs.retain(|e| e.0 != n);
                state.attrs.push((n, v));
            }
        }
        self.expect(Tok::Colon, "':' followed by operation type")?;
        let tloc = self.here();
        let fty = self.parse_type()?;
        let Some((ins, outs)) = ctx.function_signature(fty) else {
            return self.err_at(tloc, "expected function type");
        };
        let (ins, outs) = (ins.to_vec(), outs.to_vec());
        if ins.len() != refs.len() {
            return self.err_at(
                tloc,
                format!(
                    "expected {} operand type{} but had {}",
                    refs.len(),
                    if refs.len() == 1 { "" } else { "s" },
                    ins.len()
                ),
            );
        }
        for (r, t) in refs.iter().zip(ins) {
            let v = self.resolve_operand(r, t)?;
            state.operands.push(v);
        }
        state.result_types.extend(outs);
        if let Some(d) = ctx.op_def(op_name).and_then(|def| def.derived_props) {
            for (n, v, ploc) in derived {
                if let Err(why) = (d.accept)(ctx, ctx.str(n), v, state.operands.len()) {
                    return self.err_at(ploc, format!("'{}' op {why}", ctx.op_name_str(op_name)));
                }
            }
        }
        let loc = self.parse_optional_trailing_loc(loc)?;
        state.loc = loc;
        Ok(self.finish_op(state))
    }

    fn check_unregistered(&mut self, loc: Location, name: &str) -> PResult<()> {
        if self.options.allow_unregistered {
            return Ok(());
        }
        let dialect = name.split('.').next().unwrap_or("");
        if self.ctx.dialect(dialect).is_some() {
            return self.err_at(loc, format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"));
        }
        self.err_at(
            loc,
            "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used".to_string(),
        )
    }

    pub fn new_op_state(&self, name: OpName, loc: Location) -> OpState {
        let isolated = self.ctx.op_def(name).is_some_and(|d| d.has_trait(Traits::ISOLATED_FROM_ABOVE));
        OpState {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: Vec::new(),
            props: None,
            successors: SmallVec::new(),
            regions: Vec::new(),
            isolated,
            nested: None,
        }
    }

    /// Creates the op described by `state` in the current body (detached).
    pub fn finish_op(&mut self, state: OpState) -> Op {
        let ctx = self.ctx;
        let mut entries = state.attrs;
        if let Some(def) = ctx.op_def(state.name) {
            if def.defaults_as_properties() && !entries.is_empty() && def.attributes.iter().any(|a| a.populated) {
                // A default-valued property equal to its default is not
                // stored: every op, however written, holds one form.
                entries.retain(|&(n, v)| def.populated_default(ctx, ctx.str(n)) != Some(v));
            }
        }
        let mut attrs = ctx.dictionary(entries);
        if let Some(def) = ctx.op_def(state.name) {
            if let Some(populate) = def.populate_defaults {
                attrs = populate(ctx, def, attrs);
            }
        }
        let mut spec = OpSpec::with_name(ctx, state.name, state.loc);
        spec.operands = state.operands;
        spec.result_types = state.result_types;
        spec.attrs = attrs;
        spec.props = state.props;
        spec.successors = state.successors;
        spec.isolated = state.isolated;
        let body = self.body();
        if state.isolated {
            spec.num_regions = 0;
            let mut nested = state.nested.unwrap_or_default();
            // Regions are the nested body's roots, in parse order.
            nested.roots = state.regions.into_iter().collect();
            spec.num_regions = 0;
            spec.isolated = false;
            let op = body.create_op(spec);
            body.attach_nested(op, nested);
            op
        } else {
            body.create_op_with_regions(spec, &state.regions)
        }
    }

    fn parse_custom_operation(&mut self, loc: Location) -> PResult<Op> {
        let name_loc = self.here();
        let written = self.spelling();
        let ctx = self.ctx;
        let mut op_name = None;
        if written.contains('.') {
            let n = ctx.op_name(written);
            if ctx.op_def(n).is_some() {
                op_name = Some(n);
            }
        }
        let mut tried = None;
        if op_name.is_none() {
            let default = self.state.default_dialects.last().copied().unwrap_or("");
            if !written.contains('.') {
                let full = format!("{default}.{written}");
                let n = ctx.op_name(&full);
                if ctx.op_def(n).is_some() {
                    op_name = Some(n);
                }
                tried = Some((default, full));
            }
        }
        let Some(op_name) = op_name else {
            let dialect = match &tried {
                Some((d, _)) => d,
                None => written.split('.').next().unwrap_or(""),
            };
            if ctx.dialect(dialect).is_none() {
                let tried_note = match &tried {
                    Some((_, t)) => format!(" (tried '{t}' as well)"),
                    None => String::new(),
                };
                let mut names: Vec<&str> = ctx.dialect_names().collect();
                names.sort_unstable();
                let note = format!(
                    "Available dialects: {} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                    names.join(", ")
                );
                let d = crate::diagnostics::Diagnostic::error(
                    name_loc,
                    format!("Dialect `{dialect}' not found for custom op '{written}' {tried_note}"),
                )
                .with_note(name_loc, note);
                return self.err_diag(d);
            }
            let msg = match tried {
                Some((_, t)) => format!("custom op '{written}' is unknown (tried '{t}' as well)"),
                None => format!("custom op '{written}' is unknown"),
            };
            return self.err_at(name_loc, msg);
        };
        self.bump();
        let def = ctx.op_def(op_name).unwrap().clone();
        let mut state = self.new_op_state(op_name, loc);
        let outer = self.custom_op.replace(op_name);
        self.state.default_dialects.push(def.default_dialect.unwrap_or(""));
        let parsed = if let Some(custom) = def.custom_asm {
            (custom.parse)(self, &mut state)
        } else if let Some(format) = &def.format {
            crate::asm_format::parse_with_format(self, format, &def, &mut state)
        } else {
            Ok(())
        };
        self.state.default_dialects.pop();
        self.custom_op = outer;
        parsed?;
        if def.custom_asm.is_none() && def.format.is_none() {
            return self.err_at(name_loc, format!("custom op '{written}' has no custom assembly form"));
        }
        // A custom parser may have set the location (MLIR's `result.location`,
        // e.g. from a trailing location it consumed).
        let loc = self.parse_optional_trailing_loc(state.loc)?;
        state.loc = loc;
        Ok(self.finish_op(state))
    }

    // ------------------------------------------------------------------
    // SSA values
    // ------------------------------------------------------------------

    pub fn parse_operand_ref(&mut self) -> PResult<OperandRef<'a>> {
        if self.tok() != Tok::PercentIdent {
            return self.err_here("expected SSA operand");
        }
        let loc = self.here();
        let name = &self.spelling()[1..];
        self.bump();
        let mut number = 0;
        // `%x#2`: the result number follows the name directly.
        if self.src[self.tok.start as usize..].starts_with('#') && self.tok.start as usize == self.prev_end() {
            let rest = &self.src[self.tok.start as usize + 1..];
            let digits: usize = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                return self.err_here("invalid SSA value result number");
            }
            number = rest[..digits].parse::<u32>().unwrap_or(u32::MAX);
            let off = 1 + digits as u32;
            self.reset_into_token(off);
        }
        Ok(OperandRef { name, number, loc })
    }

    pub fn is_operand_next(&self) -> bool {
        self.tok() == Tok::PercentIdent
    }

    /// Looks up (or forward-declares) the value for `r` with type `ty`.
    pub fn resolve_operand(&mut self, r: &OperandRef<'a>, ty: Type) -> PResult<Value> {
        let ctx = self.ctx;
        let frame = self.state.frames.last().unwrap();
        if let Some(def) = frame.values.get(r.name) {
            let Some(v) = def.value(r.number) else {
                return self.err_at(r.loc, "reference to invalid result number");
            };
            let (def_count, def_loc) =
                (def.count, Location::FileLineCol { file: self.file, line: def.line, col: def.col });
            let vt = frame.body.value_type(v);
            if vt != ty {
                return self.err_diag(
                    crate::diagnostics::Diagnostic::error(
                        r.loc,
                        format!(
                            "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                            if r.number == 0 && def_count == 1 {
                                r.name.to_string()
                            } else {
                                format!("{}#{}", r.name, r.number)
                            },
                            crate::printer::type_to_string(ctx, ty),
                            crate::printer::type_to_string(ctx, vt)
                        ),
                    )
                    .with_note(def_loc, "prior use here"),
                );
            }
            return Ok(v);
        }
        // Forward reference.
        let placeholder_name =
            *self.state.placeholder_name.get_or_insert_with(|| ctx.op_name("builtin.forward_ref_placeholder"));
        let frame = self.state.frames.last_mut().unwrap();
        let entry = frame.forward.entry(r.name).or_insert_with(|| (SmallVec::new(), r.loc));
        if let Some(&(_, existing)) = entry.0.iter().find(|(n, _)| *n == r.number) {
            let vt = frame.body.value_type(existing);
            let first_use = entry.1;
            if vt != ty {
                return self.err_diag(
                    crate::diagnostics::Diagnostic::error(
                        r.loc,
                        format!(
                            "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                            r.name,
                            crate::printer::type_to_string(ctx, ty),
                            crate::printer::type_to_string(ctx, vt)
                        ),
                    )
                    .with_note(first_use, "prior use here"),
                );
            }
            return Ok(existing);
        }
        let spec = OpSpec::with_name(ctx, placeholder_name, r.loc).results(&[ty]);
        let op = frame.body.create_op(spec);
        let v = frame.body.result(op, 0);
        let entry = frame.forward.get_mut(r.name).unwrap();
        entry.0.push((r.number, v));
        Ok(v)
    }

    /// MLIR words a region entry argument that reuses a visible name
    /// differently from an op result redefining one.
    fn check_entry_arg_unused(&mut self, name: &'a str, loc: Location) -> PResult<()> {
        let frame = self.state.frames.last().unwrap();
        if let Some(prev) = frame.values.get(name) {
            let prev_loc = Location::FileLineCol { file: self.file, line: prev.line, col: prev.col };
            return self.err_diag(
                crate::diagnostics::Diagnostic::error(
                    loc,
                    format!("region entry argument '%{name}' is already in use"),
                )
                .with_note(prev_loc, "previously referenced here"),
            );
        }
        Ok(())
    }

    fn define_values(&mut self, name: &'a str, values: SmallVec<[Value; 1]>, loc: Location) -> PResult<()> {
        let frame = self.state.frames.last_mut().unwrap();
        if let Some(prev) = frame.values.get(name) {
            let prev_loc = Location::FileLineCol { file: self.file, line: prev.line, col: prev.col };
            return self.err_diag(
                crate::diagnostics::Diagnostic::error(loc, format!("redefinition of SSA value '%{name}'"))
                    .with_note(prev_loc, "previously defined here"),
            );
        }
        // Forward references are rare: skip the lookup when there are none.
        let pending = if frame.forward.is_empty() { None } else { frame.forward.remove(name) };
        if let Some((placeholders, _)) = pending {
            for (i, p) in placeholders {
                let i = i as usize;
                let Some(&v) = values.get(i) else {
                    return self.err_at(loc, "reference to invalid result number");
                };
                let frame = self.state.frames.last_mut().unwrap();
                let (pt, vt) = (frame.body.value_type(p), frame.body.value_type(v));
                if pt != vt {
                    let ctx = self.ctx;
                    return self.err_at(
                        loc,
                        format!(
                            "definition of SSA value '%{name}#{i}' has type '{}' but was used with type '{}'",
                            crate::printer::type_to_string(ctx, vt),
                            crate::printer::type_to_string(ctx, pt)
                        ),
                    );
                }
                let frame = self.state.frames.last_mut().unwrap();
                frame.body.replace_all_uses_with(p, v);
                let pop = frame.body.defining_op(p).unwrap();
                frame.body.erase_op(pop);
            }
        }
        let frame = self.state.frames.last_mut().unwrap();
        let (line, col) = match loc {
            Location::FileLineCol { line, col, .. } => (line, col),
            _ => (0, 0),
        };
        debug_assert!(values.windows(2).all(|w| w[1].0 == w[0].0 + 1), "definitions are consecutive values");
        let first = values.first().map_or(u32::MAX, |v| v.0);
        frame.values.insert(name, Definition { first, count: values.len() as u32, line, col });
        // The root regions of an isolated body are cleared whole when they end.
        if !(frame.isolated && frame.scopes.len() == 2) {
            frame.scopes.last_mut().unwrap().push(name);
        }
        Ok(())
    }

    fn check_forward_refs(&mut self) -> PResult<()> {
        let frame = self.state.frames.last().unwrap();
        if let Some((name, (_, loc))) = frame.forward.iter().min_by_key(|(_, (_, l))| match l {
            Location::FileLineCol { line, col, .. } => (*line, *col),
            _ => (0, 0),
        }) {
            let (name, loc) = (name.to_string(), *loc);
            return self.err_at(loc, format!("use of undeclared SSA value name '%{name}'"));
        }
        Ok(())
    }

    // ------------------------------------------------------------------
    // Regions and blocks
    // ------------------------------------------------------------------

    /// Parses `{ ... }` as the next region of `state`. `entry_args` are the
    /// entry block's arguments when the custom syntax declares them.
    pub fn parse_region_into(&mut self, state: &mut OpState, entry_args: &[EntryArg<'a>]) -> PResult<()> {
        self.enter()?;
        let r = self.parse_region_into_inner(state, entry_args);
        self.leave();
        r
    }

    fn parse_region_into_inner(&mut self, state: &mut OpState, entry_args: &[EntryArg<'a>]) -> PResult<()> {
        let isolated = state.isolated;
        if isolated {
            let nested = state.nested.take().unwrap_or_default();
            let frame = BodyFrame::new(nested, true);
            self.state.frames.push(frame);
            let r = self.parse_region_in_frame(entry_args, true);
            let mut frame = self.state.frames.pop().unwrap();
            if r.is_ok() {
                // Unresolved forward references inside an isolated body are errors.
                self.state.frames.push(frame);
                let check = self.check_forward_refs();
                frame = self.state.frames.pop().unwrap();
                check?;
            }
            let region = r?;
            state.regions.push(region);
            state.nested = Some(frame.body);
            Ok(())
        } else {
            let r = self.parse_region_in_frame(entry_args, false);
            state.regions.push(r?);
            Ok(())
        }
    }

    /// Parses a region into the current frame's body as a detached region.
    fn parse_region_in_frame(&mut self, entry_args: &[EntryArg<'a>], isolated: bool) -> PResult<Region> {
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        let region = self.body().create_detached_region();
        self.frame().scopes.push(vec![]);
        self.frame().block_scopes.push(BlockScope::default());
        let result = self.parse_region_body(region, entry_args);
        // Pop value and block scopes (an isolated frame is dropped whole,
        // so its names need no removal one by one).
        let names = self.frame().scopes.pop().unwrap_or_default();
        if isolated && self.frame().scopes.len() == 1 {
            // A root region of an isolated body: nothing outlives it.
            self.frame().values.clear();
        } else {
            for n in names {
                self.frame().values.remove(n);
            }
        }
        let blocks = self.frame().block_scopes.pop().unwrap_or_default();
        result?;
        if let Some((_, (_, _, loc))) = blocks.blocks.iter().find(|(_, (_, defined, _))| !defined) {
            let loc = *loc;
            return self.err_at(loc, "reference to an undefined block");
        }
        Ok(region)
    }

    fn parse_region_body(&mut self, region: Region, entry_args: &[EntryArg<'a>]) -> PResult<()> {
        // `{}` is a block-less region only when the op gives it no entry
        // arguments: with arguments (an `affine.for` induction variable, a
        // function's parameters) MLIR's `parseRegion` still creates the entry
        // block that holds them, so `{}` is an empty entry block.
        if entry_args.is_empty() && self.eat(Tok::RBrace) {
            return Ok(());
        }
        // Entry block: implicit unless the region starts with a label.
        let entry = self.body().create_block();
        self.body().append_block(region, entry);
        if !entry_args.is_empty() {
            for a in entry_args {
                let loc = a.loc.unwrap_or(a.name.loc);
                let v = self.body().add_block_arg(entry, a.ty, loc);
                if !a.name.name.is_empty() {
                    self.check_entry_arg_unused(a.name.name, a.name.loc)?;
                    self.define_values(a.name.name, smallvec::smallvec![v], a.name.loc)?;
                }
            }
        }
        let mut current = entry;
        if self.tok() == Tok::CaretIdent {
            if !entry_args.is_empty() {
                return self.err_here("invalid block name in region with named arguments");
            }
            // The first block carries a label: parse it as the entry block.
            self.parse_block_label(entry)?;
        }
        loop {
            match self.tok() {
                Tok::RBrace => {
                    self.bump();
                    return Ok(());
                }
                Tok::CaretIdent => {
                    let b = self.block_for_label()?;
                    self.body().append_block(region, b);
                    self.parse_block_label(b)?;
                    current = b;
                }
                // At the end of input MLIR tries to parse one more op, so
                // an unclosed region reports the missing op name.
                _ => {
                    let op = self.parse_operation()?;
                    self.body().append_op(current, op);
                }
            }
        }
    }

    /// The block for the label at the cursor (creating it, or taking the
    /// one a branch already referred to); errors on redefinition.
    fn block_for_label(&mut self) -> PResult<Block> {
        let name = &self.spelling()[1..];
        let loc = self.here();
        let scope = self.frame().block_scopes.last().unwrap();
        match scope.blocks.get(name) {
            Some((_, true, _)) => self.err_at(loc, format!("redefinition of block '^{name}'")),
            Some((b, false, _)) => Ok(*b),
            None => Ok(self.body().create_block()),
        }
    }

    /// `^name(%a: t loc(..), ...):` for block `b`.
    fn parse_block_label(&mut self, b: Block) -> PResult<()> {
        let name = &self.spelling()[1..];
        let loc = self.here();
        {
            let scope = self.frame().block_scopes.last().unwrap();
            if let Some((_, true, _)) = scope.blocks.get(name) {
                return self.err_at(loc, format!("redefinition of block '^{name}'"));
            }
        }
        self.frame().block_scopes.last_mut().unwrap().blocks.insert(name, (b, true, loc));
        self.bump();
        if self.eat(Tok::LParen) && !self.eat(Tok::RParen) {
            loop {
                let r = self.parse_operand_ref()?;
                self.expect(Tok::Colon, "':' and type for SSA value")?;
                let ty = self.parse_type()?;
                let aloc = self.parse_optional_trailing_loc(r.loc)?;
                let v = self.body().add_block_arg(b, ty, aloc);
                self.define_values(r.name, smallvec::smallvec![v], r.loc)?;
                if self.eat(Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "')' to end argument list")?;
            }
        }
        self.expect(Tok::Colon, "':' after block name")?;
        Ok(())
    }

    /// `^name` as a branch target: returns the (possibly forward) block.
    pub fn parse_successor_ref(&mut self) -> PResult<Block> {
        if self.tok() != Tok::CaretIdent {
            return self.err_here("expected block name");
        }
        let name = &self.spelling()[1..];
        let loc = self.here();
        self.bump();
        let frame = self.state.frames.last_mut().unwrap();
        let Some(scope) = frame.block_scopes.last_mut() else {
            return self.err_at(loc, "successors are only allowed inside regions");
        };
        if let Some((b, _, _)) = scope.blocks.get(name) {
            return Ok(*b);
        }
        let b = frame.body.create_block();
        frame.block_scopes.last_mut().unwrap().blocks.insert(name, (b, false, loc));
        Ok(b)
    }

    /// `{ attr-dict }` if present.
    pub fn parse_optional_attr_dict(&mut self, state: &mut OpState) -> PResult<()> {
        if self.tok() == Tok::LBrace {
            for (n, v) in self.parse_dictionary_entries()? {
                if state.attrs.iter().any(|e| e.0 == n) {
                    let loc = self.here();
                    return self.err_at(
                        loc,
                        format!("attribute '{}' occurs more than once in the attribute list", self.ctx.str(n)),
                    );
                }
                state.attrs.push((n, v));
            }
        }
        Ok(())
    }

    /// `attributes {...}` if present (for ops printed with
    /// `attr-dict-with-keyword`).
    pub fn parse_optional_attr_dict_with_keyword(&mut self, state: &mut OpState) -> PResult<()> {
        if self.eat_keyword("attributes") {
            if self.tok() != Tok::LBrace {
                return self.err_here("expected '{' in attribute dictionary");
            }
            return self.parse_optional_attr_dict(state);
        }
        Ok(())
    }

    /// Gives the last parsed region an empty block if it has none (for
    /// `SingleBlock` + `NoTerminator` ops such as `builtin.module`).
    pub fn ensure_single_block(&mut self, state: &mut OpState) {
        let Some(&r) = state.regions.last() else { return };
        let body = if state.isolated { state.nested.get_or_insert_with(Body::default) } else { self.body() };
        if body.region_is_empty(r) {
            let b = body.create_block();
            body.append_block(r, b);
        }
    }

    /// True if the region `state` parsed last has no block (the text was
    /// `{}` and the op gave it no entry arguments).
    pub fn last_region_is_empty(&mut self, state: &OpState) -> bool {
        let Some(&r) = state.regions.last() else { return false };
        match &state.nested {
            Some(nested) => nested.region_is_empty(r),
            None => self.body().region_is_empty(r),
        }
    }

    /// Adds an empty region to `state` (a function declaration's body).
    pub fn add_empty_region(&mut self, state: &mut OpState) {
        let r = if state.isolated {
            state.nested.get_or_insert_with(Body::default).create_detached_region()
        } else {
            self.body().create_detached_region()
        };
        state.regions.push(r);
    }

    pub fn options(&self) -> ParseOptions {
        self.options
    }
}

impl Body {
    /// Creates a region not yet attached to an op (for the parser).
    pub(crate) fn create_detached_region(&mut self) -> Region {
        let r = Region(self.regions.len() as u32);
        self.regions.push(crate::body::RegionData {
            parent: crate::entity::NONE,
            first_block: crate::entity::NONE,
            last_block: crate::entity::NONE,
        });
        r
    }

    /// Creates an op whose regions were parsed beforehand.
    pub(crate) fn create_op_with_regions(&mut self, mut spec: OpSpec, regions: &[Region]) -> Op {
        spec.num_regions = 0;
        spec.isolated = false;
        let needs_extra = !regions.is_empty();
        let op = self.create_op(spec);
        if needs_extra {
            let idx = self.ops[op.index()].extra;
            let e = if idx == crate::entity::NONE {
                let i = self.extras.len() as u32;
                self.extras.push(Default::default());
                self.ops[op.index()].extra = i;
                i
            } else {
                idx
            };
            for &r in regions {
                self.regions[r.index()].parent = op.0;
                self.extras[e as usize].regions.push(r);
            }
        }
        op
    }

    /// Gives `op` the arena `nested` for its regions.
    pub(crate) fn attach_nested(&mut self, op: Op, mut nested: Body) {
        for &r in nested.roots.clone().iter() {
            nested.regions[r.index()].parent = crate::entity::NONE;
        }
        let idx = self.ops[op.index()].extra;
        let e = if idx == crate::entity::NONE {
            let i = self.extras.len() as u32;
            self.extras.push(Default::default());
            self.ops[op.index()].extra = i;
            i
        } else {
            idx
        };
        self.extras[e as usize].nested = Some(Box::new(nested));
    }
}

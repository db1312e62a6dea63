//! The `Context`: owner of every uniqued type, attribute and identifier, and
//! of the registry of dialects and operations.
//!
//! A context is shared (`&Context`, `Sync`) by everything that works on IR,
//! including passes running on several functions at once; creating a type or
//! attribute from any thread is safe (see `intern.rs`).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::attributes::{AttrKind, Attribute};
use crate::dialect::DialectDef;
use crate::intern::Interner;
use crate::opdef::OpDef;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// Handle to an interned identifier or string.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Str(pub(crate) u32);

/// Handle to an operation name (registered or not).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpName(pub(crate) u32);

/// What the context knows about an operation name.
pub struct OpNameInfo {
    pub name: Str,
    /// The op's definition if its dialect is registered.
    pub def: Option<Arc<OpDef>>,
}

impl PartialEq for OpNameInfo {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for OpNameInfo {}
impl Hash for OpNameInfo {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}
impl std::borrow::Borrow<Str> for OpNameInfo {
    fn borrow(&self) -> &Str {
        &self.name
    }
}

/// Handles created once per context for hot paths.
pub(crate) struct Common {
    pub i1: Type,
    pub i32: Type,
    pub i64: Type,
    pub index: Type,
    pub none: Type,
    pub f32: Type,
    pub f64: Type,
    pub unit: Attribute,
    pub true_attr: Attribute,
    pub false_attr: Attribute,
    pub empty_dict: Attribute,
}

pub struct Context {
    strings: Interner<Box<str>>,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    op_names: Interner<OpNameInfo>,
    pub(crate) common: Common,
    dialects: HashMap<String, Arc<DialectDef>>,
    /// Distinguishes contexts for caches that outlive one (`op_name_is.rs`).
    pub(crate) id: u64,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// A number no other context of this process has: with an interned
    /// (immutable) attribute or type, a key for caches of facts about it
    /// that outlive one call.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// A context with the builtin dialect registered.
    pub fn new() -> Context {
        let strings = Interner::new();
        let types = Interner::new();
        let attrs = Interner::new();
        let t = |k| Type(types.intern(k));
        let int = |w| TypeKind::Integer { width: w, signedness: Signedness::Signless };
        let i1 = t(int(1));
        let i32 = t(int(32));
        let i64 = t(int(64));
        let index = t(TypeKind::Index);
        let none = t(TypeKind::None);
        let f32 = t(TypeKind::Float(FloatKind::F32));
        let f64 = t(TypeKind::Float(FloatKind::F64));
        let a = |k| Attribute(attrs.intern(k));
        let common = Common {
            i1,
            i32,
            i64,
            index,
            none,
            f32,
            f64,
            unit: a(AttrKind::Unit),
            true_attr: a(AttrKind::Bool(true)),
            false_attr: a(AttrKind::Bool(false)),
            empty_dict: a(AttrKind::Dictionary(Box::new([]))),
        };
        let mut ctx = Context {
            strings,
            types,
            attrs,
            op_names: Interner::new(),
            common,
            dialects: HashMap::new(),
            id: crate::op_name_is::next_context_id(),
        };
        crate::builtin::register(&mut ctx);
        ctx
    }

    // ---- strings ----

    pub fn intern_str(&self, s: &str) -> Str {
        Str(self.strings.intern_with(s, || s.into()))
    }
    #[inline]
    pub fn str(&self, s: Str) -> &str {
        self.strings.get(s.0)
    }

    // ---- types and attributes ----

    pub fn intern_type(&self, kind: TypeKind) -> Type {
        Type(self.types.intern(kind))
    }
    #[inline]
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }
    pub fn float_kind(&self, t: Type) -> Option<FloatKind> {
        match self.type_kind(t) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }

    pub fn intern_attr(&self, kind: AttrKind) -> Attribute {
        // An i1 integer is MLIR's BoolAttr: keep one representation.
        if let AttrKind::Integer { value, ty } = &kind {
            if *ty == self.common.i1 {
                return self.bool_attr(!value.is_zero());
            }
        }
        Attribute(self.attrs.intern(kind))
    }
    #[inline]
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        self.attrs.get(a.0)
    }

    pub fn num_types(&self) -> usize {
        self.types.len()
    }
    pub fn num_attrs(&self) -> usize {
        self.attrs.len()
    }

    // ---- dialects and operations ----

    pub fn register_dialect(&mut self, dialect: DialectDef) {
        let dialect = Arc::new(dialect);
        for op in &dialect.ops {
            let name = self.intern_str(&op.name);
            self.op_names.intern(OpNameInfo { name, def: Some(op.clone()) });
        }
        self.dialects.insert(dialect.name.clone(), dialect);
    }

    pub fn dialect(&self, name: &str) -> Option<&Arc<DialectDef>> {
        self.dialects.get(name)
    }

    pub fn dialect_names(&self) -> impl Iterator<Item = &str> {
        self.dialects.keys().map(|s| s.as_str())
    }

    /// The handle for an operation name; unknown names become unregistered ops.
    pub fn op_name(&self, name: &str) -> OpName {
        let s = self.intern_str(name);
        OpName(self.op_names.intern_with(&s, || OpNameInfo { name: s, def: None }))
    }

    /// The handle of an op name already known to the context, interning nothing.
    pub fn find_op_name(&self, name: &str) -> Option<OpName> {
        let s = Str(self.strings.find(name)?);
        Some(OpName(self.op_names.find(&s)?))
    }

    pub fn op_name_info(&self, name: OpName) -> &OpNameInfo {
        self.op_names.get(name.0)
    }
    pub fn op_name_str(&self, name: OpName) -> &str {
        self.str(self.op_names.get(name.0).name)
    }
    /// The dialect namespace of an op name (`arith` for `arith.addi`).
    pub fn op_dialect_name(&self, name: OpName) -> &str {
        let full = self.op_name_str(name);
        full.split_once('.').map_or(full, |(d, _)| d)
    }
    #[inline]
    pub fn op_def(&self, name: OpName) -> Option<&Arc<OpDef>> {
        self.op_names.get(name.0).def.as_ref()
    }
}

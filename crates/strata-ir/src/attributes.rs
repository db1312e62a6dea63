//! Builtin attributes and the uniqued `Attribute` handle.
//!
//! Like types, attributes are interned in the context: a handle is a `u32`
//! and equal handles mean equal attributes, which keeps attribute
//! dictionaries, CSE keys and constant uniquing cheap.

use crate::affine::{AffineMap, IntegerSet};
use crate::apint::ApInt;
use crate::context::{Context, Str};
use crate::location::LocData;
use crate::types::{Param, Type};

/// Handle to a uniqued attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attribute(pub(crate) u32);

impl Attribute {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Element payload of a `dense<...>` attribute: every element of an integer
/// or float type stored as its bit pattern, `bytes_per_element` little-endian
/// bytes each (complex elements hold two parts). A splat holds one element.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DenseData {
    pub splat: bool,
    pub bytes: Box<[u8]>,
}

/// The stored form of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    Unit,
    Bool(bool),
    Integer {
        value: ApInt,
        ty: Type,
    },
    /// A float constant: the raw bit pattern in the format of `ty`.
    Float {
        bits: u128,
        ty: Type,
    },
    /// A string; MLIR strings are byte strings and may hold any byte.
    String {
        value: Box<[u8]>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Box<[Attribute]>),
    /// Entries sorted by name, names unique.
    Dictionary(Box<[(Str, Attribute)]>),
    SymbolRef {
        root: Str,
        nested: Box<[Str]>,
    },
    DenseElements {
        ty: Type,
        data: DenseData,
    },
    DenseStrings {
        ty: Type,
        splat: bool,
        values: Box<[Box<[u8]>]>,
    },
    DenseResource {
        ty: Type,
        handle: Str,
    },
    /// `sparse<indices, values> : ty`: `indices` is a dense `i64` tensor of
    /// shape `[nnz, rank]` (or `[nnz]`), `values` a dense 1-D tensor of `nnz`
    /// elements; every other element is zero.
    SparseElements {
        ty: Type,
        indices: Attribute,
        values: Attribute,
    },
    DenseArray {
        element: Type,
        data: Box<[u8]>,
        len: usize,
    },
    AffineMap(AffineMap),
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>` memref layout; `DYNAMIC` marks `?`.
    Strided {
        strides: Box<[i64]>,
        offset: i64,
    },
    /// `#dialect.body` (or `#dialect<body>`) of an unknown dialect, kept verbatim.
    Opaque {
        dialect: Str,
        body: Str,
        ty: Option<Type>,
    },
    /// An attribute of a registered dialect (`#arith.fastmath<fast>`).
    Dialect {
        dialect: Str,
        name: Str,
        params: Box<[Param]>,
    },
    Location(LocData),
    /// `distinct[N]<attr>`: unique by its id.
    Distinct {
        id: u64,
        referenced: Attribute,
    },
}

impl Context {
    pub fn unit_attr(&self) -> Attribute {
        self.common.unit
    }
    pub fn bool_attr(&self, value: bool) -> Attribute {
        if value {
            self.common.true_attr
        } else {
            self.common.false_attr
        }
    }
    pub fn empty_dictionary(&self) -> Attribute {
        self.common.empty_dict
    }
    pub fn integer_attr(&self, ty: Type, value: i64) -> Attribute {
        let width = self.int_attr_width(ty);
        self.intern_attr(AttrKind::Integer { value: ApInt::from_i64(width, value), ty })
    }
    pub fn integer_attr_ap(&self, ty: Type, value: ApInt) -> Attribute {
        self.intern_attr(AttrKind::Integer { value, ty })
    }
    /// Width of the integer held by an integer attribute of type `ty`
    /// (`index` is stored with 64 bits, as MLIR does).
    pub fn int_attr_width(&self, ty: Type) -> u32 {
        match self.type_kind(ty) {
            crate::types::TypeKind::Integer { width, .. } => *width,
            _ => 64,
        }
    }
    pub fn float_attr_bits(&self, ty: Type, bits: u128) -> Attribute {
        self.intern_attr(AttrKind::Float { bits, ty })
    }
    pub fn f64_attr(&self, ty: Type, value: f64) -> Attribute {
        let bits = crate::apfloat::from_f64(self.float_kind(ty).unwrap_or(crate::types::FloatKind::F64), value);
        self.float_attr_bits(ty, bits)
    }
    pub fn string_attr(&self, value: &str) -> Attribute {
        self.intern_attr(AttrKind::String { value: value.as_bytes().into(), ty: None })
    }
    pub fn type_attr(&self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }
    pub fn array_attr(&self, elements: &[Attribute]) -> Attribute {
        self.intern_attr(AttrKind::Array(elements.into()))
    }
    pub fn symbol_ref(&self, root: &str) -> Attribute {
        let root = self.intern_str(root);
        self.intern_attr(AttrKind::SymbolRef { root, nested: Box::new([]) })
    }
    /// Builds a dictionary; later entries with a repeated name win.
    pub fn dictionary(&self, mut entries: Vec<(Str, Attribute)>) -> Attribute {
        if entries.is_empty() {
            return self.common.empty_dict;
        }
        entries.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        entries.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                earlier.1 = later.1;
                true
            } else {
                false
            }
        });
        self.intern_attr(AttrKind::Dictionary(entries.into()))
    }

    // ---- queries ----

    pub fn dict_entries(&self, a: Attribute) -> &[(Str, Attribute)] {
        match self.attr_kind(a) {
            AttrKind::Dictionary(entries) => entries,
            _ => &[],
        }
    }
    pub fn dict_get(&self, a: Attribute, name: &str) -> Option<Attribute> {
        let entries = self.dict_entries(a);
        entries.binary_search_by(|e| self.str(e.0).cmp(name)).ok().map(|i| entries[i].1)
    }
    /// Returns the dictionary with `name` set to `value` (or removed when `None`).
    pub fn dict_with(&self, a: Attribute, name: Str, value: Option<Attribute>) -> Attribute {
        let mut entries: Vec<_> = self.dict_entries(a).iter().filter(|e| e.0 != name).cloned().collect();
        if let Some(v) = value {
            entries.push((name, v));
        }
        self.dictionary(entries)
    }
    pub fn as_integer(&self, a: Attribute) -> Option<&ApInt> {
        match self.attr_kind(a) {
            AttrKind::Integer { value, .. } => Some(value),
            _ => None,
        }
    }
    pub fn as_i64(&self, a: Attribute) -> Option<i64> {
        match self.attr_kind(a) {
            AttrKind::Integer { value, .. } => Some(value.to_i64()),
            AttrKind::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }
    pub fn as_string(&self, a: Attribute) -> Option<&[u8]> {
        match self.attr_kind(a) {
            AttrKind::String { value, .. } => Some(value),
            _ => None,
        }
    }
    pub fn as_type(&self, a: Attribute) -> Option<Type> {
        match self.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
    pub fn as_array(&self, a: Attribute) -> Option<&[Attribute]> {
        match self.attr_kind(a) {
            AttrKind::Array(v) => Some(v),
            _ => None,
        }
    }
    /// The type an attribute carries (MLIR's `TypedAttr`), if any.
    pub fn attr_type(&self, a: Attribute) -> Option<Type> {
        match self.attr_kind(a) {
            AttrKind::Bool(_) => Some(self.i1()),
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
            AttrKind::String { ty, .. } => *ty,
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::SparseElements { ty, .. } => Some(*ty),
            _ => None,
        }
    }
}

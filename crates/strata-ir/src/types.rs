//! Builtin types and the uniqued `Type` handle.
//!
//! A `Type` is a `u32` index into the context's type table; two handles are
//! equal exactly when the types are. `TypeKind` is the stored form. Dialect
//! types that Strata registers (e.g. `!toy.struct<...>`) use `TypeKind::Dialect`
//! with parameters and a printer/parser registered by their dialect; types of
//! unregistered dialects keep their body text verbatim in `TypeKind::Opaque`.

use crate::attributes::Attribute;
use crate::context::{Context, Str};

/// Handle to a uniqued type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

impl Type {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The marker for a dynamic dimension (`?`), as MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// Floating-point formats of the builtin dialect, with their MLIR spelling.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.iter().copied().find(|k| k.keyword() == s)
    }

    /// Storage width in bits (the width MLIR reports for the type).
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

/// A parameter of a registered dialect type or attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Param {
    Type(Type),
    Attr(Attribute),
    Int(i64),
    Str(Str),
}

/// The stored form of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Complex(Type),
    Tuple(Box<[Type]>),
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    RankedTensor {
        shape: Box<[i64]>,
        element: Type,
        encoding: Option<Attribute>,
    },
    UnrankedTensor {
        element: Type,
    },
    MemRef {
        shape: Box<[i64]>,
        element: Type,
        layout: Option<Attribute>,
        memory_space: Option<Attribute>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attribute>,
    },
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        element: Type,
    },
    /// `!dialect.body` of a dialect Strata does not know; `body` is the text
    /// after the dialect namespace and the dot, kept verbatim.
    Opaque {
        dialect: Str,
        body: Str,
    },
    /// A type of a registered dialect (`!toy.struct<...>`).
    Dialect {
        dialect: Str,
        name: Str,
        params: Box<[Param]>,
    },
}

impl Context {
    pub fn integer_type(&self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness: Signedness::Signless })
    }
    pub fn integer_type_with(&self, width: u32, signedness: Signedness) -> Type {
        // The common types skip the interner's lock and hash.
        if signedness == Signedness::Signless {
            match width {
                1 => return self.common.i1,
                32 => return self.common.i32,
                64 => return self.common.i64,
                _ => {}
            }
        }
        self.intern_type(TypeKind::Integer { width, signedness })
    }
    pub fn i1(&self) -> Type {
        self.common.i1
    }
    pub fn i32(&self) -> Type {
        self.common.i32
    }
    pub fn i64(&self) -> Type {
        self.common.i64
    }
    pub fn index_type(&self) -> Type {
        self.common.index
    }
    pub fn none_type(&self) -> Type {
        self.common.none
    }
    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }
    pub fn f32(&self) -> Type {
        self.common.f32
    }
    pub fn f64(&self) -> Type {
        self.common.f64
    }
    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeKind::Function { inputs: inputs.into(), results: results.into() })
    }
    pub fn ranked_tensor_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeKind::RankedTensor { shape: shape.into(), element, encoding: None })
    }
    pub fn unranked_tensor_type(&self, element: Type) -> Type {
        self.intern_type(TypeKind::UnrankedTensor { element })
    }
    pub fn memref_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeKind::MemRef { shape: shape.into(), element, layout: None, memory_space: None })
    }
    pub fn vector_type(&self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeKind::Vector { shape: shape.into(), scalable: vec![false; shape.len()].into(), element })
    }

    // ---- queries ----

    pub fn is_integer(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::Integer { .. })
    }
    pub fn is_signless_integer(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. })
    }
    pub fn is_signless_integer_of_width(&self, t: Type, w: u32) -> bool {
        matches!(self.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, width } if *width == w)
    }
    pub fn is_index(&self, t: Type) -> bool {
        t == self.common.index
    }
    pub fn is_float(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::Float(_))
    }
    /// Bit width of an integer or float type.
    pub fn int_or_float_width(&self, t: Type) -> Option<u32> {
        match self.type_kind(t) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(k) => Some(k.width()),
            _ => None,
        }
    }
    pub fn is_shaped(&self, t: Type) -> bool {
        matches!(
            self.type_kind(t),
            TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
        )
    }
    pub fn is_tensor(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
    }
    pub fn is_vector(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::Vector { .. })
    }
    /// Element type of a shaped type, or the type itself otherwise
    /// (MLIR's `getElementTypeOrSelf`).
    pub fn element_type_or_self(&self, t: Type) -> Type {
        self.element_type(t).unwrap_or(t)
    }
    pub fn element_type(&self, t: Type) -> Option<Type> {
        match self.type_kind(t) {
            TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. }
            | TypeKind::Vector { element, .. } => Some(*element),
            _ => None,
        }
    }
    /// Shape of a ranked shaped type.
    pub fn shape(&self, t: Type) -> Option<&[i64]> {
        match self.type_kind(t) {
            TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }
    pub fn function_signature(&self, t: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(t) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
    /// The same container shape with another element type (for i1 results of
    /// comparisons): scalars map to `element` itself.
    pub fn with_element_type(&self, t: Type, element: Type) -> Type {
        match self.type_kind(t).clone() {
            TypeKind::RankedTensor { shape, encoding, .. } => {
                self.intern_type(TypeKind::RankedTensor { shape, element, encoding })
            }
            TypeKind::UnrankedTensor { .. } => self.intern_type(TypeKind::UnrankedTensor { element }),
            TypeKind::Vector { shape, scalable, .. } => self.intern_type(TypeKind::Vector { shape, scalable, element }),
            TypeKind::MemRef { shape, layout, memory_space, .. } => {
                self.intern_type(TypeKind::MemRef { shape, element, layout, memory_space })
            }
            TypeKind::UnrankedMemRef { memory_space, .. } => {
                self.intern_type(TypeKind::UnrankedMemRef { element, memory_space })
            }
            _ => element,
        }
    }
}

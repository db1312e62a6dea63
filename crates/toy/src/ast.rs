//! The Toy abstract syntax tree: a module of functions (and, from chapter 7,
//! struct definitions), whose bodies are lists of expressions.

use crate::lexer::Loc;

/// A variable's declared type: a shape (`<2, 3>`, empty when unknown) or,
/// from chapter 7, the name of a struct.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarType {
    pub name: String,
    pub shape: Vec<i64>,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub loc: Loc,
    pub name: String,
    pub ty: VarType,
    pub init: Option<Box<Expr>>,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Number {
        loc: Loc,
        value: f64,
    },
    /// A tensor literal; `dims` are the literal's shape.
    Literal {
        loc: Loc,
        values: Vec<Expr>,
        dims: Vec<i64>,
    },
    StructLiteral {
        loc: Loc,
        values: Vec<Expr>,
    },
    Var {
        loc: Loc,
        name: String,
    },
    VarDecl(VarDecl),
    Return {
        loc: Loc,
        expr: Option<Box<Expr>>,
    },
    /// `op` is the operator character (`+`, `*`, `-`, `.`).
    BinOp {
        loc: Loc,
        op: u8,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Call {
        loc: Loc,
        callee: String,
        args: Vec<Expr>,
    },
    Print {
        loc: Loc,
        arg: Box<Expr>,
    },
}

impl Expr {
    pub fn loc(&self) -> Loc {
        match self {
            Expr::Number { loc, .. }
            | Expr::Literal { loc, .. }
            | Expr::StructLiteral { loc, .. }
            | Expr::Var { loc, .. }
            | Expr::Return { loc, .. }
            | Expr::BinOp { loc, .. }
            | Expr::Call { loc, .. }
            | Expr::Print { loc, .. } => *loc,
            Expr::VarDecl(d) => d.loc,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Prototype {
    pub loc: Loc,
    pub name: String,
    pub args: Vec<VarDecl>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub proto: Prototype,
    pub body: Vec<Expr>,
}

#[derive(Clone, Debug)]
pub struct StructDef {
    pub loc: Loc,
    pub name: String,
    pub vars: Vec<VarDecl>,
}

#[derive(Clone, Debug)]
pub enum Record {
    Function(Function),
    Struct(StructDef),
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub records: Vec<Record>,
}

//! The Toy recursive-descent parser. It follows the tutorial's grammar and
//! error reporting exactly, including its recovery (or lack of it): errors
//! are written as `Parse error (line, col): expected '...' ... but has Token
//! N 'c'`, a failed definition ends the module, and chapters before 7 know
//! neither `struct` nor typed declarations.

use crate::ast::{Expr, Function, Module, Prototype, Record, StructDef, VarDecl, VarType};
use crate::lexer::{Lexer, Loc, Token, TokenCodes, TOK_DEF, TOK_EOF, TOK_RETURN, TOK_VAR};

pub struct Parser<'s> {
    lx: Lexer<'s>,
    chapter: u32,
    /// Everything the parser reported, in order (the tutorial prints it on
    /// stderr as it goes).
    pub errors: String,
    /// Current nesting of literals and parentheses.
    depth: usize,
}

/// Deeper nesting is refused: the tutorial has no limit, but a literal's
/// shape is copied at every level (quadratic memory) and parsing recurses.
pub const MAX_NESTING: usize = 1000;

const fn ch(c: u8) -> Token {
    c as Token
}

impl<'s> Parser<'s> {
    pub fn new(src: &'s [u8], chapter: u32) -> Parser<'s> {
        Parser { lx: Lexer::new(src, TokenCodes::for_chapter(chapter)), chapter, errors: String::new(), depth: 0 }
    }

    fn ident_tok(&self) -> Token {
        self.lx.codes.identifier
    }
    fn number_tok(&self) -> Token {
        self.lx.codes.number
    }

    fn error(&mut self, expected: &str, context: &str) {
        let loc = self.lx.last_loc();
        let tok = self.lx.cur();
        self.errors.push_str(&format!(
            "Parse error ({}, {}): expected '{expected}' {context} but has Token {tok}",
            loc.line, loc.col
        ));
        if (0x20..0x7f).contains(&tok) {
            self.errors.push_str(&format!(" '{}'", tok as u8 as char));
        }
        self.errors.push('\n');
    }

    /// Parses the whole input; `None` after a syntax error.
    pub fn parse_module(&mut self) -> Option<Module> {
        self.lx.advance();
        let mut records = Vec::new();
        if self.chapter >= 7 {
            loop {
                let tok = self.lx.cur();
                let record = if tok == TOK_EOF {
                    break;
                } else if tok == TOK_DEF {
                    self.parse_definition().map(Record::Function)
                } else if tok == self.lx.codes.structure {
                    self.parse_struct().map(Record::Struct)
                } else {
                    self.error("'def' or 'struct'", "when parsing top level module records");
                    return None;
                };
                match record {
                    Some(r) => records.push(r),
                    None => break,
                }
            }
        } else {
            while let Some(f) = self.parse_definition() {
                records.push(Record::Function(f));
                if self.lx.cur() == TOK_EOF {
                    break;
                }
            }
        }
        if self.lx.cur() != TOK_EOF {
            self.error("nothing", "at end of module");
            return None;
        }
        Some(Module { records })
    }

    fn parse_return(&mut self) -> Option<Expr> {
        let loc = self.lx.last_loc();
        self.lx.consume();
        let mut expr = None;
        if self.lx.cur() != ch(b';') {
            expr = Some(Box::new(self.parse_expression()?));
        }
        Some(Expr::Return { loc, expr })
    }

    fn parse_number(&mut self) -> Expr {
        let loc = self.lx.last_loc();
        let value = self.lx.number();
        self.lx.consume();
        Expr::Number { loc, value }
    }

    fn parse_tensor_literal(&mut self) -> Option<Expr> {
        let loc = self.lx.last_loc();
        self.lx.consume();
        let mut values = Vec::new();
        loop {
            if self.lx.cur() == ch(b'[') {
                values.push(self.parse_nested_literal(false)?);
            } else {
                if self.lx.cur() != self.number_tok() {
                    self.error("<num> or [", "in literal expression");
                    return None;
                }
                values.push(self.parse_number());
            }
            if self.lx.cur() == ch(b']') {
                break;
            }
            if self.lx.cur() != ch(b',') {
                self.error("] or ,", "in literal expression");
                return None;
            }
            self.lx.advance();
        }
        self.lx.advance();
        let mut dims = vec![values.len() as i64];
        if values.iter().any(|v| matches!(v, Expr::Literal { .. })) {
            let first_dims = match &values[0] {
                Expr::Literal { dims, .. } => dims.clone(),
                _ => {
                    self.error("uniform well-nested dimensions", "inside literal expression");
                    return None;
                }
            };
            dims.extend_from_slice(&first_dims);
            for v in &values {
                // The tutorial casts blindly here; a number among nested
                // literals is reported as the non-uniform nesting it is.
                let uniform = matches!(v, Expr::Literal { dims, .. } if *dims == first_dims);
                if !uniform {
                    self.error("uniform well-nested dimensions", "inside literal expression");
                    return None;
                }
            }
        }
        Some(Expr::Literal { loc, values, dims })
    }

    fn parse_struct_literal(&mut self) -> Option<Expr> {
        let loc = self.lx.last_loc();
        self.lx.consume();
        let mut values = Vec::new();
        loop {
            if self.lx.cur() == ch(b'[') {
                values.push(self.parse_nested_literal(false)?);
            } else if self.lx.cur() == self.number_tok() {
                values.push(self.parse_number());
            } else {
                if self.lx.cur() != ch(b'{') {
                    self.error("{, [, or number", "in struct literal expression");
                    return None;
                }
                values.push(self.parse_nested_literal(true)?);
            }
            if self.lx.cur() == ch(b'}') {
                break;
            }
            if self.lx.cur() != ch(b',') {
                self.error("} or ,", "in struct literal expression");
                return None;
            }
            self.lx.advance();
        }
        self.lx.advance();
        Some(Expr::StructLiteral { loc, values })
    }

    fn parse_paren(&mut self) -> Option<Expr> {
        self.lx.advance();
        let v = self.parse_expression()?;
        if self.lx.cur() != ch(b')') {
            self.error(")", "to close expression with parentheses");
            return None;
        }
        self.lx.consume();
        Some(v)
    }

    fn parse_call(&mut self, name: String, loc: Loc) -> Option<Expr> {
        self.lx.consume(); // (
        let mut args = Vec::new();
        if self.lx.cur() != ch(b')') {
            loop {
                args.push(self.parse_expression()?);
                if self.lx.cur() == ch(b')') {
                    break;
                }
                if self.lx.cur() != ch(b',') {
                    self.error(", or )", "in argument list");
                    return None;
                }
                self.lx.advance();
            }
        }
        self.lx.consume(); // )
        if name == "print" {
            if args.len() != 1 {
                self.error("<single arg>", "as argument to print()");
                return None;
            }
            let arg = Box::new(args.pop()?);
            return Some(Expr::Print { loc, arg });
        }
        Some(Expr::Call { loc, callee: name, args })
    }

    fn parse_identifier_expr(&mut self) -> Option<Expr> {
        let name = self.lx.identifier().to_string();
        let loc = self.lx.last_loc();
        self.lx.advance();
        if self.lx.cur() != ch(b'(') {
            return Some(Expr::Var { loc, name });
        }
        self.parse_call(name, loc)
    }

    fn parse_primary(&mut self) -> Option<Expr> {
        if self.depth >= MAX_NESTING {
            self.error("at most 1000 levels of nesting", "in expression");
            return None;
        }
        self.depth += 1;
        let e = self.parse_primary_inner();
        self.depth -= 1;
        e
    }

    fn parse_nested_literal(&mut self, structure: bool) -> Option<Expr> {
        if self.depth >= MAX_NESTING {
            self.error("at most 1000 levels of nesting", "in literal expression");
            return None;
        }
        self.depth += 1;
        let e = if structure { self.parse_struct_literal() } else { self.parse_tensor_literal() };
        self.depth -= 1;
        e
    }

    fn parse_primary_inner(&mut self) -> Option<Expr> {
        let tok = self.lx.cur();
        if tok == self.ident_tok() {
            self.parse_identifier_expr()
        } else if tok == self.number_tok() {
            Some(self.parse_number())
        } else if tok == ch(b'(') {
            self.parse_paren()
        } else if tok == ch(b'[') {
            self.parse_tensor_literal()
        } else if tok == ch(b'{') && self.chapter >= 7 {
            self.parse_struct_literal()
        } else if tok == ch(b';') || tok == ch(b'}') {
            None
        } else {
            self.errors.push_str(&format!("unknown token '{tok}' when expecting an expression\n"));
            None
        }
    }

    fn precedence(&self) -> i32 {
        let tok = self.lx.cur();
        if !(0..128).contains(&tok) {
            return -1;
        }
        match tok as u8 {
            b'-' | b'+' => 20,
            b'*' => 40,
            b'.' if self.chapter >= 7 => 60,
            _ => -1,
        }
    }

    fn parse_binop_rhs(&mut self, expr_prec: i32, mut lhs: Expr) -> Option<Expr> {
        loop {
            let tok_prec = self.precedence();
            if tok_prec < expr_prec {
                return Some(lhs);
            }
            let op = self.lx.cur() as u8;
            self.lx.consume();
            let loc = self.lx.last_loc();
            let Some(mut rhs) = self.parse_primary() else {
                self.error("expression", "to complete binary operator");
                return None;
            };
            if tok_prec < self.precedence() {
                rhs = self.parse_binop_rhs(tok_prec + 1, rhs)?;
            }
            lhs = Expr::BinOp { loc, op, lhs: Box::new(lhs), rhs: Box::new(rhs) };
        }
    }

    fn parse_expression(&mut self) -> Option<Expr> {
        let lhs = self.parse_primary()?;
        self.parse_binop_rhs(0, lhs)
    }

    fn parse_type(&mut self) -> Option<VarType> {
        if self.lx.cur() != ch(b'<') {
            self.error("<", "to begin type");
            return None;
        }
        self.lx.advance();
        let mut ty = VarType::default();
        while self.lx.cur() == self.number_tok() {
            ty.shape.push(self.lx.number() as i64);
            self.lx.advance();
            if self.lx.cur() == ch(b',') {
                self.lx.advance();
            }
        }
        if self.lx.cur() != ch(b'>') {
            self.error(">", "to end type");
            return None;
        }
        self.lx.advance();
        Some(ty)
    }

    /// `var name <shape>? (= expr)?`; the tutorial skips the `=` without
    /// checking it, and keeps a declaration whose initializer failed to parse
    /// (code generation reports it).
    fn parse_var_declaration(&mut self, requires_init: bool) -> Option<VarDecl> {
        if self.lx.cur() != TOK_VAR {
            self.error("var", "to begin declaration");
            return None;
        }
        let loc = self.lx.last_loc();
        self.lx.advance();
        if self.lx.cur() != self.ident_tok() {
            self.error("identified", "after 'var' declaration");
            return None;
        }
        let name = self.lx.identifier().to_string();
        self.lx.advance();
        let ty = if self.lx.cur() == ch(b'<') { self.parse_type()? } else { VarType::default() };
        let mut init = None;
        if requires_init {
            self.lx.consume();
            init = self.parse_expression().map(Box::new);
        }
        Some(VarDecl { loc, name, ty, init })
    }

    /// Chapter 7: `Type name (= expr)?` after the type name was read.
    fn parse_typed_declaration(&mut self, type_name: String, requires_init: bool, loc: Loc) -> Option<VarDecl> {
        if self.lx.cur() != self.ident_tok() {
            self.error("name", "in variable declaration");
            return None;
        }
        let name = self.lx.identifier().to_string();
        self.lx.advance();
        let mut init = None;
        if requires_init {
            if self.lx.cur() != ch(b'=') {
                self.error("initializer", "in variable declaration");
                return None;
            }
            self.lx.consume();
            init = self.parse_expression().map(Box::new);
        }
        Some(VarDecl { loc, name, ty: VarType { name: type_name, shape: vec![] }, init })
    }

    fn parse_declaration(&mut self, requires_init: bool) -> Option<VarDecl> {
        if self.lx.cur() == TOK_VAR {
            return self.parse_var_declaration(requires_init);
        }
        if self.lx.cur() != self.ident_tok() {
            self.error("type name", "in variable declaration");
            return None;
        }
        let loc = self.lx.last_loc();
        let type_name = self.lx.identifier().to_string();
        self.lx.advance();
        self.parse_typed_declaration(type_name, requires_init, loc)
    }

    fn parse_declaration_or_call(&mut self) -> Option<Expr> {
        let loc = self.lx.last_loc();
        let id = self.lx.identifier().to_string();
        self.lx.consume();
        if self.lx.cur() == ch(b'(') {
            return self.parse_call(id, loc);
        }
        self.parse_typed_declaration(id, true, loc).map(Expr::VarDecl)
    }

    fn parse_block(&mut self) -> Option<Vec<Expr>> {
        if self.lx.cur() != ch(b'{') {
            self.error("{", "to begin block");
            return None;
        }
        self.lx.consume();
        let mut list = Vec::new();
        while self.lx.cur() == ch(b';') {
            self.lx.consume();
        }
        while self.lx.cur() != ch(b'}') && self.lx.cur() != TOK_EOF {
            let tok = self.lx.cur();
            let expr = if self.chapter >= 7 && tok == self.ident_tok() {
                self.parse_declaration_or_call()?
            } else if tok == TOK_VAR {
                Expr::VarDecl(self.parse_var_declaration(true)?)
            } else if tok == TOK_RETURN {
                self.parse_return()?
            } else {
                self.parse_expression()?
            };
            list.push(expr);
            if self.lx.cur() != ch(b';') {
                self.error(";", "after expression");
                return None;
            }
            while self.lx.cur() == ch(b';') {
                self.lx.consume();
            }
        }
        if self.lx.cur() != ch(b'}') {
            self.error("}", "to close block");
            return None;
        }
        self.lx.consume();
        Some(list)
    }

    fn parse_prototype(&mut self) -> Option<Prototype> {
        let loc = self.lx.last_loc();
        if self.lx.cur() != TOK_DEF {
            self.error("def", "in prototype");
            return None;
        }
        self.lx.consume();
        if self.lx.cur() != self.ident_tok() {
            self.error("function name", "in prototype");
            return None;
        }
        let name = self.lx.identifier().to_string();
        self.lx.consume();
        if self.lx.cur() != ch(b'(') {
            self.error("(", "in prototype");
            return None;
        }
        self.lx.consume();
        let mut args = Vec::new();
        if self.lx.cur() != ch(b')') {
            loop {
                // As in the tutorial, the parameter token is taken to be an
                // identifier (the last identifier read names it otherwise).
                let mut ty = VarType::default();
                let mut arg_name = self.lx.identifier().to_string();
                let arg_loc = self.lx.last_loc();
                self.lx.consume();
                if self.chapter >= 7 && self.lx.cur() == self.ident_tok() {
                    ty.name = arg_name;
                    arg_name = self.lx.identifier().to_string();
                    self.lx.consume();
                }
                args.push(VarDecl { loc: arg_loc, name: arg_name, ty, init: None });
                if self.lx.cur() != ch(b',') {
                    break;
                }
                self.lx.consume();
                if self.lx.cur() != self.ident_tok() {
                    self.error("identifier", "after ',' in function parameter list");
                    return None;
                }
            }
        }
        if self.lx.cur() != ch(b')') {
            self.error(")", "to end function prototype");
            return None;
        }
        self.lx.consume();
        Some(Prototype { loc, name, args })
    }

    fn parse_definition(&mut self) -> Option<Function> {
        let proto = self.parse_prototype()?;
        let body = self.parse_block()?;
        Some(Function { proto, body })
    }

    fn parse_struct(&mut self) -> Option<StructDef> {
        let loc = self.lx.last_loc();
        self.lx.consume();
        if self.lx.cur() != self.ident_tok() {
            self.error("name", "in struct definition");
            return None;
        }
        let name = self.lx.identifier().to_string();
        self.lx.consume();
        if self.lx.cur() != ch(b'{') {
            self.error("{", "in struct definition");
            return None;
        }
        self.lx.consume();
        let mut vars = Vec::new();
        loop {
            vars.push(self.parse_declaration(false)?);
            if self.lx.cur() != ch(b';') {
                self.error(";", "after variable in struct definition");
                return None;
            }
            self.lx.consume();
            if self.lx.cur() == ch(b'}') {
                break;
            }
        }
        self.lx.consume();
        Some(StructDef { loc, name, vars })
    }
}

//! Parsing of `sparse<indices, values> : type` elements attributes and the
//! checks MLIR's `SparseElementsAttr::verify` makes on them.
//!
//! The indices are an `i64` tensor of shape `[nnz, rank]` (or `[nnz]` for a
//! rank-1 type) and the values a 1-D tensor of `nnz` elements of the type's
//! element type; both are stored as ordinary dense attributes so printing,
//! hashing and eliding reuse the dense machinery.

use super::attrs::DensePayload;
use super::{PResult, Parser};
use crate::attributes::{AttrKind, Attribute, DenseData};
use crate::lexer::Tok;
use crate::types::{Type, TypeKind, DYNAMIC};

impl<'a> Parser<'a> {
    pub(super) fn parse_sparse(&mut self) -> PResult<Attribute> {
        let loc = self.here();
        self.bump();
        if !self.eat(Tok::Less) {
            // MLIR spells this one message with a capital letter.
            return self.err_wrong_token("Expected '<' after 'sparse'");
        }
        let ctx = self.ctx;
        let i64_ty = ctx.i64();
        if self.eat(Tok::Greater) {
            let (ty, shape, elem) = self.parse_sparse_type(loc)?;
            // All elements are the implicit zero: no indices, no values.
            let indices_ty = ctx.ranked_tensor_type(&[0, shape.len() as i64], i64_ty);
            let values_ty = ctx.ranked_tensor_type(&[0], elem);
            let empty = DenseData { splat: false, bytes: Box::new([]) };
            let indices = ctx.intern_attr(AttrKind::DenseElements { ty: indices_ty, data: empty.clone() });
            let values = if crate::parser::dense_element_bytes(ctx, elem).is_some() {
                ctx.intern_attr(AttrKind::DenseElements { ty: values_ty, data: empty })
            } else {
                ctx.intern_attr(AttrKind::DenseStrings { ty: values_ty, splat: false, values: Box::new([]) })
            };
            return Ok(ctx.intern_attr(AttrKind::SparseElements { ty, indices, values }));
        }
        // Indices never take the hex form: their shape may have to be inferred.
        let indices_loc = self.here();
        let indices_payload = self.parse_dense_payload(false)?;
        self.expect(Tok::Comma, "','")?;
        let values_loc = self.here();
        let values_payload = self.parse_dense_payload(true)?;
        self.expect(Tok::Greater, "'>'")?;
        let (ty, shape, elem) = self.parse_sparse_type(loc)?;
        // A bare index (no brackets) is one index repeated over every dimension.
        let indices_shape = match &indices_payload {
            DensePayload::Lits { shape: Some(s), .. } => s.clone(),
            _ => vec![1, shape.len() as i64],
        };
        let indices_ty = ctx.ranked_tensor_type(&indices_shape, i64_ty);
        let indices = self.build_dense(indices_loc, indices_loc, indices_ty, i64_ty, indices_payload)?;
        // A bare value (or a hex blob) gives one value per index.
        let values_shape = match &values_payload {
            DensePayload::Lits { shape: Some(s), .. } => s.clone(),
            _ => vec![indices_shape[0]],
        };
        let values_ty = ctx.ranked_tensor_type(&values_shape, elem);
        let values = self.build_dense(values_loc, values_loc, values_ty, elem, values_payload)?;
        self.verify_sparse(loc, ty, &shape, indices, &indices_shape, &values_shape)?;
        Ok(ctx.intern_attr(AttrKind::SparseElements { ty, indices, values }))
    }

    /// `: type` after `sparse<...>`: any statically shaped type (tensor,
    /// vector or memref), as MLIR's `parseElementsLiteralType` accepts.
    fn parse_sparse_type(&mut self, loc: crate::location::Location) -> PResult<(Type, Vec<i64>, Type)> {
        self.expect(Tok::Colon, "':'")?;
        let ty = self.parse_type()?;
        let (shape, elem) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. }
            | TypeKind::Vector { shape, element, .. }
            | TypeKind::MemRef { shape, element, .. } => (shape.to_vec(), *element),
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return self.err_at(loc, "elements literal type must have static shape")
            }
            _ => return self.err_at(loc, "elements literal must be a shaped type"),
        };
        if shape.contains(&DYNAMIC) {
            return self.err_at(loc, "elements literal type must have static shape");
        }
        Ok((ty, shape, elem))
    }

    /// MLIR's `SparseElementsAttr::verify`: shapes of indices and values
    /// agree with each other and the type, and every index is in bounds.
    fn verify_sparse(
        &mut self,
        loc: crate::location::Location,
        ty: Type,
        shape: &[i64],
        indices: Attribute,
        indices_shape: &[i64],
        values_shape: &[i64],
    ) -> PResult<()> {
        let dims = |v: &[i64]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        if values_shape.len() != 1 {
            return self.err_at(loc, "expected 1-d tensor for sparse element values");
        }
        let rank = shape.len();
        let shape_ok = match indices_shape.len() {
            2 => indices_shape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        } && indices_shape[0] == values_shape[0];
        if !shape_ok {
            return self.err_at(
                loc,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    dims(shape),
                    dims(indices_shape),
                    dims(values_shape)
                ),
            );
        }
        let AttrKind::DenseElements { data, .. } = self.ctx.attr_kind(indices) else {
            return Ok(());
        };
        let read = |i: usize| u64::from_le_bytes(data.bytes[i * 8..i * 8 + 8].try_into().unwrap());
        let count = indices_shape[0] as usize;
        for n in 0..count {
            // A splat holds one value standing for every coordinate.
            let index: Vec<u64> = (0..rank).map(|d| if data.splat { read(0) } else { read(n * rank + d) }).collect();
            let inside = index.iter().zip(shape).all(|(&i, &d)| i < d as u64);
            if !inside {
                let ty_text = crate::printer::type_to_string(self.ctx, ty);
                let index_text = index.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
                return self.err_at(loc, format!("sparse index #{n} is not contained within the value shape, with index=[{index_text}], and type='{ty_text}'"));
            }
            if data.splat {
                break;
            }
        }
        Ok(())
    }
}

//! `tx8be-group-mapping` (the seed's GroupMappingPass): records on every
//! `tx8be.group` the rectangle of tiles it runs on, `dev_region =
//! array<i64: x0, y0, x_dim, y_dim>` (origin and extent in the mesh). The
//! extent comes from the module attributes `tx8be.x_dim` / `tx8be.y_dim`
//! (the seed's TileDx / TileDy), by default the card's mesh
//! (the module's `#tx8be.target`, `attach_target::hardware`; 4x4 on the
//! built-in card); every group takes the whole grid
//! from tile (0, 0), as the seed's simple mapping does.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::{entry_ops, top_level_groups};

strata_pass::option_free_pass! {
    pub struct GroupMapping;
    argument: "tx8be-group-mapping",
    name: "Tx8beGroupMapping",
    description: "Set dev_region (the tile rectangle) on every tx8be.group from the module's tx8be.x_dim/tx8be.y_dim",
    anchor: Some("builtin.module"),
}

impl GroupMapping {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let x = grid_dim(ctx, target.parent, target.op, "tx8be.x_dim", hw.mesh_x)?;
        let y = grid_dim(ctx, target.parent, target.op, "tx8be.y_dim", hw.mesh_y)?;
        let region = tx8be::dialect::values::dense_i64_array(ctx, &[0, 0, x, y]);
        let module = &mut *target.body;
        let funcs: Vec<Op> =
            entry_ops(module).into_iter().filter(|&f| ctx.op_name_str(module.op_name(f)) == "func.func").collect();
        let mut changed = false;
        for f in funcs {
            let Some(body) = module.nested_mut(f) else { continue };
            for g in top_level_groups(ctx, body) {
                body.set_op_attr(ctx, g, "dev_region", Some(region));
                changed = true;
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// A grid extent from the module attribute `name`, or the card's: at
/// least 1 and at most the card's mesh.
fn grid_dim(ctx: &Context, parent: &Body, module: Op, name: &str, card: u32) -> Result<i64, Diagnostic> {
    let Some(a): Option<Attribute> = parent.op_attr(ctx, module, name) else { return Ok(card as i64) };
    match ctx.as_i64(a) {
        Some(v) if (1..=card as i64).contains(&v) => Ok(v),
        Some(v) => Err(Diagnostic::error(
            parent.op_loc(module),
            format!("module attribute '{name}' = {v} is outside the card's mesh (1 to {card} tiles)"),
        )),
        None => Err(Diagnostic::error(
            parent.op_loc(module),
            format!("module attribute '{name}' must be an integer (tiles along the mesh)"),
        )),
    }
}

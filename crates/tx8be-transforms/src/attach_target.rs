//! `tx8be-attach-target` (MLIR's `tosa-attach-target` for TX8): records
//! the card a module is compiled for as its `tx8be.target` attribute, and
//! [`hardware`], how every later pass reads it back. The pass options are
//! hardware figures (`mesh_x=2 ddr_bytes_per_cycle=100.0`); figures not
//! given are the built-in card's (`shared/tx8/hardware.md`).
//!
//! A module without the attribute is compiled for the built-in card, as
//! MLIR's TOSA passes take the default target environment when none is
//! attached: hand-written tests of one pass need not attach one.

use strata_ir::Diagnostic;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_target::{Figure, HardwareConfig};
use tx8be::dialect::target::{target_attr, target_of, TARGET_ATTR};

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-attach-target",
    description: "Attach the TX8 card to compile for to the module (tx8be.target)",
    options: &[("<figure>", "a hardware figure of the card by field name, e.g. mesh_x=2 (default: the built-in card)")],
    ctor: |opts| {
        let mut figures = Vec::new();
        opts.apply("tx8be-attach-target", |k, v| {
            let figure = if v.contains(['.', 'e', 'E']) {
                v.parse::<f64>().map(Figure::Rate).map_err(|e| e.to_string())
            } else {
                v.parse::<u64>().map(Figure::Count).map_err(|e| e.to_string())
            };
            if figures.iter().any(|(n, _)| n == k) {
                return Some(Err("the figure is given twice".to_string()));
            }
            Some(figure.map(|f| figures.push((k.to_string(), f))))
        })?;
        HardwareConfig::with_figures(&figures).map_err(|e| format!("tx8be-attach-target: {e}"))?;
        Ok(Box::new(AttachTarget { figures }))
    },
};

pub struct AttachTarget {
    /// The figures that differ from the built-in card.
    pub figures: Vec<(String, Figure)>,
}

impl AttachTarget {
    /// The pass attaching `hw`.
    pub fn new(hw: &HardwareConfig) -> Self {
        AttachTarget { figures: hw.overrides() }
    }
}

impl Pass for AttachTarget {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beAttachTarget"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options_text(&self) -> String {
        if self.figures.is_empty() {
            return String::new();
        }
        let figures: Vec<String> = self
            .figures
            .iter()
            .map(|(name, figure)| match figure {
                Figure::Count(c) => format!("{name}={c}"),
                Figure::Rate(r) => format!("{name}={r:?}"),
            })
            .collect();
        format!("{{{}}}", figures.join(" "))
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = HardwareConfig::with_figures(&self.figures)
            .map_err(|e| Diagnostic::error(target.parent.op_loc(target.op), e.to_string()))?;
        let attr = target_attr(target.ctx, &hw);
        let changed = target.ctx.dict_get(target.op_attrs(), TARGET_ATTR) != Some(attr);
        target.set_op_attr(TARGET_ATTR, Some(attr));
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The card the IR around `target` is compiled for: the nearest
/// `tx8be.target` on its op or an enclosing one, else the built-in card.
/// An attribute of that name that is no `#tx8be.target` is an error.
pub fn hardware(target: &PassTarget<'_>) -> Result<HardwareConfig, Diagnostic> {
    match target.lookup_attr(TARGET_ATTR) {
        None => Ok(HardwareConfig::default()),
        Some(a) => target_of(target.ctx, a).ok_or_else(|| {
            Diagnostic::error(
                target.parent.op_loc(target.op),
                format!("'{TARGET_ATTR}' must be a #tx8be.target attribute"),
            )
        }),
    }
}

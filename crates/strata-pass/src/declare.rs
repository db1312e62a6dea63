//! `option_free_pass!`: the registry entry and the `Pass` boilerplate of a
//! pass without options (MLIR's `GEN_PASS_DEF` role for them), so a pass
//! file holds its name, description, anchor and the work, nothing else.
//!
//! ```ignore
//! strata_pass::option_free_pass! {
//!     /// What the pass does.
//!     pub struct FoldMean;
//!     argument: "tx8be-fold-mean",
//!     name: "Tx8beFoldMean",
//!     description: "Fold a division by the element count into a mean",
//!     anchor: Some("func.func"),
//! }
//!
//! impl FoldMean {
//!     fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> { ... }
//! }
//! ```
//!
//! It defines the unit struct, `pub const INFO: PassInfo` (whose
//! constructor refuses every option by name, as mlir-opt does) and
//! `impl Pass`, whose `run` is the struct's inherent `run_on`.

/// See the module documentation.
#[macro_export]
macro_rules! option_free_pass {
    (
        $(#[$meta:meta])*
        $vis:vis struct $ty:ident;
        argument: $arg:literal,
        name: $name:literal,
        description: $desc:literal,
        anchor: $anchor:expr $(,)?
    ) => {
        $(#[$meta])*
        $vis struct $ty;

        pub const INFO: $crate::registry::PassInfo = $crate::registry::PassInfo {
            argument: $arg,
            description: $desc,
            options: &[],
            ctor: |opts| {
                opts.apply($arg, |_, _| None)?;
                Ok(Box::new($ty))
            },
        };

        impl $crate::pass::Pass for $ty {
            fn argument(&self) -> &'static str {
                $arg
            }
            fn name(&self) -> &'static str {
                $name
            }
            fn anchor(&self) -> Option<&'static str> {
                $anchor
            }
            fn run(
                &self,
                target: &mut $crate::pass::PassTarget<'_>,
            ) -> Result<$crate::PreservedAnalyses, ::strata_ir::Diagnostic> {
                self.run_on(target)
            }
        }
    };
}

//! The `canonicalize` pass (MLIR's `Canonicalizer`): every canonicalization
//! pattern of every registered op, plus folding, constant uniquing and
//! region simplification, applied by the greedy driver.
//!
//! The driver works per body: the bodies of isolated ops nested in the
//! target (each function of a module) are canonicalized first, in parallel
//! when threading is on, then the target's own body. Patterns never reach
//! across an isolated-from-above boundary, so this gives the same IR as one
//! driver run over the whole nest.

use std::sync::{Arc, OnceLock};

use strata_ir::diagnostics::Diagnostic;
use strata_ir::{Body, Context, Op};
use strata_pass::detached::for_each_isolated;
use strata_pass::pass::{parse_bool, parse_int, parse_list};
use strata_pass::registry::PassInfo;
use strata_pass::{Pass, PassOptions, PassTarget, PreservedAnalyses};
use strata_rewrite::{apply_patterns_greedily, FrozenPatternSet, GreedyConfig, PatternSet, RegionSimplify};

pub struct Canonicalize {
    pub config: GreedyConfig,
    pub test_convergence: bool,
    pub disabled: Vec<String>,
    pub enabled: Vec<String>,
    patterns: OnceLock<Arc<FrozenPatternSet>>,
}

impl Default for Canonicalize {
    fn default() -> Self {
        Canonicalize {
            config: GreedyConfig { top_down: true, ..GreedyConfig::default() },
            test_convergence: false,
            disabled: vec![],
            enabled: vec![],
            patterns: OnceLock::new(),
        }
    }
}

pub const INFO: PassInfo = PassInfo {
    argument: "canonicalize",
    description: "Canonicalize operations",
    options: &[
        ("disable-patterns=<string>", "Labels of patterns that should be filtered out during application"),
        (
            "enable-patterns=<string>",
            "Labels of patterns that should be used during application, all other patterns are filtered out",
        ),
        ("max-iterations=<long>", "Max. iterations between applying patterns / simplifying regions"),
        ("max-num-rewrites=<long>", "Max. number of pattern rewrites within an iteration"),
        ("region-simplify=<value>", "Perform control flow optimizations to the region tree"),
        ("=disabled", "Don't run any control-flow simplification."),
        ("=normal", "Perform simple control-flow simplifications (e.g. dead args elimination)."),
        ("=aggressive", "Perform aggressive control-flow simplification (e.g. block merging)."),
        ("test-convergence", "Test only: Fail pass on non-convergence to detect cyclic pattern"),
        ("top-down", "Seed the worklist in general top-down order"),
    ],
    ctor: |opts| Ok(Box::new(Canonicalize::from_options(opts)?)),
};

impl Canonicalize {
    pub fn from_options(opts: &PassOptions) -> Result<Canonicalize, String> {
        let mut c = Canonicalize::default();
        opts.apply("canonicalize", |k, v| {
            Some(match k {
                "top-down" => parse_bool(v).map(|b| c.config.top_down = b),
                "max-iterations" => parse_int(v).map(|n| c.config.max_iterations = n),
                "max-num-rewrites" => parse_int(v).map(|n| c.config.max_num_rewrites = n),
                "test-convergence" => parse_bool(v).map(|b| c.test_convergence = b),
                "region-simplify" => match v {
                    "disabled" => Ok(RegionSimplify::Disabled),
                    "normal" => Ok(RegionSimplify::Normal),
                    "aggressive" => Ok(RegionSimplify::Aggressive),
                    _ => Err("expected disabled, normal or aggressive".to_string()),
                }
                .map(|r| c.config.region_simplify = r),
                "disable-patterns" => {
                    c.disabled = parse_list(v);
                    Ok(())
                }
                "enable-patterns" => {
                    c.enabled = parse_list(v);
                    Ok(())
                }
                _ => return None,
            })
        })?;
        Ok(c)
    }

    fn patterns(&self, ctx: &Context) -> Arc<FrozenPatternSet> {
        self.patterns
            .get_or_init(|| {
                Arc::new(FrozenPatternSet::new(ctx, PatternSet::canonicalization(ctx), &self.disabled, &self.enabled))
            })
            .clone()
    }
}

/// Canonicalizes `body` and, first, the bodies of isolated ops inside it.
/// Returns (converged, changed).
fn canonicalize_body(
    ctx: &Context,
    body: &mut Body,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
    threading: bool,
) -> (bool, bool) {
    let mut isolated: Vec<Op> = Vec::new();
    body.walk_pre(&mut |op| {
        if body.is_isolated(op) {
            isolated.push(op);
        }
    });
    let nested = for_each_isolated(ctx, body, &isolated, threading, |b, op| match b.nested_mut(op) {
        Some(inner) => canonicalize_body(ctx, inner, patterns, config, threading),
        None => (true, false),
    });
    let r = apply_patterns_greedily(ctx, body, patterns, config);
    nested.iter().fold((r.converged, r.changed), |(c, ch), &(nc, nch)| (c && nc, ch || nch))
}

impl Pass for Canonicalize {
    fn argument(&self) -> &'static str {
        "canonicalize"
    }
    fn name(&self) -> &'static str {
        "Canonicalizer"
    }
    fn options_text(&self) -> String {
        let region = match self.config.region_simplify {
            RegionSimplify::Disabled => "disabled",
            RegionSimplify::Normal => "normal",
            RegionSimplify::Aggressive => "aggressive",
        };
        let list =
            |name: &str, v: &[String]| if v.is_empty() { String::new() } else { format!("{name}={}", v.join(",")) };
        let parts = [
            list("disable-patterns", &self.disabled),
            list("enable-patterns", &self.enabled),
            format!("max-iterations={}", self.config.max_iterations),
            format!("max-num-rewrites={}", self.config.max_num_rewrites),
            format!("region-simplify={region}"),
            format!("test-convergence={}", self.test_convergence),
            format!("top-down={}", self.config.top_down),
        ];
        format!("{{{}}}", parts.join(" "))
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let patterns = self.patterns(target.ctx);
        let (converged, changed) =
            canonicalize_body(target.ctx, target.body, &patterns, &self.config, target.threading);
        if !converged {
            let loc = target.parent.op_loc(target.op);
            let msg = format!("canonicalizer did not converge within {} iterations", self.config.max_iterations);
            if self.test_convergence {
                return Err(Diagnostic::error(loc, msg));
            }
            target.emit(Diagnostic::warning(loc, msg));
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

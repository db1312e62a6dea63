//! Rewrite patterns and pattern sets.
//!
//! A pattern matches one op (of a given name, or any op) and rewrites it
//! through a [`PatternRewriter`]; it returns whether it changed anything.
//! A frozen set indexes patterns by root op and orders them by benefit
//! (higher first; on a tie, op-specific patterns before any-op ones and
//! otherwise insertion order), as MLIR's `PatternApplicator` does.

use rustc_hash::FxHashMap;

use strata_ir::{Context, Op, OpName};

use crate::rewriter::PatternRewriter;

pub trait RewritePattern: Send + Sync {
    /// The op name this pattern matches, `None` for any op.
    fn root(&self) -> Option<&str>;
    /// Higher benefit patterns are tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// The name `disable-patterns`/`enable-patterns` refer to.
    fn name(&self) -> &str;
    /// Rewrites `op` if it matches; true if the IR changed. A pattern that
    /// returns false must not have changed anything.
    fn match_and_rewrite(&self, op: Op, rewriter: &mut PatternRewriter<'_>) -> bool;
}

/// A pattern from a closure (for small patterns and tests).
pub struct FnPattern<F> {
    pub root: Option<&'static str>,
    pub name: &'static str,
    pub benefit: u16,
    pub f: F,
}

impl<F> RewritePattern for FnPattern<F>
where
    F: Fn(Op, &mut PatternRewriter<'_>) -> bool + Send + Sync,
{
    fn root(&self) -> Option<&str> {
        self.root
    }
    fn benefit(&self) -> u16 {
        self.benefit
    }
    fn name(&self) -> &str {
        self.name
    }
    fn match_and_rewrite(&self, op: Op, rewriter: &mut PatternRewriter<'_>) -> bool {
        (self.f)(op, rewriter)
    }
}

/// Patterns being collected.
#[derive(Default)]
pub struct PatternSet {
    pub patterns: Vec<Box<dyn RewritePattern>>,
}

impl PatternSet {
    pub fn new() -> PatternSet {
        PatternSet::default()
    }
    pub fn add(&mut self, p: impl RewritePattern + 'static) {
        self.patterns.push(Box::new(p));
    }
    pub fn add_boxed(&mut self, p: Box<dyn RewritePattern>) {
        self.patterns.push(p);
    }
    /// Adds a closure pattern rooted on `root`.
    pub fn add_fn(
        &mut self,
        root: &'static str,
        name: &'static str,
        f: impl Fn(Op, &mut PatternRewriter<'_>) -> bool + Send + Sync + 'static,
    ) {
        self.add(FnPattern { root: Some(root), name, benefit: 1, f });
    }
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// The canonicalization patterns of an op, attached to its `OpDef` as an
/// interface (`OpDef::interface(CanonicalizationPatterns(f))`); the
/// canonicalizer collects them from every registered op.
#[derive(Clone, Copy)]
pub struct CanonicalizationPatterns(pub fn(&Context, &mut PatternSet));

impl PatternSet {
    /// Every canonicalization pattern registered in `ctx` (dialects in name
    /// order, ops in definition order).
    pub fn canonicalization(ctx: &Context) -> PatternSet {
        let mut set = PatternSet::new();
        let mut dialects: Vec<&str> = ctx.dialect_names().collect();
        dialects.sort_unstable();
        for d in dialects {
            let Some(dialect) = ctx.dialect(d) else { continue };
            if let Some(h) = dialect.interfaces.get::<CanonicalizationPatterns>() {
                (h.0)(ctx, &mut set);
            }
            for def in &dialect.ops {
                if let Some(h) = def.interfaces.get::<CanonicalizationPatterns>() {
                    (h.0)(ctx, &mut set);
                }
            }
        }
        set
    }
}

/// Patterns ready for matching.
pub struct FrozenPatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_op: FxHashMap<OpName, Vec<usize>>,
    any_op: Vec<usize>,
}

impl FrozenPatternSet {
    /// Freezes `set`, dropping patterns named in `disabled` and, when
    /// `enabled` is non-empty, every pattern not named there.
    pub fn new(ctx: &Context, set: PatternSet, disabled: &[String], enabled: &[String]) -> FrozenPatternSet {
        let patterns: Vec<Box<dyn RewritePattern>> = set
            .patterns
            .into_iter()
            .filter(|p| {
                !disabled.iter().any(|d| d == p.name()) && (enabled.is_empty() || enabled.iter().any(|e| e == p.name()))
            })
            .collect();
        let mut by_op: FxHashMap<OpName, Vec<usize>> = FxHashMap::default();
        let mut any_op = Vec::new();
        for (i, p) in patterns.iter().enumerate() {
            match p.root() {
                Some(r) => by_op.entry(ctx.op_name(r)).or_default().push(i),
                None => any_op.push(i),
            }
        }
        for v in by_op.values_mut() {
            v.sort_by_key(|&i| std::cmp::Reverse(patterns[i].benefit()));
        }
        any_op.sort_by_key(|&i| std::cmp::Reverse(patterns[i].benefit()));
        FrozenPatternSet { patterns, by_op, any_op }
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The patterns to try on an op named `name`, best first.
    pub fn for_op(&self, name: OpName) -> impl Iterator<Item = &dyn RewritePattern> {
        let ops: &[usize] = self.by_op.get(&name).map_or(&[], |v| v.as_slice());
        let (mut i, mut j) = (0, 0);
        let any = &self.any_op;
        let pats = &self.patterns;
        std::iter::from_fn(move || {
            let next = match (ops.get(i), any.get(j)) {
                (Some(&a), Some(&b)) => {
                    if pats[a].benefit() >= pats[b].benefit() {
                        i += 1;
                        a
                    } else {
                        j += 1;
                        b
                    }
                }
                (Some(&a), None) => {
                    i += 1;
                    a
                }
                (None, Some(&b)) => {
                    j += 1;
                    b
                }
                (None, None) => return None,
            };
            Some(pats[next].as_ref())
        })
    }

    /// True if some pattern could match an op named `name`.
    pub fn has_patterns_for(&self, name: OpName) -> bool {
        !self.any_op.is_empty() || self.by_op.contains_key(&name)
    }
}

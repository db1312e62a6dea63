//! The group patterns of `tx8be-group-pattern` (the seed's `Automation`):
//! the pattern text format, the expansion of OR and WILDCARD into concrete
//! op-name sequences, and the trie those sequences are compiled into.
//!
//! # Pattern text format
//!
//! One pattern per line; `#` starts a comment; blank lines are skipped.
//!
//! ```text
//! # priority: elements
//! 3: Conv|Gemm Unary        # Conv Unary, or Gemm Unary
//! 2: Binary Unary*          # Binary followed by 1 to 5 Unary ops
//! ```
//!
//! A line is `PRIORITY: ELEMENT ELEMENT ...`. PRIORITY is an integer (a
//! larger one wins between matches of the same length). An ELEMENT is an op
//! mnemonic of the tx8be dialect (`Conv`, `BatchNorm_Inference`, ...),
//! several of them joined by `|` (OR: any one of them), optionally followed
//! by `*` (WILDCARD: the element repeated 1 to [`MAX_REPEATS`] times, as
//! the seed expands `OP *`) or by `?` (OPTIONAL: the element or nothing,
//! `Conv Pool?` is a conv with or without a pool after it). The seed's OR
//! splits a whole pattern in two;
//! here `|` binds to one element, and whole alternatives are two lines.
//! `Reshape` is refused: reshapes always stay outside groups.

use std::collections::BTreeMap;

use tx8be::dialect::ops::COMPUTE_OPS;
use tx8be::OpKind;

/// How many times a WILDCARD element may repeat (the seed's `i < 5` loop).
pub const MAX_REPEATS: usize = 5;

/// The ops a pattern may name (by mnemonic): the tx8be compute ops
/// except `Reshape` (a dense reshape is free in DDR and stays outside
/// groups).
pub fn groupable_ops() -> impl Iterator<Item = OpKind> {
    COMPUTE_OPS.iter().map(|r| r.kind).filter(|&k| k != OpKind::Reshape)
}

/// The built-in pattern set of `opt_group=1`: epilogues that keep a
/// conv's or matmul's output on chip for the element-wise ops after it, a
/// residual add + layer norm, attention scores, and a transpose feeding a
/// matmul. Which of these are faster is measured later; edit this table
/// to change the set.
pub const DEFAULT_PATTERNS: &str = "\
# two residual blocks in a row (the first block's output stays in SPM: the
# second block's conv reads it with halo rows, its add without, a narrowed
# read): two bottlenecks, a stage's first block (with its downsample conv)
# and the next, a stage's last block and the next stage's first, two basic
# blocks (tx8be-group-boundaries cuts them where that is faster or where
# they do not fit)
7: Conv Unary Conv Unary Conv Binary Unary Conv Unary Conv Unary Conv Binary Unary
7: Conv Unary Conv Unary Conv Conv Binary Unary Conv Unary Conv Unary Conv Binary Unary
7: Conv Conv Unary Conv Unary Conv Binary Unary Conv Unary Conv Unary Conv Binary Unary
7: Conv Unary Conv Binary Unary Conv Unary Conv Binary Unary
7: Conv Unary Conv Unary Conv Binary Unary Conv Unary Conv Unary Conv Conv Binary Unary
7: Conv Unary Conv Unary Conv Binary Unary Conv Conv Unary Conv Unary Conv Binary Unary
# whole residual blocks: ResNet's bottleneck and basic block, MobileNetV2's
# inverted residual with and without its residual add
6: Conv Unary Conv Unary Conv Binary Unary
# the first block of a ResNet stage, with its downsample conv (before or
# after the block's convs in program order)
6: Conv Unary Conv Unary Conv Conv Binary Unary
6: Conv Conv Unary Conv Unary Conv Binary Unary
5: Conv Unary Conv Binary Unary
# a stage's first basic block (ResNet-18), its downsample conv before or
# after the block's convs
5: Conv Unary Conv Conv Binary Unary
5: Conv Conv Unary Conv Binary Unary
5: Conv Unary Conv Unary Conv Binary
4: Conv Unary Conv Unary Conv
# Conv / Gemm / Pool epilogues; a conv's activation then its pool (ResNet's
# stem), with the conversion of the model's input to the NE's layout before
# it (NCHW -> NHWC, then to channel blocks)
5: Transpose ChannelNorm Conv Unary Pool
4: ChannelNorm Conv Unary Pool
3: Conv Unary Pool
# a network's last conv (or last residual block) and its global average
# pool (two reductions after tx8be-reduce-through-transpose): the feature
# map need not reach DDR
8: Conv Unary Conv Unary Conv Binary Unary Conv Unary Conv Unary Conv Binary Unary Reduce Reduce
8: Conv Unary Conv Binary Unary Conv Unary Conv Binary Unary Reduce Reduce
8: Conv Unary Conv Unary Conv Binary Unary Reduce Reduce
6: Conv Unary Conv Binary Unary Reduce Reduce
4: Conv Binary? Unary? Reduce Reduce
3: Conv Binary? Unary? Reduce
3: Conv BatchNorm_Inference Unary|Binary|Cast*
3: Conv BatchNorm_Inference
2: Conv|Gemm|Pool Unary|Binary|Cast*
# residual add then layer norm (after a GEMM: tx8be-sink-reshapes moves the
# lowering's reshapes out of the way)
3: Gemm Binary LayerNorm
2: Binary LayerNorm
1: LayerNorm Unary|Binary|Cast*
# attention: scores (matmul, scale, mask, softmax) and the context matmul
# reading them, one group per batch of heads: the scores never reach DDR
5: Gemm Binary Binary|Select Softmax Gemm
5: Gemm Binary|Select Softmax Gemm
# attention scores: matmul, scale, mask, softmax
4: Gemm Binary Binary Softmax
3: Gemm Binary Softmax
# a mask added right before the softmax (when a reshape keeps the scores'
# matmul apart)
2: Binary Softmax
# a transpose feeding a matmul, and the matmul's epilogue
2: Transpose Gemm Unary|Binary*
2: Transpose Gemm
# element-wise chains; a cast and the arithmetic after it (BERT's
# attention mask: cast, 1 - m, times -10000)
1: Binary Unary*
1: Cast Binary Binary?
";

/// A concrete pattern: op mnemonics in producer -> consumer order.
pub type Sequence = Vec<&'static str>;

/// A pattern file's error: 1-based line and column, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// One parsed line: each element's alternatives and whether it repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    pub priority: i64,
    pub elements: Vec<Element>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub alternatives: Vec<&'static str>,
    pub wildcard: bool,
    /// May be left out (`?`).
    pub optional: bool,
}

/// Parses the pattern text format (module doc).
pub fn parse_patterns(text: &str) -> Result<Vec<Pattern>, PatternError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let code = raw.split('#').next().unwrap_or("");
        if code.trim().is_empty() {
            continue;
        }
        let err = |col: usize, message: String| PatternError { line, column: col + 1, message };
        let Some(colon) = code.find(':') else {
            let col = code.len() - code.trim_start().len();
            return Err(err(col, "expected 'PRIORITY: ELEMENTS' (no ':')".into()));
        };
        let prio_text = code[..colon].trim();
        let prio_col = code.len() - code.trim_start().len();
        let priority =
            prio_text.parse::<i64>().map_err(|_| err(prio_col, format!("priority '{prio_text}' is not an integer")))?;
        let mut elements = Vec::new();
        let rest = &code[colon + 1..];
        let mut offset = colon + 1;
        for word in rest.split_inclusive(char::is_whitespace) {
            let col = offset;
            offset += word.len();
            let word = word.trim();
            if word.is_empty() {
                continue;
            }
            elements.push(parse_element(word).map_err(|m| err(col, m))?);
        }
        if elements.is_empty() {
            return Err(err(colon + 1, "a pattern needs at least one op".into()));
        }
        out.push(Pattern { priority, elements });
    }
    Ok(out)
}

fn parse_element(word: &str) -> Result<Element, String> {
    let (names, optional) = match word.strip_suffix('?') {
        Some(n) => (n, true),
        None => (word, false),
    };
    let (names, wildcard) = match names.strip_suffix('*') {
        Some(n) => (n, true),
        None => (names, false),
    };
    let mut alternatives = Vec::new();
    for name in names.split('|') {
        match COMPUTE_OPS.iter().map(|r| r.kind).find(|k| k.mnemonic() == name) {
            Some(OpKind::Reshape) => {
                return Err("'Reshape' cannot be in a group (reshapes stay outside groups)".into());
            }
            Some(k) => alternatives.push(k.mnemonic()),
            None if name.is_empty() => return Err(format!("empty op name in '{word}'")),
            None => {
                let known: Vec<&str> = groupable_ops().map(OpKind::mnemonic).collect();
                return Err(format!("unknown op '{name}' (expected one of: {})", known.join(", ")));
            }
        }
    }
    Ok(Element { alternatives, wildcard, optional })
}

/// Every concrete sequence a pattern stands for: the product of the
/// elements' alternatives, a WILDCARD element taken 1 to [`MAX_REPEATS`]
/// times (each repeat choosing its alternative independently), an OPTIONAL
/// one also left out.
pub fn expand(p: &Pattern) -> Vec<Sequence> {
    let mut seqs: Vec<Sequence> = vec![Vec::new()];
    for e in &p.elements {
        let mut once: Vec<Sequence> = if e.optional { seqs.clone() } else { Vec::new() };
        let repeats = if e.wildcard { MAX_REPEATS } else { 1 };
        let mut frontier = seqs;
        for _ in 0..repeats {
            let next: Vec<Sequence> = frontier
                .iter()
                .flat_map(|s| {
                    e.alternatives.iter().map(move |&a| {
                        let mut t = s.clone();
                        t.push(a);
                        t
                    })
                })
                .collect();
            once.extend(next.iter().cloned());
            frontier = next;
        }
        seqs = once;
    }
    seqs.sort();
    seqs.dedup();
    seqs
}

/// A trie node: children by op mnemonic; `priority` is set where a
/// sequence ends (the highest priority of the sequences ending here).
#[derive(Debug, Default)]
pub struct TrieNode {
    pub children: BTreeMap<&'static str, usize>,
    pub priority: Option<i64>,
}

/// The patterns compiled into a trie (the seed's `insertPatterns` /
/// `insertPattern`); nodes live in one vector, the root at index 0.
#[derive(Debug)]
pub struct Trie {
    nodes: Vec<TrieNode>,
}

impl Default for Trie {
    fn default() -> Self {
        Trie { nodes: vec![TrieNode::default()] }
    }
}

impl Trie {
    pub const ROOT: usize = 0;

    /// Compiles parsed patterns: every expansion of every pattern.
    pub fn build(patterns: &[Pattern]) -> Trie {
        let mut t = Trie::default();
        for p in patterns {
            for s in expand(p) {
                t.insert(&s, p.priority);
            }
        }
        t
    }

    pub fn insert(&mut self, seq: &[&'static str], priority: i64) {
        let mut node = Self::ROOT;
        for &op in seq {
            node = match self.nodes[node].children.get(op) {
                Some(&n) => n,
                None => {
                    self.nodes.push(TrieNode::default());
                    let n = self.nodes.len() - 1;
                    self.nodes[node].children.insert(op, n);
                    n
                }
            };
        }
        let p = &mut self.nodes[node].priority;
        *p = Some(p.map_or(priority, |q| q.max(priority)));
    }

    /// The child of `node` for op `name`, if a pattern continues that way.
    pub fn step(&self, node: usize, name: &str) -> Option<usize> {
        self.nodes[node].children.get(name).copied()
    }

    /// The priority of the sequences ending at `node`, `None` if none ends
    /// there (only a prefix of longer ones).
    pub fn terminal(&self, node: usize) -> Option<i64> {
        self.nodes[node].priority
    }

    /// The priority of exactly `seq`, if it is one of the patterns.
    pub fn lookup(&self, seq: &[&str]) -> Option<i64> {
        let mut node = Self::ROOT;
        for op in seq {
            node = self.step(node, op)?;
        }
        self.terminal(node)
    }

    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trie(text: &str) -> Trie {
        Trie::build(&parse_patterns(text).unwrap())
    }

    #[test]
    fn optional_element_may_be_left_out() {
        let t = trie("2: Conv Unary? Pool");
        assert_eq!(t.lookup(&["Conv", "Unary", "Pool"]), Some(2));
        assert_eq!(t.lookup(&["Conv", "Pool"]), Some(2));
        assert_eq!(t.lookup(&["Conv", "Unary", "Unary", "Pool"]), None);
        let t = trie("1: Binary Unary*?");
        assert_eq!(t.lookup(&["Binary"]), Some(1));
        assert_eq!(t.lookup(&["Binary", "Unary", "Unary"]), Some(1));
    }

    #[test]
    fn or_expands_into_each_alternative() {
        let t = trie("2: Conv|Gemm Unary");
        assert_eq!(t.lookup(&["Conv", "Unary"]), Some(2));
        assert_eq!(t.lookup(&["Gemm", "Unary"]), Some(2));
        assert_eq!(t.lookup(&["Conv"]), None, "a prefix is not a pattern");
        assert_eq!(t.lookup(&["Pool", "Unary"]), None);
    }

    #[test]
    fn wildcard_repeats_one_to_five_times() {
        let t = trie("1: Binary Unary*");
        assert_eq!(t.lookup(&["Binary"]), None, "the wildcard needs one repeat");
        for n in 1..=MAX_REPEATS {
            let mut s = vec!["Binary"];
            s.extend(std::iter::repeat_n("Unary", n));
            assert_eq!(t.lookup(&s), Some(1), "{n} repeats");
        }
        let mut s = vec!["Binary"];
        s.extend(std::iter::repeat_n("Unary", MAX_REPEATS + 1));
        assert_eq!(t.lookup(&s), None);
    }

    #[test]
    fn wildcard_of_an_or_mixes_alternatives() {
        let p = &parse_patterns("1: Conv Unary|Binary*").unwrap()[0];
        let seqs = expand(p);
        // 2 + 4 + 8 + 16 + 32 sequences after Conv.
        assert_eq!(seqs.len(), 62);
        let t = Trie::build(std::slice::from_ref(p));
        assert_eq!(t.lookup(&["Conv", "Binary", "Unary", "Binary"]), Some(1));
    }

    #[test]
    fn shared_prefixes_share_nodes_and_the_higher_priority_wins() {
        let t = trie("1: Conv Unary\n5: Conv Unary\n2: Conv Binary");
        assert_eq!(t.lookup(&["Conv", "Unary"]), Some(5));
        assert_eq!(t.lookup(&["Conv", "Binary"]), Some(2));
        // root, Conv, Conv-Unary, Conv-Binary
        assert_eq!(t.num_nodes(), 4);
    }

    #[test]
    fn errors_say_line_and_column() {
        let e = parse_patterns("# ok\n1: Conv Unary\n2: Conv Relu").unwrap_err();
        assert_eq!((e.line, e.column), (3, 9));
        assert!(e.message.contains("unknown op 'Relu'"), "{}", e.message);
        let e = parse_patterns("x: Conv").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_patterns("  Conv Unary").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse_patterns("1: Conv Reshape").unwrap_err();
        assert!(e.message.contains("Reshape"));
        let e = parse_patterns("1:   ").unwrap_err();
        assert!(e.message.contains("at least one op"));
    }

    #[test]
    fn default_set_parses_and_contains_the_epilogues() {
        let t = trie(DEFAULT_PATTERNS);
        for s in [
            &["Conv", "Unary"][..],
            &["Conv", "Binary", "Unary"],
            &["Gemm", "Unary"],
            &["Gemm", "Binary"],
            &["Binary", "LayerNorm"],
            &["Gemm", "Binary", "Binary", "Softmax"],
            &["Transpose", "Gemm"],
        ] {
            assert!(t.lookup(s).is_some(), "{s:?}");
        }
    }
}

//! Einsum on run-time operands (on constants the evaluator folds it): the
//! forms attention and MLPs export (`bhqd,bhkd->bhqk`, `...ij,...jk->...ik`,
//! `bij->bji`, `ij->i`), as transposes, reduces and one batched
//! `dot_general` per operand pair.
//!
//! A pair's letters split into batch (both operands and the output),
//! contracted (both operands, not the output), and each side's free letters
//! (one operand and the output); letters only one operand has and the
//! output lacks are summed away first. Each operand is transposed to
//! `[batch, free, contracted]` / `[batch, contracted, free]` and reshaped to
//! 3-D, so the product is the batched matmul the card's NE runs; the result
//! is reshaped back and transposed to the output's order. More operands
//! are multiplied left to right, each intermediate keeping the letters the
//! rest of the equation still needs. Repeated letters within one operand
//! (diagonals) and broadcasting between different sizes are refused.

use strata_stablehlo::attrs::DotDims;

use crate::import::builder::{Combiner, FuncBuilder, Operand};
use crate::import::node::NodeCx;

/// One operand (or the result) and the letter of each of its dims.
#[derive(Clone)]
struct Term {
    x: Operand,
    letters: Vec<char>,
}

/// The equation's input terms and output letters, with `...` expanded to
/// letters of its own (`'0'..`, aligned at the right).
fn parse(eq: &str, ranks: &[usize]) -> Result<(Vec<Vec<char>>, Vec<char>), String> {
    let eq: String = eq.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != ranks.len() {
        return Err(format!("the equation has {} operands, the node {}", terms.len(), ranks.len()));
    }
    let mut ellipsis_rank = 0usize;
    let mut inputs = Vec::new();
    for (t, &rank) in terms.iter().zip(ranks) {
        let named = t.replace("...", "");
        if named.chars().any(|c| !c.is_ascii_alphabetic()) {
            return Err(format!("term '{t}' has characters other than letters and '...'"));
        }
        let letters: Vec<char> = if t.contains("...") {
            let extra = rank
                .checked_sub(named.len())
                .ok_or(format!("term '{t}' has more letters than its operand's rank {rank}"))?;
            ellipsis_rank = ellipsis_rank.max(extra);
            let (before, after) = t.split_once("...").unwrap_or((t, ""));
            let dots: Vec<char> = (0..extra).map(|i| char::from(b'0' + (ellipsis_rank - extra + i) as u8)).collect();
            before.chars().chain(dots).chain(after.chars()).collect()
        } else {
            named.chars().collect()
        };
        if letters.len() != rank {
            return Err(format!("term '{t}' has {} letters, its operand rank {rank}", letters.len()));
        }
        inputs.push(letters);
    }
    let dots: Vec<char> = (0..ellipsis_rank).map(|i| char::from(b'0' + i as u8)).collect();
    let output: Vec<char> = match rhs {
        Some(r) => {
            let (before, after) = r.split_once("...").unwrap_or((r.as_str(), ""));
            let mut out: Vec<char> = before.chars().collect();
            if r.contains("...") {
                out.extend(&dots);
            }
            out.extend(after.chars());
            if out.iter().any(|c| !c.is_ascii_alphanumeric()) {
                return Err(format!("output '{r}' has characters other than letters and '...'"));
            }
            out
        }
        None => {
            // Implicit output: the ellipsis, then the letters used once, sorted.
            let mut once: Vec<char> = ('a'..='z')
                .chain('A'..='Z')
                .filter(|c| inputs.iter().flatten().filter(|x| *x == c).count() == 1)
                .collect();
            once.sort_unstable();
            dots.iter().copied().chain(once).collect()
        }
    };
    Ok((inputs, output))
}

fn size_of(t: &Term, c: char) -> i64 {
    t.letters.iter().position(|&l| l == c).map_or(1, |p| t.x.shape[p])
}

/// `t` with the dims of the letters `keep` lacks summed away.
fn sum_away(b: &mut FuncBuilder, t: Term, keep: &[char]) -> Term {
    let dims: Vec<i64> = (0..t.letters.len()).filter(|&d| !keep.contains(&t.letters[d])).map(|d| d as i64).collect();
    if dims.is_empty() {
        return t;
    }
    let x = b.reduce(&t.x, &dims, Combiner::Add);
    Term { x, letters: t.letters.into_iter().filter(|c| keep.contains(c)).collect() }
}

/// `t` transposed to the letter order `order`.
fn arrange(b: &mut FuncBuilder, t: &Term, order: &[char]) -> Operand {
    let perm: Vec<i64> = order.iter().map(|c| t.letters.iter().position(|l| l == c).unwrap_or(0) as i64).collect();
    if perm.iter().enumerate().all(|(i, &p)| i as i64 == p) {
        return t.x.clone();
    }
    b.transpose(&t.x, &perm)
}

/// The product of `a` and `b` keeping the letters `keep` (in a's free,
/// b's free order after the batch letters).
fn pair(b: &mut FuncBuilder, a: Term, c: Term, keep: &[char]) -> Result<Term, String> {
    let in_both = |l: &char| a.letters.contains(l) && c.letters.contains(l);
    let batch: Vec<char> = a.letters.iter().copied().filter(|l| in_both(l) && keep.contains(l)).collect();
    let contract: Vec<char> = a.letters.iter().copied().filter(|l| in_both(l) && !keep.contains(l)).collect();
    let a_free: Vec<char> = a.letters.iter().copied().filter(|l| !c.letters.contains(l)).collect();
    let c_free: Vec<char> = c.letters.iter().copied().filter(|l| !a.letters.contains(l)).collect();
    for &l in batch.iter().chain(&contract) {
        if size_of(&a, l) != size_of(&c, l) {
            return Err(format!("letter '{l}' has sizes {} and {} in two operands", size_of(&a, l), size_of(&c, l)));
        }
    }
    let n = |t: &Term, ls: &[char]| ls.iter().map(|&l| size_of(t, l)).product::<i64>();
    let (nb, m, k, nn) = (n(&a, &batch), n(&a, &a_free), n(&a, &contract), n(&c, &c_free));
    let a_order: Vec<char> = batch.iter().chain(&a_free).chain(&contract).copied().collect();
    let c_order: Vec<char> = batch.iter().chain(&contract).chain(&c_free).copied().collect();
    let at = arrange(b, &a, &a_order);
    let ct = arrange(b, &c, &c_order);
    let a3 = b.reshape(&at, &[nb, m, k]);
    let c3 = b.reshape(&ct, &[nb, k, nn]);
    let dims = DotDims { lhs_batch: vec![0], rhs_batch: vec![0], lhs_contracting: vec![2], rhs_contracting: vec![1] };
    let prod = crate::import::nn::dot_general(b, &a3, &c3, dims, vec![nb, m, nn]);
    let letters: Vec<char> = batch.iter().chain(&a_free).chain(&c_free).copied().collect();
    let shape: Vec<i64> = batch
        .iter()
        .map(|&l| size_of(&a, l))
        .chain(a_free.iter().map(|&l| size_of(&a, l)))
        .chain(c_free.iter().map(|&l| size_of(&c, l)))
        .collect();
    Ok(Term { x: b.reshape(&prod, &shape), letters })
}

pub fn einsum(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let eq = cx.string("equation", "")?;
    let operands: Vec<&Operand> = cx.ins.iter().flatten().collect();
    if operands.is_empty() {
        return Err("Einsum needs at least one input".into());
    }
    if operands.iter().any(|o| o.dtype != operands[0].dtype) {
        return Err("the inputs differ in element type".into());
    }
    let ranks: Vec<usize> = operands.iter().map(|o| o.rank()).collect();
    let (inputs, output) = parse(&eq, &ranks).map_err(|e| format!("equation '{eq}': {e}"))?;
    for letters in &inputs {
        for (i, l) in letters.iter().enumerate() {
            if letters[..i].contains(l) {
                return Err(format!(
                    "equation '{eq}': letter '{l}' repeats within one operand (a diagonal), which is not supported"
                ));
            }
        }
    }
    if let Some(l) = output.iter().find(|l| !inputs.iter().flatten().any(|x| x == *l)) {
        return Err(format!("equation '{eq}': output letter '{l}' is in no operand"));
    }
    let terms: Vec<Term> =
        inputs.into_iter().zip(operands).map(|(letters, x)| Term { x: x.clone(), letters }).collect();
    // Letters needed after operand i: the output's and those of later operands.
    let needed_after = |i: usize| -> Vec<char> {
        output.iter().copied().chain(terms[i + 1..].iter().flat_map(|t| t.letters.iter().copied())).collect()
    };
    let mut acc = sum_away(b, terms[0].clone(), &needed_after(0));
    for (i, term) in terms.iter().enumerate().skip(1) {
        let mut keep_next = needed_after(i);
        keep_next.extend(acc.letters.iter().copied());
        let next = sum_away(b, term.clone(), &keep_next);
        acc = pair(b, acc, next, &needed_after(i))?;
    }
    let acc = sum_away(b, acc, &output);
    Ok(arrange(b, &acc, &output))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn equations_parse_with_ellipses_and_implicit_outputs() {
        let (i, o) = parse("bhqd, bhkd -> bhqk", &[4, 4]).unwrap();
        assert_eq!(
            (i[0].iter().collect::<String>(), i[1].iter().collect::<String>(), o.iter().collect::<String>()),
            ("bhqd".into(), "bhkd".into(), "bhqk".into())
        );
        let (i, o) = parse("...ij,...jk->...ik", &[4, 4]).unwrap();
        assert_eq!(i[0], vec!['0', '1', 'i', 'j']);
        assert_eq!(o, vec!['0', '1', 'i', 'k']);
        let (_, o) = parse("ij,jk", &[2, 2]).unwrap();
        assert_eq!(o, vec!['i', 'k']);
        assert!(parse("ij,jk->ik", &[2]).is_err());
        assert!(parse("ijk->i", &[2]).is_err());
    }
}

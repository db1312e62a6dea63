//! The operator library's operation codes (`TX8_BINARY_*`, `TX8_UNARY_*`
//! in tx8.h) for the kinds of `tx8be.Binary` and `tx8be.Unary`.

/// `op_eltwise_binary` code of a binary kind.
pub fn binary_code(kind: &str) -> Option<u32> {
    Some(match kind {
        "add" => 0,
        "sub" => 1,
        "mul" => 2,
        "div" => 3,
        "max" => 4,
        "min" => 5,
        "pow" => 6,
        "eq" => 7,
        "ne" => 8,
        "lt" => 9,
        "le" => 10,
        "gt" => 11,
        "ge" => 12,
        "and" => 13,
        "or" => 14,
        "xor" => 15,
        _ => return None,
    })
}

/// `op_eltwise_unary` code of a unary kind, and whether it takes the
/// parameters of `op_eltwise_unary_param` (alpha, beta).
pub fn unary_code(kind: &str) -> Option<(u32, bool)> {
    Some(match kind {
        "relu" => (0, false),
        "exp" => (1, false),
        "sigmoid" => (2, false),
        "tanh" => (3, false),
        "gelu" => (4, false),
        "silu" => (5, false),
        "abs" => (6, false),
        "rsqrt" => (7, false),
        "sqrt" => (8, false),
        "log" => (9, false),
        "neg" => (10, false),
        "recip" => (11, false),
        "erf" => (12, false),
        "floor" => (13, false),
        "ceil" => (14, false),
        "leaky_relu" => (16, true),
        "hard_sigmoid" => (17, true),
        "hard_swish" => (18, true),
        "clip" => (19, true),
        "gelu_erf" => (20, true),
        "elu" => (21, true),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes must be the ones tx8.h defines: read them from the header.
    #[test]
    fn codes_match_the_header() {
        let header = include_str!("../../../tx8-cmodel/include/tx8.h");
        let mut checked = 0;
        for line in header.lines() {
            let Some(rest) = line.strip_prefix("#define TX8_") else { continue };
            let mut parts = rest.split_whitespace();
            let (Some(name), Some(value)) = (parts.next(), parts.next()) else { continue };
            let Ok(value) = value.parse::<u32>() else { continue };
            let kind = |p: &str| name.strip_prefix(p).map(|k| k.to_ascii_lowercase());
            if let Some(k) = kind("BINARY_") {
                assert_eq!(binary_code(&k), Some(value), "{name}");
                checked += 1;
            } else if let Some(k) = kind("UNARY_") {
                assert_eq!(unary_code(&k).map(|c| c.0), Some(value), "{name}");
                checked += 1;
            }
        }
        assert!(checked >= 30, "only {checked} codes found in tx8.h");
    }
}

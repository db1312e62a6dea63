//! The regular expressions of `expected-*-re` annotations: POSIX extended
//! regular expressions as LLVM's `llvm::Regex` (BSD regcomp, `REG_EXTENDED`)
//! reads them, searched anywhere in a diagnostic's message.
//!
//! Only "does it match somewhere" is asked, and that answer does not depend
//! on POSIX's leftmost-longest rule, so a plain backtracking matcher gives
//! the same verdicts. Syntax: literals, `\` + any character (that
//! character), `.`, bracket expressions (`[abc]`, `[^a-z]`, `[]x]`,
//! `[[:alpha:]]` and the other POSIX classes), groups `( )`, alternation
//! `|`, anchors `^` `$`, and the repetitions `*` `+` `?` `{m}` `{m,}`
//! `{m,n}`. No crate dependency: the workspace has no regex crate.

/// A compiled expression.
#[derive(Debug, Clone)]
pub struct Regex {
    alt: Alt,
}

type Alt = Vec<Seq>;
type Seq = Vec<Piece>;

#[derive(Debug, Clone)]
struct Piece {
    atom: Atom,
    min: usize,
    max: usize,
}

#[derive(Debug, Clone)]
enum Atom {
    Char(char),
    Any,
    Class { negated: bool, items: Vec<ClassItem> },
    Group(Alt),
    Start,
    End,
}

#[derive(Debug, Clone)]
enum ClassItem {
    Range(char, char),
    Named(fn(char) -> bool),
}

/// Repetition counts past this are refused (BSD regcomp's `RE_DUP_MAX`).
const DUP_MAX: usize = 255;

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    /// The error in regcomp's words (`regerror`), as mlir-opt prints them.
    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(what.to_string())
    }

    fn alt(&mut self, depth: usize) -> Result<Alt, String> {
        let mut alt = vec![self.seq(depth)?];
        while self.peek() == Some('|') {
            self.pos += 1;
            alt.push(self.seq(depth)?);
        }
        Ok(alt)
    }

    fn seq(&mut self, depth: usize) -> Result<Seq, String> {
        let mut seq = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || (c == ')' && depth > 0) {
                break;
            }
            let atom = self.atom(depth)?;
            let (min, max) = self.repetition()?;
            if matches!(atom, Atom::Start | Atom::End) && (min, max) != (1, 1) {
                return self.err("repetition-operator operand invalid");
            }
            seq.push(Piece { atom, min, max });
        }
        Ok(seq)
    }

    fn atom(&mut self, depth: usize) -> Result<Atom, String> {
        let c = self.peek().expect("caller checked");
        self.pos += 1;
        Ok(match c {
            '.' => Atom::Any,
            '^' => Atom::Start,
            '$' => Atom::End,
            '(' => {
                let inner = self.alt(depth + 1)?;
                if self.peek() != Some(')') {
                    return self.err("parentheses not balanced");
                }
                self.pos += 1;
                Atom::Group(inner)
            }
            ')' => return self.err("parentheses not balanced"),
            '*' | '+' | '?' => return self.err("repetition-operator operand invalid"),
            '[' => self.bracket()?,
            '\\' => match self.peek() {
                Some(e) => {
                    self.pos += 1;
                    Atom::Char(e)
                }
                None => return self.err("trailing backslash (\\)"),
            },
            '{' if self.peek().is_some_and(|d| d.is_ascii_digit()) => {
                return self.err("repetition-operator operand invalid");
            }
            other => Atom::Char(other),
        })
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|d| d.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        digits.parse().ok()
    }

    /// `(min, max)` of the repetition after an atom (`(1, 1)` if none);
    /// several in a row compose (`a**` is `a*`).
    fn repetition(&mut self) -> Result<(usize, usize), String> {
        let (mut min, mut max) = (1usize, 1usize);
        loop {
            let (lo, hi) = match self.peek() {
                Some('*') => (0, usize::MAX),
                Some('+') => (1, usize::MAX),
                Some('?') => (0, 1),
                Some('{') if self.chars.get(self.pos + 1).is_some_and(|d| d.is_ascii_digit()) => {
                    self.pos += 1;
                    let lo = self.number().unwrap_or(DUP_MAX + 1);
                    let hi = if self.peek() == Some(',') {
                        self.pos += 1;
                        if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                            self.number().unwrap_or(DUP_MAX + 1)
                        } else {
                            usize::MAX
                        }
                    } else {
                        lo
                    };
                    if self.peek() != Some('}') {
                        return self.err("braces not balanced");
                    }
                    if lo > DUP_MAX || (hi != usize::MAX && (hi > DUP_MAX || hi < lo)) {
                        return self.err("invalid repetition count(s)");
                    }
                    (lo, hi)
                }
                _ => return Ok((min, max)),
            };
            self.pos += 1;
            min = min.saturating_mul(lo);
            max = if max == usize::MAX || hi == usize::MAX { usize::MAX } else { max.saturating_mul(hi) };
        }
    }

    fn bracket(&mut self) -> Result<Atom, String> {
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else { return self.err("brackets ([ ]) not balanced") };
            if c == ']' && !first {
                self.pos += 1;
                break;
            }
            first = false;
            if c == '[' && self.chars.get(self.pos + 1) == Some(&':') {
                let rest: String = self.chars[self.pos + 2..].iter().collect();
                let Some(end) = rest.find(":]") else { return self.err("brackets ([ ]) not balanced") };
                let name = &rest[..end];
                let f: fn(char) -> bool = match name {
                    "alpha" => |c| c.is_ascii_alphabetic(),
                    "digit" => |c| c.is_ascii_digit(),
                    "alnum" => |c| c.is_ascii_alphanumeric(),
                    "upper" => |c| c.is_ascii_uppercase(),
                    "lower" => |c| c.is_ascii_lowercase(),
                    "space" => |c| c.is_ascii_whitespace() || c == '\u{b}',
                    "blank" => |c| c == ' ' || c == '\t',
                    "punct" => |c| c.is_ascii_punctuation(),
                    "xdigit" => |c| c.is_ascii_hexdigit(),
                    "cntrl" => |c| c.is_ascii_control(),
                    "print" => |c| (' '..='~').contains(&c),
                    "graph" => |c| ('!'..='~').contains(&c),
                    _ => return self.err("invalid character class"),
                };
                self.pos += 2 + name.chars().count() + 2;
                items.push(ClassItem::Named(f));
                continue;
            }
            self.pos += 1;
            let lo = c;
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|&n| n != ']') {
                let hi = self.chars[self.pos + 1];
                self.pos += 2;
                if hi < lo {
                    return self.err("invalid character range");
                }
                items.push(ClassItem::Range(lo, hi));
            } else {
                items.push(ClassItem::Range(lo, lo));
            }
        }
        Ok(Atom::Class { negated, items })
    }
}

impl Regex {
    /// Compiles `pattern`; the error says what is wrong, as "invalid regex: ..." wants it.
    pub fn new(pattern: &str) -> Result<Regex, String> {
        let mut p = Parser { chars: pattern.chars().collect(), pos: 0 };
        let alt = p.alt(0)?;
        if p.pos != p.chars.len() {
            return p.err("parentheses not balanced");
        }
        Ok(Regex { alt })
    }

    /// Whether the expression matches some part of `text`.
    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        (0..=chars.len()).any(|start| match_alt(&self.alt, &chars, start, &mut |_| true))
    }
}

/// Matches `alt` at `pos`, then asks `k` whether the rest matches from
/// where it ended (continuation-passing backtracking).
fn match_alt(alt: &Alt, text: &[char], pos: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    alt.iter().any(|seq| match_seq(seq, 0, text, pos, k))
}

fn match_seq(seq: &Seq, i: usize, text: &[char], pos: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match seq.get(i) {
        None => k(pos),
        Some(piece) => match_repeat(seq, i, piece, 0, text, pos, k),
    }
}

/// Greedy repetition of `piece` (the `count`-th time so far) followed by
/// the rest of `seq`. An iteration that consumes nothing ends the loop, so
/// `(a*)*` cannot recurse forever.
fn match_repeat(
    seq: &Seq,
    i: usize,
    piece: &Piece,
    count: usize,
    text: &[char],
    pos: usize,
    k: &mut dyn FnMut(usize) -> bool,
) -> bool {
    if count < piece.max {
        let more = match_atom(&piece.atom, text, pos, &mut |p| {
            (p != pos || count < piece.min) && match_repeat(seq, i, piece, count + 1, text, p, k)
        });
        if more {
            return true;
        }
    }
    count >= piece.min && match_seq(seq, i + 1, text, pos, k)
}

fn match_atom(atom: &Atom, text: &[char], pos: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match atom {
        Atom::Char(c) => text.get(pos) == Some(c) && k(pos + 1),
        Atom::Any => pos < text.len() && k(pos + 1),
        Atom::Class { negated, items } => {
            let Some(&c) = text.get(pos) else { return false };
            let inside = items.iter().any(|it| match it {
                ClassItem::Range(lo, hi) => (*lo..=*hi).contains(&c),
                ClassItem::Named(f) => f(c),
            });
            inside != *negated && k(pos + 1)
        }
        Atom::Group(alt) => match_alt(alt, text, pos, k),
        Atom::Start => pos == 0 && k(pos),
        Atom::End => pos == text.len() && k(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::Regex;

    fn m(re: &str, text: &str) -> bool {
        Regex::new(re).unwrap_or_else(|e| panic!("{re}: {e}")).is_match(text)
    }

    #[test]
    fn searches_anywhere_with_ere_syntax() {
        assert!(m("i[0-9]+", "type 'i32' here"));
        assert!(!m("^i[0-9]+$", "type 'i32' here"));
        assert!(m("^type '(i|f)32'", "type 'i32' here"));
        assert!(m("(64|32)", "i64"));
        assert!(m("[[:alpha:]]+", "cast incompatible"));
        assert!(!m("[[:digit:]]", "no digits"));
        assert!(m("a{2,3}b", "xaaab"));
        assert!(!m("^a{2,3}b", "ab"));
        assert!(m("a{2}", "aa"));
        assert!(m("[^a-z]", "abc1"));
        assert!(!m("[^a-z]", "abc"));
        assert!(m("[]x]", "]"));
        assert!(m("\\.\\*", "a.*b"));
        assert!(!m("\\.", "ab"));
        assert!(m(".*", ""));
        assert!(m("", "anything"));
        assert!(m("(a*)*b", "aaab"));
        assert!(!m("(a*)*c", "aaab"));
        assert!(m("x?y", "y"));
        assert!(m("{", "{"));
    }

    #[test]
    fn bad_patterns_are_errors() {
        for bad in ["(", ")", "[a", "*a", "a{3,1}", "a{2", "[[:nope:]]", "\\", "[z-a]", "a{256}"] {
            assert!(Regex::new(bad).is_err(), "{bad} compiled");
        }
    }
}

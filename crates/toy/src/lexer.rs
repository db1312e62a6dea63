//! The Toy lexer: the tutorial's character-at-a-time lexer, with its exact
//! line/column bookkeeping (locations are those of the first character of a
//! token, lines and columns counted from 1) and its token numbering, which
//! shows up in parse error messages ("but has Token -6").

/// A token: a character (its byte value, bytes above 127 sign-extended as
/// the tutorial's `char` is) or one of the negative codes below.
pub type Token = i32;

pub const TOK_EOF: Token = -1;
pub const TOK_RETURN: Token = -2;
pub const TOK_VAR: Token = -3;
pub const TOK_DEF: Token = -4;

/// Location of a token or AST node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

/// Token codes differ between chapters: chapter 7 adds `struct` as -5 and
/// shifts identifiers and numbers down by one.
#[derive(Clone, Copy, Debug)]
pub struct TokenCodes {
    pub has_struct: bool,
    pub structure: Token,
    pub identifier: Token,
    pub number: Token,
}

impl TokenCodes {
    pub fn for_chapter(chapter: u32) -> TokenCodes {
        if chapter >= 7 {
            TokenCodes { has_struct: true, structure: -5, identifier: -6, number: -7 }
        } else {
            // `structure` is never produced before chapter 7.
            TokenCodes { has_struct: false, structure: i32::MIN, identifier: -5, number: -6 }
        }
    }
}

pub struct Lexer<'s> {
    /// The input with a leading newline: the tutorial's lexer starts with a
    /// one-newline line buffer, which is what makes lines count from 1.
    text: Vec<u8>,
    pos: usize,
    _src: std::marker::PhantomData<&'s ()>,
    pub codes: TokenCodes,
    cur_tok: Token,
    last_char: i32,
    line: u32,
    col: u32,
    last_loc: Loc,
    identifier: String,
    number: f64,
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s [u8], codes: TokenCodes) -> Lexer<'s> {
        let mut text = Vec::with_capacity(src.len() + 1);
        text.push(b'\n');
        // The tutorial reads lines up to a NUL byte: nothing after it exists.
        let end = src.iter().position(|&b| b == 0).unwrap_or(src.len());
        text.extend_from_slice(&src[..end]);
        Lexer {
            text,
            pos: 0,
            _src: std::marker::PhantomData,
            codes,
            cur_tok: TOK_EOF,
            last_char: b' ' as i32,
            line: 0,
            col: 0,
            last_loc: Loc { line: 0, col: 0 },
            identifier: String::new(),
            number: 0.0,
        }
    }

    pub fn cur(&self) -> Token {
        self.cur_tok
    }
    pub fn advance(&mut self) -> Token {
        self.cur_tok = self.get_tok();
        self.cur_tok
    }
    /// Moves past the current token (the tutorial asserts it is the
    /// expected one only in debug builds; its release behaviour is to move on).
    pub fn consume(&mut self) {
        self.advance();
    }
    /// The last identifier read (stale when the current token is another).
    pub fn identifier(&self) -> &str {
        &self.identifier
    }
    pub fn number(&self) -> f64 {
        self.number
    }
    pub fn last_loc(&self) -> Loc {
        self.last_loc
    }

    fn next_char(&mut self) -> i32 {
        if self.pos >= self.text.len() {
            return -1;
        }
        self.col += 1;
        let c = self.text[self.pos];
        self.pos += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 0;
        }
        // Bytes read as 0..=255. (The tutorial's signed `char` makes 0xFF an
        // end of file and other high bytes alias keyword tokens, silently
        // truncating or misreading non-ASCII input; here they are unknown
        // characters the parser reports.)
        c as i32
    }

    fn is_space(c: i32) -> bool {
        matches!(c, 0x20 | 0x09..=0x0d)
    }
    fn is_alpha(c: i32) -> bool {
        (0..128).contains(&c) && (c as u8).is_ascii_alphabetic()
    }
    fn is_digit(c: i32) -> bool {
        (0..128).contains(&c) && (c as u8).is_ascii_digit()
    }

    fn get_tok(&mut self) -> Token {
        loop {
            while Self::is_space(self.last_char) {
                self.last_char = self.next_char();
            }
            self.last_loc = Loc { line: self.line, col: self.col };
            if Self::is_alpha(self.last_char) {
                let mut id = String::new();
                id.push(self.last_char as u8 as char);
                loop {
                    self.last_char = self.next_char();
                    if Self::is_alpha(self.last_char) || Self::is_digit(self.last_char) || self.last_char == b'_' as i32
                    {
                        id.push(self.last_char as u8 as char);
                    } else {
                        break;
                    }
                }
                let tok = match id.as_str() {
                    "return" => TOK_RETURN,
                    "def" => TOK_DEF,
                    "struct" if self.codes.has_struct => self.codes.structure,
                    "var" => TOK_VAR,
                    _ => self.codes.identifier,
                };
                self.identifier = id;
                return tok;
            }
            if Self::is_digit(self.last_char) {
                let mut s = String::new();
                loop {
                    s.push(self.last_char as u8 as char);
                    self.last_char = self.next_char();
                    if !(Self::is_digit(self.last_char) || self.last_char == b'.' as i32) {
                        break;
                    }
                }
                self.number = strtod_prefix(&s);
                return self.codes.number;
            }
            if self.last_char == b'#' as i32 {
                loop {
                    self.last_char = self.next_char();
                    if self.last_char == -1 || self.last_char == b'\n' as i32 || self.last_char == b'\r' as i32 {
                        break;
                    }
                }
                if self.last_char != -1 {
                    continue;
                }
            }
            if self.last_char == -1 {
                return TOK_EOF;
            }
            let this = self.last_char;
            self.last_char = self.next_char();
            return this;
        }
    }
}

/// `strtod` on `[0-9][0-9.]*`: the longest prefix that is a number.
fn strtod_prefix(s: &str) -> f64 {
    let end = match s.find('.') {
        Some(first) => s[first + 1..].find('.').map_or(s.len(), |second| first + 1 + second),
        None => s.len(),
    };
    s[..end].parse::<f64>().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_from_one() {
        let mut lx = Lexer::new(b"def f(a)\n  return;", TokenCodes::for_chapter(7));
        assert_eq!(lx.advance(), TOK_DEF);
        assert_eq!(lx.last_loc(), Loc { line: 1, col: 1 });
        assert_eq!(lx.advance(), -6);
        assert_eq!(lx.last_loc(), Loc { line: 1, col: 5 });
        lx.advance();
        lx.advance();
        lx.advance();
        assert_eq!(lx.advance(), TOK_RETURN);
        assert_eq!(lx.last_loc(), Loc { line: 2, col: 3 });
    }

    #[test]
    fn numbers_take_the_longest_prefix() {
        assert_eq!(strtod_prefix("1.5.2"), 1.5);
        assert_eq!(strtod_prefix("12."), 12.0);
    }
}

// RUN: %roundtrip %s
// Strings (escapes: \n \t \" \\ and \XX hex bytes, non-ASCII bytes, empty),
// typed strings, and unit attributes (name only).

func.func private @strings() attributes {
  empty = "", plain = "hello world", quote = "say \"hi\"", backslash = "a\\b",
  newline = "line1\nline2", tab = "a\tb", hex = "\00\01\7F\FF", utf8 = "h\C3\A9llo",
  typed = "abc" : i32, long = "the quick brown fox jumps over the lazy dog 0123456789",
  unit_attr, another_unit
}

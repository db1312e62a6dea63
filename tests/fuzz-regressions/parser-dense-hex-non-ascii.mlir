// RUN: strata-opt %s --allow-unregistered-dialect -verify-diagnostics
//
// Fuzz regression (fuzz/, target parse_mlir, plain): a hex dense blob with a
// non-ASCII character panics the parser:
//   panicked at crates/strata-ir/src/parser/attrs.rs:310:92:
//   end byte index 2 is not a char boundary; it is inside 'Ǽ' (bytes 1..3) of `0Ǽ0`
// Cause: parse_dense slices the hex text by byte pairs (`&hex[2 * i..2 * i + 2]`)
// without checking the text is ASCII. `cargo fuzz tmin` reduced the fuzzer's input
// to the 19 bytes `"i"()<dense<"0x0Ǽ"`. The diagnostic below is mlir-opt's.
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.op"() {a = dense<"0x0Ǽ0"> : tensor<2xi8>} : () -> ()

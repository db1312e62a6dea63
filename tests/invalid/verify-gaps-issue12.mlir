// RUN: strata-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not strata-opt %s -split-input-file -allow-unregistered-dialect -o /dev/null
// RUN: mlir-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// Invalid IR that used to pass verification and then print lossy or
// unparseable text: symbol visibilities other than public/private/nested
// (in the generic form) or restated in a function's attribute dictionary;
// index casts that do not cast to or from index; memref.alloc whose size
// operands do not match the dynamic dimensions; an empty block in a
// multi-block region (also of an unregistered op); memory spaces that are
// not integer, string, dictionary or non-builtin attributes.

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "bogus"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @g() attributes {sym_visibility = "private"} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @g2() attributes {sym_name = "other"} {
  return
}

// -----

func.func @index_cast_int_to_int(%a: i32) -> i64 {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return %0 : i64
}

// -----

func.func @index_cast_index_to_index(%a: index) -> index {
  // expected-error@+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %a : index to index
  return %0 : index
}

// -----

func.func @index_castui_vector(%a: vector<2xi32>) -> vector<2xi64> {
  // expected-error@+1 {{'arith.index_castui' op operand type 'vector<2xi32>' and result type 'vector<2xi64>' are cast incompatible}}
  %0 = arith.index_castui %a : vector<2xi32> to vector<2xi64>
  return %0 : vector<2xi64>
}

// -----

func.func @alloc_too_many_sizes(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = memref.alloc(%n, %n) : memref<?x4xf32>
  return
}

// -----

func.func @alloc_missing_size() {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?x4xf32>
  return
}

// -----

func.func @alloc_symbols(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @empty_later_block() {
  cf.br ^a
^a:
}

// -----

func.func @empty_block_unregistered_op() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  "test.op"() ({
    "test.br"()[^x] : () -> ()
  ^x:
  }) : () -> ()
  return
}

// -----

func.func @memory_space_float() {
  // expected-error@+1 {{unsupported memory space Attribute}}
  %0 = memref.alloc() : memref<4xf32, 1.5>
  return
}

// -----

func.func @memory_space_array() {
  // expected-error@+1 {{unsupported memory space Attribute}}
  %0 = memref.alloc() : memref<4xf32, [1]>
  return
}

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @memory_space_unranked(memref<*xf32, 1.5>)


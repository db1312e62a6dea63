// RUN: %roundtrip %s
// Function types: empty, multiple results (parenthesised), single result (bare),
// function types as argument/result types (nested), and in type attributes.

func.func private @none()
func.func private @one_result(i32) -> i32
func.func private @multi_result(i32, f32) -> (i32, f32)
func.func private @empty_results(i32) -> ()
func.func private @takes_fn((i32) -> i32, () -> ()) -> ((f32) -> (f32, f32))
func.func private @returns_fn() -> ((i1) -> ((i8) -> i16))
func.func private @fn_type_attr() attributes {t0 = () -> (), t1 = (i32, i64) -> (f32, f64), t2 = ((i1) -> i1) -> i1}

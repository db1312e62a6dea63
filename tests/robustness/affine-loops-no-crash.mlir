// RUN: bash %S/../tools/affine-loops-no-crash.sh 1 150
// Programs of affine.for loops (empty bodies, iter_args, zero-trip and
// symbolic bounds, nesting, a caller to inline) from
// tools/gen-affine-loops.py: -canonicalize, -inline and -cse must not
// crash on any of them. Before the fix most seeds from 6 on panicked under
// -canonicalize and -inline (a dead loop with iter_args: its body ops were
// notified as erased in forward order, so the yield re-queued the add it
// uses after the add had been dequeued, and the driver later erased the
// erased add again: body.rs "range end index out of range").

// mlir-opt's printing flags give the same output from strata-opt, each
// alone and combined, in custom and generic form: users comments
// (--mlir-print-value-users), unique SSA ids, skipped regions, NameLoc
// prefixes (results, block arguments, fused and call-site locations), the
// hex threshold of dense elements (a limit, 0, -1), pretty debug info
// (unquoted files, no loc()/fused/callsite keywords, aliases for nested
// locations). Each output is compared byte for byte with mlir-opt's.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users %S/Inputs/print-flags.mlir > %t.users.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users %S/Inputs/print-flags.mlir > %t.users
// RUN: diff %t.users.ref %t.users
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.users.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.users.gen
// RUN: diff %t.users.gen.ref %t.users.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users %S/Inputs/value-users.mlir > %t.users2.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users %S/Inputs/value-users.mlir > %t.users2
// RUN: diff %t.users2.ref %t.users2
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-op-generic %S/Inputs/value-users.mlir > %t.users2.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-op-generic %S/Inputs/value-users.mlir > %t.users2.gen
// RUN: diff %t.users2.gen.ref %t.users2.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-debuginfo %S/Inputs/print-flags.mlir > %t.usersloc.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-debuginfo %S/Inputs/print-flags.mlir > %t.usersloc
// RUN: diff %t.usersloc.ref %t.usersloc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.usersloc.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.usersloc.gen
// RUN: diff %t.usersloc.gen.ref %t.usersloc.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids %S/Inputs/print-flags.mlir > %t.unique.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids %S/Inputs/print-flags.mlir > %t.unique
// RUN: diff %t.unique.ref %t.unique
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.unique.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.unique.gen
// RUN: diff %t.unique.gen.ref %t.unique.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-skip-regions %S/Inputs/print-flags.mlir > %t.skip.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-skip-regions %S/Inputs/print-flags.mlir > %t.skip
// RUN: diff %t.skip.ref %t.skip
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-skip-regions --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.skip.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-skip-regions --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.skip.gen
// RUN: diff %t.skip.gen.ref %t.skip.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix %S/Inputs/print-flags.mlir > %t.nameloc.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix %S/Inputs/print-flags.mlir > %t.nameloc
// RUN: diff %t.nameloc.ref %t.nameloc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.nameloc.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.nameloc.gen
// RUN: diff %t.nameloc.gen.ref %t.nameloc.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-unique-ssa-ids --mlir-print-value-users %S/Inputs/print-flags.mlir > %t.combo.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-unique-ssa-ids --mlir-print-value-users %S/Inputs/print-flags.mlir > %t.combo
// RUN: diff %t.combo.ref %t.combo
// RUN: mlir-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-unique-ssa-ids --mlir-print-value-users --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.combo.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-unique-ssa-ids --mlir-print-value-users --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.combo.gen
// RUN: diff %t.combo.gen.ref %t.combo.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %S/Inputs/print-flags.mlir > %t.hex2.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %S/Inputs/print-flags.mlir > %t.hex2
// RUN: diff %t.hex2.ref %t.hex2
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hex2.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hex2.gen
// RUN: diff %t.hex2.gen.ref %t.hex2.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 %S/Inputs/print-flags.mlir > %t.hex0.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 %S/Inputs/print-flags.mlir > %t.hex0
// RUN: diff %t.hex0.ref %t.hex0
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hex0.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hex0.gen
// RUN: diff %t.hex0.gen.ref %t.hex0.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %S/Inputs/print-flags.mlir > %t.hexoff.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %S/Inputs/print-flags.mlir > %t.hexoff
// RUN: diff %t.hexoff.ref %t.hexoff
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hexoff.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.hexoff.gen
// RUN: diff %t.hexoff.gen.ref %t.hexoff.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo %S/Inputs/print-flags.mlir > %t.pretty.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo %S/Inputs/print-flags.mlir > %t.pretty
// RUN: diff %t.pretty.ref %t.pretty
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.pretty.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.pretty.gen
// RUN: diff %t.pretty.gen.ref %t.pretty.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-pretty-debuginfo %S/Inputs/print-flags.mlir > %t.prettyonly.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-pretty-debuginfo %S/Inputs/print-flags.mlir > %t.prettyonly
// RUN: diff %t.prettyonly.ref %t.prettyonly
// RUN: mlir-opt --allow-unregistered-dialect --mlir-pretty-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.prettyonly.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-pretty-debuginfo --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.prettyonly.gen
// RUN: diff %t.prettyonly.gen.ref %t.prettyonly.gen
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-value-users --mlir-use-nameloc-as-prefix --mlir-print-skip-regions --mlir-print-elementsattrs-with-hex-if-larger=3 %S/Inputs/print-flags.mlir > %t.all.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-value-users --mlir-use-nameloc-as-prefix --mlir-print-skip-regions --mlir-print-elementsattrs-with-hex-if-larger=3 %S/Inputs/print-flags.mlir > %t.all
// RUN: diff %t.all.ref %t.all
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-value-users --mlir-use-nameloc-as-prefix --mlir-print-skip-regions --mlir-print-elementsattrs-with-hex-if-larger=3 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.all.gen.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-value-users --mlir-use-nameloc-as-prefix --mlir-print-skip-regions --mlir-print-elementsattrs-with-hex-if-larger=3 --mlir-print-op-generic %S/Inputs/print-flags.mlir > %t.all.gen
// RUN: diff %t.all.gen.ref %t.all.gen

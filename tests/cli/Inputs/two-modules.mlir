// Two top-level ops: an error with --no-implicit-module.
module {
}
module {
}

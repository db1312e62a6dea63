//! Command-line options in LLVM's `cl` style, as `mlir-opt` accepts them:
//! one or two leading dashes, values after `=` or as the next argument
//! (`-o out`, `--o=out`, `-split-input-file`). Short-flag clustering does not
//! exist in this style, so `-cse` is the option `cse`, never `-c -s -e`.

#[derive(Default, Debug)]
pub struct Options {
    pub input: Option<String>,
    pub output: Option<String>,
    /// `--split-input-file[=MARKER]`: the marker to split the input on.
    pub split_input_file: Option<String>,
    /// `--output-split-marker`: printed between the chunks' outputs.
    pub output_split_marker: Option<String>,
    pub print_generic: bool,
    pub allow_unregistered: bool,
    pub debug_info: bool,
    pub verify_diagnostics: bool,
    pub no_implicit_module: bool,
    pub local_scope: bool,
    pub elide_elements_larger: Option<usize>,
    pub show_version: bool,
    pub show_help: bool,
    /// `--show-dialects`, `--list-passes`: print the list and exit.
    pub show_dialects: bool,
    pub list_passes: bool,
    /// `--emit-bytecode`: refused (Strata writes MLIR text only).
    pub emit_bytecode: bool,
    /// `--mlir-disable-diagnostic-notes`: standalone notes are dropped.
    pub disable_diagnostic_notes: bool,
    /// `--mlir-very-unsafe-disable-verifier-on-parsing`.
    pub skip_verify_on_parse: bool,
    /// `--mlir-print-*` printing flags beyond the ones above.
    pub print_assume_verified: bool,
    pub print_skip_regions: bool,
    pub print_unique_ssa_ids: bool,
    pub print_value_users: bool,
    pub pretty_debuginfo: bool,
    pub use_nameloc_as_prefix: bool,
    /// `--mlir-print-elementsattrs-with-hex-if-larger` (-1: never).
    pub hex_if_larger: Option<i64>,
    /// `--pass-pipeline=...`
    pub pass_pipeline: Option<String>,
    pub timing: bool,
    pub disable_threading: bool,
    pub verify_each: bool,
    pub dump_pass_pipeline: bool,
    pub pass_statistics: bool,
    pub print_ir: strata_pass::instrument::IrPrinting,
    /// `--mlir-print-ir-module-scope` (see `main.rs`: refused).
    pub print_module_scope: bool,
    /// Hidden, for tests only: load the `strata_test` dialect, whose
    /// canonicalization patterns never converge.
    pub load_test_dialect: bool,
    /// Options this layer does not know, in order: pass flags (`-cse`,
    /// `--canonicalize=top-down=false`) or errors.
    pub unknown: Vec<String>,
}

pub fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options { verify_each: true, ..Options::default() };
    let mut it = args.into_iter().peekable();
    let mut positional_only = false;
    while let Some(arg) = it.next() {
        if positional_only || arg == "-" || !arg.starts_with('-') {
            if o.input.is_some() {
                return Err("Too many positional arguments specified! Can specify at most 1 positional argument: See: strata-opt --help".to_string());
            }
            o.input = Some(arg);
            continue;
        }
        if arg == "--" {
            positional_only = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or_else(|| arg.strip_prefix('-').unwrap());
        let (name, inline_value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let mut value = || -> Result<String, String> {
            if let Some(v) = &inline_value {
                return Ok(v.clone());
            }
            it.next().ok_or_else(|| format!("Not enough positional command line arguments specified!\nMust specify at least 1 positional argument: option '{name}' requires a value"))
        };
        let flag = |v: &Option<String>| -> Result<bool, String> {
            match v.as_deref() {
                None | Some("true") | Some("1") | Some("TRUE") | Some("True") => Ok(true),
                Some("false") | Some("0") | Some("FALSE") | Some("False") => Ok(false),
                Some(other) => Err(format!("'{other}' is invalid value for boolean argument! Try 0 or 1")),
            }
        };
        match name {
            "o" => o.output = Some(value()?),
            // A string option with an optional value, as in mlir-opt: no
            // value (or an empty one) means the default marker.
            "split-input-file" => {
                let marker = inline_value
                    .clone()
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| crate::split::DEFAULT_MARKER.to_string());
                crate::split::check_marker(&marker)?;
                o.split_input_file = Some(marker);
            }
            "output-split-marker" => o.output_split_marker = Some(value()?),
            "mlir-print-op-generic" => o.print_generic = flag(&inline_value)?,
            "allow-unregistered-dialect" => o.allow_unregistered = flag(&inline_value)?,
            "mlir-print-debuginfo" => o.debug_info = flag(&inline_value)?,
            "verify-diagnostics" => o.verify_diagnostics = flag(&inline_value)?,
            "no-implicit-module" => o.no_implicit_module = flag(&inline_value)?,
            "mlir-print-local-scope" => o.local_scope = flag(&inline_value)?,
            "mlir-elide-elementsattrs-if-larger" => {
                let v = value()?;
                o.elide_elements_larger =
                    Some(v.parse().map_err(|_| format!("'{v}' value invalid for uint argument!"))?);
            }
            "pass-pipeline" => o.pass_pipeline = Some(value()?),
            "show-dialects" => o.show_dialects = flag(&inline_value)?,
            "list-passes" => o.list_passes = flag(&inline_value)?,
            "emit-bytecode" => o.emit_bytecode = flag(&inline_value)?,
            "mlir-disable-diagnostic-notes" => o.disable_diagnostic_notes = flag(&inline_value)?,
            "mlir-very-unsafe-disable-verifier-on-parsing" => o.skip_verify_on_parse = flag(&inline_value)?,
            "mlir-print-assume-verified" => o.print_assume_verified = flag(&inline_value)?,
            "mlir-print-skip-regions" => o.print_skip_regions = flag(&inline_value)?,
            "mlir-print-unique-ssa-ids" => o.print_unique_ssa_ids = flag(&inline_value)?,
            "mlir-print-value-users" => o.print_value_users = flag(&inline_value)?,
            "mlir-pretty-debuginfo" => o.pretty_debuginfo = flag(&inline_value)?,
            "mlir-use-nameloc-as-prefix" => o.use_nameloc_as_prefix = flag(&inline_value)?,
            "mlir-print-elementsattrs-with-hex-if-larger" => {
                let v = value()?;
                o.hex_if_larger = Some(v.parse().map_err(|_| format!("for the --mlir-print-elementsattrs-with-hex-if-larger option: '{v}' value invalid for long argument!"))?);
            }
            "mlir-timing" => o.timing = flag(&inline_value)?,
            // Only the list display exists; the tree display is accepted.
            "mlir-timing-display" => {
                value()?;
            }
            "mlir-disable-threading" => o.disable_threading = flag(&inline_value)?,
            "verify-each" => o.verify_each = flag(&inline_value)?,
            "dump-pass-pipeline" => o.dump_pass_pipeline = flag(&inline_value)?,
            "mlir-pass-statistics" => o.pass_statistics = flag(&inline_value)?,
            "mlir-pass-statistics-display" => {
                value()?;
            }
            "mlir-print-ir-before-all" => o.print_ir.before_all = flag(&inline_value)?,
            "mlir-print-ir-after-all" => o.print_ir.after_all = flag(&inline_value)?,
            "mlir-print-ir-after-change" => o.print_ir.after_change = flag(&inline_value)?,
            "mlir-print-ir-after-failure" => o.print_ir.after_failure = flag(&inline_value)?,
            "mlir-print-ir-before" => o.print_ir.before.extend(value()?.split(',').map(str::to_string)),
            "mlir-print-ir-after" => o.print_ir.after.extend(value()?.split(',').map(str::to_string)),
            "mlir-print-ir-module-scope" => o.print_module_scope = flag(&inline_value)?,
            // Hidden (not in --help): tests of the canonicalizer's iteration limit.
            "strata-load-test-dialect" => o.load_test_dialect = flag(&inline_value)?,
            "version" => o.show_version = true,
            "help" | "h" | "help-hidden" => o.show_help = true,
            _ => o.unknown.push(arg.clone()),
        }
    }
    Ok(o)
}

pub const HELP: &str = "OVERVIEW: Strata modular optimizer driver (an mlir-opt work-alike)

USAGE: strata-opt [options] <input file>

OPTIONS:
  -o <filename>                               Output filename (default: stdout)
  --allow-unregistered-dialect                Allow operations of unregistered dialects
  --mlir-elide-elementsattrs-if-larger=<uint> Elide ElementsAttrs with more elements than this
  --mlir-print-debuginfo                      Print debug info (locations) in MLIR output
  --mlir-print-local-scope                    Print types and attributes inline, without aliases
  --mlir-print-op-generic                     Print the generic op form
  --no-implicit-module                        Do not wrap the input in a builtin.module
  --split-input-file[=<marker>]               Split the input on the marker (default '// -----') and process each chunk
  --output-split-marker=<marker>              Print this between the chunks' outputs (default '// -----')
  --verify-diagnostics                        Check that emitted diagnostics match expected-* lines
  --pass-pipeline=<pipeline>                  A textual pass pipeline: 'builtin.module(func.func(cse))'
  --<pass>[=<options>]                        Add a pass (implicitly nested), e.g. -cse, --canonicalize=top-down=false
  --verify-each=<bool>                        Verify the IR after each pass (default true)
  --mlir-disable-threading                    Run passes on one thread
  --mlir-timing                               Print an execution time report to stderr
  --mlir-pass-statistics                      Print pass statistics to stderr
  --dump-pass-pipeline                        Print the pass pipeline to stderr before running it
  --mlir-print-ir-before-all                  Print the IR before each pass
  --mlir-print-ir-after-all                   Print the IR after each pass
  --mlir-print-ir-after-change                Print the IR after each pass that changed it
  --mlir-print-ir-after-failure               Print the IR after a pass fails
  --mlir-print-ir-before=<pass,...>           Print the IR before the named passes
  --mlir-print-ir-after=<pass,...>            Print the IR after the named passes
  --mlir-print-elementsattrs-with-hex-if-larger=<long>
                                              Print dense elements with more elements than this as hex (-1: never; default 100)
  --mlir-print-assume-verified                Print the custom form without verifying first (unverified IR otherwise prints generically)
  --mlir-print-skip-regions                   Print ops without their regions ({...})
  --mlir-print-unique-ssa-ids                 Number values and blocks uniquely across all regions
  --mlir-print-value-users                    Print the users of results and block arguments as comments
  --mlir-pretty-debuginfo                     Print locations without loc(...) (with --mlir-print-debuginfo)
  --mlir-use-nameloc-as-prefix                Name SSA values after their NameLoc locations
  --mlir-disable-diagnostic-notes             Drop notes emitted on their own (notes attached to an error still print)
  --mlir-very-unsafe-disable-verifier-on-parsing
                                              Do not verify the IR after parsing
  --show-dialects                             Print the registered dialects and exit
  --list-passes                               Print the registered passes and their options and exit
  --emit-bytecode                             Not supported: Strata writes MLIR text only (exits with an error)
  --version                                   Display the version of this program
  --help                                      Display available options

Options take one or two leading dashes; values follow '=' or come as the next argument.
";

//! `toyc`: the Toy compiler of MLIR's tutorial, chapters selected with
//! `-chapter=N` (default 7). See `toy::driver` for what each flag does.

use std::io::Write;
use std::process::ExitCode;

use toy::driver::{run, Emit, Options};

const USAGE: &str = "OVERVIEW: toy compiler

USAGE: toyc [options] <input toy file>...

OPTIONS:
  -chapter=<N>              - Behave as toyc-chN of the tutorial (1-7, default 7)
  -emit=<value>             - Select the kind of output desired
    =ast                    -   output the AST dump
    =mlir                   -   output the MLIR dump
    =mlir-affine            -   output the MLIR dump after affine lowering
    =jit                    -   JIT the code and run it by invoking the main function
  -opt                      - Enable optimizations
  -x=<value>                - Decided the kind of output desired
    =toy                    -   load the input file as a Toy source.
    =mlir                   -   load the input file as an MLIR file
  --mlir-print-debuginfo    - Print debug info in MLIR output
  --mlir-print-op-generic   - Print the generic op form
  --mlir-elide-elementsattrs-if-larger=<uint> - Elide ElementsAttrs with more elements than this
  --version                 - Display the version of this program
";

/// Options and the input files. Unlike the tutorial's tool, `toyc` accepts
/// several inputs (`toyc examples/toy/*.toy -emit=jit`) and compiles each in
/// turn with the same options, as if run once per file.
/// What the command line asks for.
enum Action {
    Run(Options, Vec<String>),
    Help,
    Version,
}

fn parse_args(args: Vec<String>) -> Result<Action, String> {
    let mut opts = Options {
        input: "-".into(),
        emit: None,
        opt: false,
        input_is_mlir: None,
        debug_info: false,
        generic: false,
        elide_elements_larger: None,
        chapter: 7,
    };
    let mut emit_text: Option<String> = None;
    let mut inputs = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "-" || !a.starts_with('-') {
            inputs.push(a);
            continue;
        }
        let flag = a.trim_start_matches('-');
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (flag, None),
        };
        let mut value_or_next = |value: Option<String>| {
            value.or_else(|| it.next()).ok_or(format!("toyc: for the --{name} option: requires a value!"))
        };
        match name {
            "help" | "h" => return Ok(Action::Help),
            "version" => return Ok(Action::Version),
            "emit" => emit_text = Some(value_or_next(value)?),
            "x" => {
                let v = value_or_next(value)?;
                opts.input_is_mlir = Some(match v.as_str() {
                    "toy" => false,
                    "mlir" => true,
                    _ => return Err(format!("toyc: for the -x option: Cannot find option named '{v}'!")),
                });
            }
            "opt" => opts.opt = true,
            "mlir-print-debuginfo" => opts.debug_info = true,
            "mlir-print-op-generic" => opts.generic = true,
            "mlir-elide-elementsattrs-if-larger" => {
                let v = value_or_next(value)?;
                match v.parse::<usize>() {
                    Ok(n) => opts.elide_elements_larger = Some(n),
                    Err(_) => return Err(format!("toyc: for the --mlir-elide-elementsattrs-if-larger option: '{v}' value invalid for uint argument!")),
                }
            }
            "chapter" => {
                let v = value_or_next(value)?;
                opts.chapter = match v.parse::<u32>() {
                    Ok(n) if (1..=7).contains(&n) => n,
                    _ => {
                        return Err(format!("toyc: for the --chapter option: '{v}' is not a chapter between 1 and 7!"))
                    }
                };
            }
            _ => return Err(format!("toyc: Unknown command line argument '{a}'.  Try: 'toyc --help'")),
        }
    }
    if let Some(e) = emit_text {
        match Emit::parse(&e).filter(|x| x.available_in(opts.chapter)) {
            Some(x) => opts.emit = Some(x),
            None => return Err(format!("toyc: for the --emit option: Cannot find option named '{e}'!")),
        }
    }
    // toyc-ch1 and toyc-ch2 have no -opt flag.
    if opts.opt && opts.chapter < 3 {
        return Err("toyc: Unknown command line argument '-opt'.  Try: 'toyc --help'".into());
    }
    if opts.input_is_mlir.is_some() && opts.chapter < 2 {
        return Err("toyc: Unknown command line argument '-x'.  Try: 'toyc --help'".into());
    }
    if inputs.is_empty() {
        inputs.push("-".into());
    }
    Ok(Action::Run(opts, inputs))
}

/// Parsing, code generation and printing recurse over nesting (as the
/// tutorial's do); the worker thread's stack leaves room for deep inputs.
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    match std::thread::Builder::new().stack_size(STACK_BYTES).spawn(run_main) {
        Ok(h) => h.join().unwrap_or(ExitCode::FAILURE),
        Err(e) => {
            eprintln!("toyc: could not start worker thread: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_main() -> ExitCode {
    let (mut opts, inputs) = match parse_args(std::env::args().skip(1).collect()) {
        Ok(Action::Run(opts, inputs)) => (opts, inputs),
        Ok(Action::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Action::Version) => {
            println!("toyc (Strata {}): the Toy tutorial compiler, chapters 1-7", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    // The first failing input decides the exit status; later inputs still run.
    let mut status = 0;
    for input in inputs {
        opts.input = input;
        let outcome = run(&opts);
        let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
        if status == 0 {
            status = outcome.status;
        }
    }
    ExitCode::from(status as u8)
}

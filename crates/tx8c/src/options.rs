//! The `tx8c` command line.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

/// Element type of weights and activations on the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Dtype {
    Bf16,
    Fp16,
    Fp32,
}

impl Dtype {
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Bf16 => "bf16",
            Dtype::Fp16 => "fp16",
            Dtype::Fp32 => "fp32",
        }
    }
}

/// How far to compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// Print the imported graph (stablehlo dialect) and stop.
    Stablehlo,
    /// Print the scheduled backend IR (tx8be dialect) and stop.
    Tx8be,
    /// Write main.c, weights.bin and model.json (the default).
    C,
}

/// Where `--run` runs the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RunTarget {
    /// The TX8 C model, through tx8-run.
    Cmodel,
    /// The reference interpreter: tx8be IR on the CPU through the Compute interface.
    Reference,
}

/// tx8c: compile an ONNX model (or StableHLO / tx8be MLIR text) for TX8,
/// and optionally run it on the C model and compare its outputs.
#[derive(Debug, Parser)]
#[command(name = "tx8c", version, about, long_about = None)]
pub struct Options {
    /// The model: .onnx, or .mlir holding stablehlo or tx8be IR.
    pub model: PathBuf,

    /// Output directory (main.c, weights.bin, model.json, run.json, ...).
    #[arg(short = 'o', long = "output", value_name = "OUTDIR")]
    pub out_dir: Option<PathBuf>,

    /// Element type of weights and activations on the card.
    #[arg(long, value_enum, default_value = "bf16")]
    pub dtype: Dtype,

    /// What to produce. stablehlo and tx8be print IR (to OUTDIR/model.<emit>.mlir with -o, else stdout).
    #[arg(long, value_enum, default_value = "c")]
    pub emit: Emit,

    /// Run the compiled program (on the C model by default; `--run=reference` runs the tx8be IR on the CPU).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "cmodel")]
    pub run: Option<RunTarget>,

    /// Inputs as .npz keyed by the model's input names (default: seeded random data).
    #[arg(long, value_name = "X.npz")]
    pub inputs: Option<PathBuf>,

    /// Seed for random inputs when --inputs is not given.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Compare the outputs with a reference .npz (implies --run); exits 1 when one fails.
    #[arg(long, value_name = "REF.npz")]
    pub compare: Option<PathBuf>,

    /// With --compare and a bf16/fp16 --dtype: the same outputs at the card's precision from an independent runtime (every weight, input and intermediate rounded to the dtype, fp32 arithmetic), each array of the output's shape or with a leading axis of realisations, the worst of which counts. Where they fall below the fixed thresholds, an output passes within 3 dB of them.
    #[arg(long, value_name = "FLOOR.npz", requires = "compare")]
    pub compare_floor: Option<PathBuf>,

    /// Store every group's output and compare it with the reference interpreter's, naming the first op that diverges (implies --run).
    #[arg(long)]
    pub compare_all: bool,

    /// Write a per-group HTML report (pictures of the cycles per group, the
    /// tiles' engine activity, SPM occupancy and the roofline; then estimated
    /// and simulated cycles, roofline, DDR bytes, SPM, schedule per group;
    /// implies --run). Without -o, the outputs go next to it.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,

    /// Shape for an input whose dims are symbolic: NAME=1x3x224x224 (repeatable).
    #[arg(long = "input-shape", value_name = "NAME=DIMS")]
    pub input_shapes: Vec<String>,

    /// Hardware figures (TOML) overriding ../shared/tx8/hardware.md's defaults; without it, a
    /// tx8be input's #tx8be.target names the card. Compilation and the C model both use it.
    #[arg(long, value_name = "HW.toml")]
    pub config: Option<PathBuf>,

    /// Print the IR after every pass (as strata-opt's flag).
    #[arg(long = "mlir-print-ir-after-all")]
    pub print_ir_after_all: bool,

    /// Report the time of every pass (as strata-opt's flag).
    #[arg(long = "mlir-timing")]
    pub timing: bool,

    /// Print the pass pipeline to stderr before running it (as strata-opt's
    /// flag): strata-opt --pass-pipeline replays it on the module tx8c
    /// imported (for ONNX input, its --emit=stablehlo output).
    #[arg(long = "dump-pass-pipeline")]
    pub dump_pass_pipeline: bool,

    /// Test hook: scale weight constant N by 1.5 on the card only (for checking --compare-all).
    #[arg(long = "debug-perturb-const", hide = true)]
    pub debug_perturb_const: Option<usize>,

    /// No progress bars.
    #[arg(short, long)]
    pub quiet: bool,

    /// Write into OUTDIR even when it holds files tx8c did not write (tx8c's
    /// own earlier files there are replaced either way).
    #[arg(long)]
    pub force: bool,
}

//! Passes by their command-line names, with descriptions and option help
//! (what `--help` lists and what pipelines resolve against).

use crate::pass::{Pass, PassOptions};

/// Builds a pass from its options.
pub type PassCtor = fn(&PassOptions) -> Result<Box<dyn Pass>, String>;

#[derive(Clone)]
pub struct PassInfo {
    pub argument: &'static str,
    pub description: &'static str,
    /// `(option, help)` pairs for `--help` and `--list-passes`, the option
    /// spelled as mlir-opt lists it (`max-iterations=<long>`); an entry
    /// starting with `=` is a value of the enumerated option before it.
    pub options: &'static [(&'static str, &'static str)],
    pub ctor: PassCtor,
}

#[derive(Clone, Default)]
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    pub fn register(&mut self, info: PassInfo) {
        self.passes.retain(|p| p.argument != info.argument);
        self.passes.push(info);
        self.passes.sort_by_key(|p| p.argument);
    }
    pub fn get(&self, argument: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.argument == argument)
    }
    pub fn iter(&self) -> impl Iterator<Item = &PassInfo> {
        self.passes.iter()
    }
    /// Creates the pass `argument` with options text (`max-iterations=3`).
    pub fn create(&self, argument: &str, options: &str) -> Result<Box<dyn Pass>, String> {
        let info = self
            .get(argument)
            .ok_or_else(|| format!("'{argument}' does not refer to a registered pass or pass pipeline"))?;
        let opts = PassOptions::parse(options)?;
        (info.ctor)(&opts)
    }
    /// The `--help` section listing passes, in LLVM's option style.
    pub fn help_text(&self) -> String {
        let mut s = String::from("  Passes:\n");
        for p in &self.passes {
            s.push_str(&format!("      --{:<40} - {}\n", p.argument, p.description));
            for (o, h) in p.options {
                match o.strip_prefix('=') {
                    Some(value) => s.push_str(&format!("          ={:<36} -   {}\n", value, h)),
                    None => s.push_str(&format!("        --{:<38} - {}\n", o, h)),
                }
            }
        }
        s
    }

    /// What `--list-passes` prints: mlir-opt's layout (pass lines, their
    /// options indented below, enumerated values as `=value` lines), with
    /// the description column after the longest entry.
    pub fn list_passes_text(&self) -> String {
        let entry = |o: &str| if o.starts_with('=') { 4 + o.len() } else { 6 + o.len() };
        let width = self
            .passes
            .iter()
            .flat_map(|p| std::iter::once(4 + p.argument.len()).chain(p.options.iter().map(|(o, _)| entry(o))))
            .max()
            .unwrap_or(0)
            + 4;
        let mut s = String::from("Passes:\n");
        for p in &self.passes {
            s.push_str(&format!("{:<width$}-   {}\n", format!("  --{}", p.argument), p.description));
            for (o, h) in p.options {
                match o.strip_prefix('=') {
                    // LLVM prints enumerated values two columns further left.
                    Some(_) => s.push_str(&format!("{:<w$}-   {}\n", format!("    {o}"), h, w = width - 2)),
                    None => s.push_str(&format!("{:<width$}- {}\n", format!("    --{o}"), h)),
                }
            }
        }
        s
    }
}
